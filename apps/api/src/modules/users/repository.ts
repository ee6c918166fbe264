import type { Kysely } from 'kysely';
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
