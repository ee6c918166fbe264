import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/**
 * SQL of the admin notices (issue 7). Every function takes `db` or a transaction first, so
 * the service runs several in one transaction.
 */

const noticeColumns = ['id_aviso', 'cod_cidade', 'type', 'title', 'body', 'image', 'validade'] as const;

export interface NoticeFilter {
  codCidade: number;
  /** A LIKE pattern (escaped with `\`, lower case) matched against the lower-cased title. */
  like?: string;
  /** With `like`: also the notice of this id. */
  id?: number;
}

/**
 * Every notice of a city, valid or not, newest first (id desc), one page and the total.
 * `lower()` on both sides: Unicode-aware in PostgreSQL, ASCII in SQLite, the same on both
 * sides of the comparison in each.
 */
export async function listByCity(
  db: Kysely<Database>,
  f: NoticeFilter,
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('avisos').where('cod_cidade', '=', f.codCidade);
  const { like, id } = f;
  if (like !== undefined) {
    q = q.where((eb) => {
      const text = eb(sql<string>`lower(title)`, 'like', sql<string>`${like} escape '\\'`);
      return id === undefined ? text : eb.or([eb('id_aviso', '=', id), text]);
    });
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(noticeColumns)
    .orderBy('id_aviso', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function findNotice(db: Kysely<Database>, idAviso: number) {
  return db.selectFrom('avisos').select(noticeColumns).where('id_aviso', '=', idAviso).executeTakeFirst();
}

export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

/** The notice, locked for the rest of the transaction in PostgreSQL (SQLite has one writer). */
export function lockNotice(trx: Kysely<Database>, dialect: Dialect, idAviso: number) {
  const q = trx.selectFrom('avisos').select(noticeColumns).where('id_aviso', '=', idAviso);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

export type NoticeValues = Omit<NoticeRow, 'id_aviso'>;

export async function insertNotice(trx: Kysely<Database>, v: NoticeValues, at: string): Promise<number> {
  const { id_aviso } = await trx
    .insertInto('avisos')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .returning('id_aviso')
    .executeTakeFirstOrThrow();
  return id_aviso;
}

export async function updateNotice(
  trx: Kysely<Database>,
  idAviso: number,
  v: NoticeValues,
  at: string,
): Promise<void> {
  await trx
    .updateTable('avisos')
    .set({ ...v, atualizado_em: at })
    .where('id_aviso', '=', idAviso)
    .execute();
}

export async function deleteNotice(trx: Kysely<Database>, idAviso: number): Promise<void> {
  await trx.deleteFrom('avisos').where('id_aviso', '=', idAviso).execute();
}
