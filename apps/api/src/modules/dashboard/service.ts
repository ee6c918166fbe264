import type { Kysely } from 'kysely';
import {
  DASHBOARD_LOJAS_POR_ANO,
  type DashboardResposta,
  type DashboardVenda,
  type DashboardVendasPagina,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { now as clockNow, today } from '../../lib/clock.js';
import type { AuthUser } from '../auth/types.js';
import * as campaigns from '../campaigns/service.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import { presentShopYear, presentStatistics } from './presenter.js';
import * as repo from './repository.js';

/** "Online" is a user seen within this window (domain §11). */
const ONLINE_WINDOW_MS = 15 * 60_000;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * The admin dashboard of a city (domain §11): the super-admin any city, an admin its own.
 * Every figure is an SQL aggregate, the sales' ones over the running totals the database keeps
 * (repository.ts); the per-year rows are newest year first and, within a year, by total
 * (highest first), then name.
 */
export async function dashboardOf(
  db: Kysely<Database>,
  user: AuthUser,
  query: { cod_cidade?: number; codcidade?: number },
  now: Date = clockNow(),
): Promise<DashboardResposta> {
  const codCidade = requestedAdminCity(user, query);
  const day = today(now);
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();

  const [users, shops, camps, perShop, current] = await Promise.all([
    repo.countUsers(db, codCidade, since),
    repo.countShops(db, codCidade),
    repo.countCampaigns(db, codCidade, day),
    repo.salesByYearAndShop(db, codCidade),
    campaigns.listCurrent(db, codCidade, day),
  ]);

  // The city's totals are the sums of the per-year, per-shop ones (integers, exact).
  const totals = { vendas: 0, centavos: 0 };
  for (const r of perShop) {
    totals.vendas += r.vendas;
    totals.centavos += r.centavos;
  }
  // Per year, the first cards only (a city's 2,000 shops made a 559 kB answer); the rest by page.
  const vendas: DashboardVenda[] = [];
  let year = 0;
  let inYear = 0;
  for (const r of sortShopYears(perShop)) {
    inYear = r.ano === year ? inYear + 1 : 1;
    year = r.ano;
    if (inYear <= DASHBOARD_LOJAS_POR_ANO) vendas.push(presentShopYear(r));
  }

  return { estatisticas: presentStatistics(users, shops, camps, totals), campanhas: current, vendas };
}

type ShopYear = Awaited<ReturnType<typeof repo.salesByYearAndShop>>[number];

/** Newest year first and, within a year, by total (highest first), then name, then id. */
function sortShopYears(rows: ShopYear[]): ShopYear[] {
  return rows.sort(
    (a, b) =>
      b.ano - a.ano ||
      b.centavos - a.centavos ||
      byName.compare(a.nome, b.nome) ||
      a.id_estabelecimento - b.id_estabelecimento,
  );
}

/** A page of a year's shop cards, in the dashboard's order (the admin city's, as the dashboard). */
export async function shopYearPage(
  db: Kysely<Database>,
  user: AuthUser,
  query: { cod_cidade?: number; codcidade?: number; ano: number; pagina: number; limite: number },
): Promise<DashboardVendasPagina> {
  const codCidade = requestedAdminCity(user, query);
  const rows = sortShopYears(await repo.salesByYearAndShop(db, codCidade, query.ano));
  const start = (query.pagina - 1) * query.limite;
  return {
    ano: query.ano,
    total: rows.length,
    pagina: query.pagina,
    limite: query.limite,
    itens: rows.slice(start, start + query.limite).map(presentShopYear),
  };
}
