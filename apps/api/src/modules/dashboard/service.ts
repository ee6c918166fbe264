import type { Kysely } from 'kysely';
import type { DashboardResposta, DashboardVenda } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { today } from '../../lib/clock.js';
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
  now: Date = new Date(),
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
  const vendas: DashboardVenda[] = perShop
    .sort(
      (a, b) =>
        b.ano - a.ano ||
        b.centavos - a.centavos ||
        byName.compare(a.nome, b.nome) ||
        a.id_estabelecimento - b.id_estabelecimento,
    )
    .map(presentShopYear);

  return { estatisticas: presentStatistics(users, shops, camps, totals), campanhas: current, vendas };
}
