import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * How another module reads the sales module's table (issue 50). `vendas` is the sales module's:
 * a query elsewhere names the table through `salesTable` and a live sale through `liveSale`, so
 * the table's name and the rule of a live sale are written here only (a lint rule in
 * eslint.config.js refuses the name outside modules/sales; the module's own queries use
 * `liveSale` too). The SQL is the same as when the name was written in place, so every index
 * keeps its use.
 */

/** The `vendas` table, for a FROM or a JOIN: `salesTable('v')` is `vendas as v`. */
export function salesTable(): 'vendas';
export function salesTable<A extends string>(alias: A): `vendas as ${A}`;
export function salesTable(alias?: string): string {
  return alias === undefined ? 'vendas' : `vendas as ${alias}`;
}

/**
 * A live sale: one not deleted (`excluida_em` null; a deleted sale stays as the record of its
 * voided coupons). `alias` is the sale's alias in the query; without one, the bare column.
 */
export const liveSale = (alias?: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(alias === undefined ? 'excluida_em' : `${alias}.excluida_em`)} is null`;

/**
 * The ids of the sales (deleted ones too) of a campaign or of a shop: a subquery for `exists`
 * or `in` (the very SQL its callers wrote in place).
 */
export const saleIdsOf = (db: Kysely<Database>, column: 'id_campanha' | 'id_estabelecimento', id: number) =>
  db.selectFrom('vendas').select('id_venda').where(column, '=', id);
