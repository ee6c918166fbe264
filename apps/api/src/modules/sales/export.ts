import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_CONTEUDO,
  isRealDay,
  type Venda,
  type VendasAdmQuery,
  type VendasQuery,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import * as coupons from '../coupons/service.js';
import * as establishments from '../establishments/service.js';
import { adminShopLimit } from '../establishments/policy.js';
import { col, simNao } from '../exports/columns.js';
import { keysetPages } from '../exports/sources.js';
import type { ListaExportavel } from '../exports/service.js';
import type { Fonte } from '../exports/writers.js';
import { pageWindow, type Page } from '../shared/admin.js';
import * as adminRepo from './admin-repository.js';
import { presentSale } from './presenter.js';
import type { SaleViewRow } from './repository.js';
import { shopSalesFilter } from './service.js';

/**
 * The sales lists' exports (issue 39) and the admin list of the city's sales: a shop's sales
 * (`GET /v1/parceiro/vendas`, the partner's and the admin's screen) and the city's
 * (`GET /v1/adm/vendas`, filtered by campaign, shop and days).
 */

/**
 * A sale in a spreadsheet: what the sales screen shows. The recipient by name and id only, as
 * the screen: no CPF, e-mail or phone leaves (LGPD).
 */
const SALE_COLUMNS = [
  col<Venda>('ID da venda', 'id', (v) => v.id_venda),
  col<Venda>('Data', 'data', (v) => v.dat_venda),
  col<Venda>('Número da venda', 'texto', (v) => v.numero_venda, { largura: 16 }),
  col<Venda>('ID da campanha', 'id', (v) => v.id_campanha),
  col<Venda>('Campanha', 'texto', (v) => v.den_campanha, { largura: 28 }),
  col<Venda>('ID do estabelecimento', 'id', (v) => v.id_estabelecimento),
  col<Venda>('Estabelecimento', 'texto', (v) => v.nome_estabelecimento, { largura: 28 }),
  col<Venda>('ID do participante', 'id', (v) => (v.id_usuario > 0 ? v.id_usuario : null)),
  col<Venda>('Participante', 'texto', (v) => v.nomeusuarios, { largura: 28 }),
  col<Venda>('Vendedor', 'texto', (v) => v.nome_vendedor, { largura: 20 }),
  col<Venda>('Valor', 'dinheiro', (v) => v.valor_venda),
  col<Venda>('Pontos', 'decimal', (v) => v.pontos, { casas: 2 }),
  col<Venda>('Cashback', 'dinheiro', (v) => v.cashback),
  col<Venda>('Cupons', 'inteiro', (v) => v.cupons),
  col<Venda>('Aguardando resgate', 'texto', (v) => simNao(v.pendente)),
] as const;

/** A page of rows as the list presents them, with each sale's live coupons. */
async function presented(db: Kysely<Database>, rows: SaleViewRow[]): Promise<Venda[]> {
  const live = await coupons.liveCountBySale(
    db,
    rows.map((r) => r.id_venda),
  );
  return rows.map((r) => presentSale(r, live.get(r.id_venda) ?? 0));
}

/** A shop's sales list, every row (same filters and order as the screen's pages). */
async function shopSalesSource(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof VendasQuery>,
): Promise<Fonte<Venda>> {
  const f = await shopSalesFilter(db, user, q);
  return {
    contar: (cap) => adminRepo.countShopSales(db, f, cap),
    async *paginas() {
      for await (const page of keysetPages(
        (after: { dat_venda: string; id_venda: number } | undefined, size) =>
          adminRepo.shopSalesAfter(db, f, after, size),
        (r) => ({ dat_venda: r.dat_venda, id_venda: r.id_venda }),
      ))
        yield presented(db, page);
    },
  };
}

/** The city's sales filter: the city (403 another), its days checked, an admin's shops. */
async function citySalesFilter(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof VendasAdmQuery>,
): Promise<adminRepo.CitySalesFilter> {
  const codCidade = requestedAdminCity(user, q);
  for (const d of [q.de, q.ate]) if (d && !isRealDay(d)) throw new HttpError(400, MSG_CONTEUDO.dataInvalida);
  if (q.de && q.ate && q.de > q.ate) throw new HttpError(400, MSG_ADMIN.datasInvertidas);
  if (q.id_estabelecimento) await establishments.shopToRun(db, user, q.id_estabelecimento);
  return {
    codCidade,
    idCampanha: q.id_campanha || undefined,
    idEstabelecimento: q.id_estabelecimento || undefined,
    lojas: adminShopLimit(user),
    de: q.de,
    ate: q.ate,
  };
}

/** How far the admin list counts its total (X-Total-Count-Exact false past it). */
export const CITY_SALES_COUNT_CAP = 10_000;

/** `GET /v1/adm/vendas`: one page of the city's sales, newest registered first. */
export async function citySalesPage(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof VendasAdmQuery>,
): Promise<Page<Venda> & { exact: boolean }> {
  const f = await citySalesFilter(db, user, q);
  const [rows, total] = await Promise.all([
    adminRepo.citySalesPage(db, f, pageWindow(q)),
    adminRepo.countCitySales(db, f, CITY_SALES_COUNT_CAP),
  ]);
  return {
    itens: await presented(db, rows),
    total: Math.min(total, CITY_SALES_COUNT_CAP),
    exact: total <= CITY_SALES_COUNT_CAP,
  };
}

/** The city's sales list, every row, by keyset on the sale's id. */
async function citySalesSource(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof VendasAdmQuery>,
): Promise<Fonte<Venda>> {
  const f = await citySalesFilter(db, user, q);
  return {
    contar: (cap) => adminRepo.countCitySales(db, f, cap),
    async *paginas() {
      for await (const page of keysetPages(
        (after: number | undefined, size) => adminRepo.citySalesAfter(db, f, after, size),
        (r) => r.id_venda,
      ))
        yield presented(db, page);
    },
  };
}

/**
 * The two sales lists as files. Their large exports (2M rows for a city) run in a worker thread
 * that loads this module (modules/exports/thread.ts).
 */
export const SHOP_SALES_EXPORT: ListaExportavel<z.output<typeof VendasQuery>, Venda> = {
  lista: 'vendas',
  titulo: 'Vendas',
  arquivo: (q) => `vendas-estabelecimento-${q.id_estabelecimento}`,
  colunas: SALE_COLUMNS,
  fonte: shopSalesSource,
  modulo: import.meta.url,
};

export const CITY_SALES_EXPORT: ListaExportavel<z.output<typeof VendasAdmQuery>, Venda> = {
  lista: 'vendas-cidade',
  titulo: 'Vendas',
  arquivo: () => 'vendas',
  colunas: SALE_COLUMNS,
  fonte: citySalesSource,
  modulo: import.meta.url,
};
