import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { liveSale } from './live.js';
import {
  counted,
  filtered,
  saleView,
  viewColumns,
  type SaleViewRow,
  type SalesFilter,
} from './repository.js';

/**
 * Sales read for the admin list of the city (`GET /v1/adm/vendas`) and for the exports of the
 * sales lists (issue 39): pages by keyset, never by offset, so a 2-million-row export reads
 * each sale once.
 */

export interface CitySalesFilter {
  codCidade: number;
  idCampanha?: number;
  idEstabelecimento?: number;
  /** Only these shops (an admin linked to shops). */
  lojas?: number[];
  /** Days of the sale, inclusive. */
  de?: string;
  ate?: string;
}

/**
 * The city's sales. On SQLite the city is checked on each sale's shop (`+e.cod_cidade`: no
 * index), so SQLite walks the sales by their key in the list's order instead of gathering the
 * city's shops' sales and sorting them all for every page (20,000 sales on the bench's tiny
 * city: 1.9 s became 0.28 s). PostgreSQL reads the `+` as an expression it knows nothing of,
 * guessed 10 of the city's 2,000 shops and did just that gathering and sorting: 13.6 s a page
 * of the city's 2M-sale export. With the column as it is, its statistics make it walk
 * `vendas_pkey` backwards: 41–300 ms a page.
 */
function ofCity(db: Kysely<Database>, f: CitySalesFilter) {
  const city =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<number>`e.cod_cidade`
      : sql<number>`+e.cod_cidade`;
  let q = saleView(db).where(city, '=', f.codCidade).where(liveSale('v'));
  if (f.idCampanha !== undefined) q = q.where('v.id_campanha', '=', f.idCampanha);
  if (f.idEstabelecimento !== undefined) q = q.where('v.id_estabelecimento', '=', f.idEstabelecimento);
  if (f.lojas !== undefined) q = q.where('v.id_estabelecimento', 'in', f.lojas.length ? f.lojas : [0]);
  if (f.de !== undefined) q = q.where('v.dat_venda', '>=', f.de);
  if (f.ate !== undefined) q = q.where('v.dat_venda', '<=', f.ate);
  return q;
}

/** The same rows, only the joins the filter needs, for counting. */
function countedOfCity(db: Kysely<Database>, f: CitySalesFilter) {
  let q = db
    .selectFrom('vendas as v')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .where('e.cod_cidade', '=', f.codCidade)
    .where(liveSale('v'));
  if (f.idCampanha !== undefined) q = q.where('v.id_campanha', '=', f.idCampanha);
  if (f.idEstabelecimento !== undefined) q = q.where('v.id_estabelecimento', '=', f.idEstabelecimento);
  if (f.lojas !== undefined) q = q.where('v.id_estabelecimento', 'in', f.lojas.length ? f.lojas : [0]);
  if (f.de !== undefined) q = q.where('v.dat_venda', '>=', f.de);
  if (f.ate !== undefined) q = q.where('v.dat_venda', '<=', f.ate);
  return q;
}

/** How many sales of the city match, counted up to `cap` + 1 at most. */
export async function countCitySales(db: Kysely<Database>, f: CitySalesFilter, cap: number): Promise<number> {
  const inner = countedOfCity(db, f)
    .select('v.id_venda')
    .limit(cap + 1);
  const { n } = await db
    .selectFrom(inner.as('c'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The city's sales, newest registered first, after sale `after` (keyset on id_venda). */
export function citySalesAfter(
  db: Kysely<Database>,
  f: CitySalesFilter,
  after: number | undefined,
  size: number,
): Promise<SaleViewRow[]> {
  let q = ofCity(db, f);
  if (after !== undefined) q = q.where('v.id_venda', '<', after);
  return q.select(viewColumns).orderBy('v.id_venda', 'desc').limit(size).execute();
}

/** One page of the city's sales by offset (the screen's pages), newest registered first. */
export function citySalesPage(
  db: Kysely<Database>,
  f: CitySalesFilter,
  page: { offset: number; limit: number },
) {
  return ofCity(db, f)
    .select(viewColumns)
    .orderBy('v.id_venda', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** A shop's sales as its list orders them (day, then id, newest first), after `after`. */
export function shopSalesAfter(
  db: Kysely<Database>,
  f: SalesFilter,
  after: { dat_venda: string; id_venda: number } | undefined,
  size: number,
): Promise<SaleViewRow[]> {
  let q = filtered(db, f);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('v.dat_venda', '<', after.dat_venda),
        eb.and([eb('v.dat_venda', '=', after.dat_venda), eb('v.id_venda', '<', after.id_venda)]),
      ]),
    );
  return q
    .select(viewColumns)
    .orderBy('v.dat_venda', 'desc')
    .orderBy('v.id_venda', 'desc')
    .limit(size)
    .execute();
}

/** How many sales of a shop match, counted up to `cap` + 1 at most. */
export async function countShopSales(db: Kysely<Database>, f: SalesFilter, cap: number): Promise<number> {
  const inner = counted(db, f)
    .select('v.id_venda')
    .limit(cap + 1);
  const { n } = await db
    .selectFrom(inner.as('c'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
