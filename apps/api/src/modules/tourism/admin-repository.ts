import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { tourismColumns, type TourismRow } from './presenter.js';

/**
 * SQL of the admin tourism guide (issue 7). Every function takes `db` or a transaction first,
 * so the service runs several in one transaction.
 */

export interface TourismFilter {
  codCidade: number;
  tipo?: number;
  /** A LIKE pattern (escaped with `\`, lower case) matched against the lower-cased description. */
  like?: string;
  /** With `like`: also the item of this id. */
  id?: number;
}

/**
 * A city's items (active or not, expired or not), of one type when asked, newest first
 * (id desc), one page and the total. `lower()` on both sides: Unicode-aware in PostgreSQL,
 * ASCII in SQLite, the same on both sides of the comparison in each.
 */
export async function listByCity(
  db: Kysely<Database>,
  f: TourismFilter,
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('turismo').where('cod_cidade', '=', f.codCidade);
  if (f.tipo !== undefined) q = q.where('tipo', '=', f.tipo);
  const { like, id } = f;
  if (like !== undefined) {
    q = q.where((eb) => {
      const text = eb(sql<string>`lower(descricao)`, 'like', sql<string>`${like} escape '\\'`);
      return id === undefined ? text : eb.or([eb('id_turismo', '=', id), text]);
    });
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(tourismColumns)
    .orderBy('id_turismo', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function findItem(db: Kysely<Database>, idTurismo: number) {
  return db
    .selectFrom('turismo')
    .select(tourismColumns)
    .where('id_turismo', '=', idTurismo)
    .executeTakeFirst();
}

/** The item, locked for the rest of the transaction in PostgreSQL (SQLite has one writer). */
export function lockItem(trx: Kysely<Database>, dialect: Dialect, idTurismo: number) {
  const q = trx.selectFrom('turismo').select(tourismColumns).where('id_turismo', '=', idTurismo);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

export type TourismValues = Omit<TourismRow, 'id_turismo'>;

export async function insertItem(trx: Kysely<Database>, v: TourismValues, at: string): Promise<number> {
  const { id_turismo } = await trx
    .insertInto('turismo')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .returning('id_turismo')
    .executeTakeFirstOrThrow();
  return id_turismo;
}

export async function updateItem(
  trx: Kysely<Database>,
  idTurismo: number,
  v: TourismValues,
  at: string,
): Promise<void> {
  await trx
    .updateTable('turismo')
    .set({ ...v, atualizado_em: at })
    .where('id_turismo', '=', idTurismo)
    .execute();
}

export async function deleteItem(trx: Kysely<Database>, idTurismo: number): Promise<void> {
  await trx.deleteFrom('turismo').where('id_turismo', '=', idTurismo).execute();
}
