import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, NovoUsuario } from '../../db/types.js';

/**
 * E-mails are stored lower-case and trimmed, so an equality on the unique index is the
 * case-insensitive check (domain §9) and stays fast.
 */
export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('email', '=', email)
    .executeTakeFirst();
  return !!row;
}

export async function insertUser(db: Kysely<Database>, row: NovoUsuario): Promise<number> {
  const { id_usuario } = await db
    .insertInto('usuarios')
    .values(row)
    .returning('id_usuario')
    .executeTakeFirstOrThrow();
  return id_usuario;
}

const customerColumns = ['id_usuario', 'nome', 'whatsup'] as const;

/**
 * Live users whose folded name starts with `folded`: a range on `usuarios_nome_busca_idx`
 * (collation "C" on PostgreSQL, binary on SQLite, so the range is exactly the prefix).
 */
export function searchByNamePrefix(db: Kysely<Database>, folded: string, end: string, limit: number) {
  return db
    .selectFrom('usuarios')
    .select(customerColumns)
    .where('removido_em', 'is', null)
    .where('nome_busca', '>=', folded)
    .where('nome_busca', '<', end)
    .orderBy('nome_busca')
    .orderBy('id_usuario')
    .limit(limit)
    .execute();
}

/** Live users whose folded name contains `pattern` (a LIKE pattern escaped with `\`). */
export function searchByNameContains(db: Kysely<Database>, pattern: string, skip: number[], limit: number) {
  let q = db
    .selectFrom('usuarios')
    .select(customerColumns)
    .where('removido_em', 'is', null)
    .where(sql<boolean>`nome_busca like ${pattern} escape '\\'`);
  if (skip.length) q = q.where('id_usuario', 'not in', skip);
  return q.orderBy('nome_busca').orderBy('id_usuario').limit(limit).execute();
}

/**
 * Live users whose phone (stored as digits) starts with `digits`, in the order of
 * `usuarios_whatsup_idx`, so the first 6 are read straight from the index.
 * PostgreSQL compares with collation "C" to match the index; SQLite's default is binary.
 */
export function searchByPhonePrefix(
  db: Kysely<Database>,
  dialect: Dialect,
  digits: string,
  end: string,
  limit: number,
) {
  const phone = dialect === 'postgres' ? sql<string>`(whatsup collate "C")` : sql<string>`whatsup`;
  return db
    .selectFrom('usuarios')
    .select(customerColumns)
    .where('removido_em', 'is', null)
    .where(phone, '>=', digits)
    .where(phone, '<', end)
    .orderBy(phone)
    .orderBy('id_usuario')
    .limit(limit)
    .execute();
}
