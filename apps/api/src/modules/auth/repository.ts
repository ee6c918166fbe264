import type { Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';

/** A login candidate with its city; e-mails are stored lower-case (users module). */
export function findUserForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('usuarios')
    .innerJoin('cidades', 'cidades.cod_cidade', 'usuarios.cod_cidade')
    .select([
      'usuarios.id_usuario',
      'usuarios.nome',
      'usuarios.email',
      'usuarios.senha_hash',
      'usuarios.cod_cidade',
      'cidades.cidade',
      'cidades.uf',
      'usuarios.parceiro',
      'usuarios.admin',
      'usuarios.superadmin',
    ])
    .where('usuarios.email', '=', email)
    .where('usuarios.removido_em', 'is', null)
    .executeTakeFirst();
}

export function linkedShops(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuario_estabelecimentos as ue')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ue.id_estabelecimento')
    .select(['e.id_estabelecimento', 'e.nome'])
    .where('ue.id_usuario', '=', idUsuario)
    .orderBy('e.nome')
    .execute();
}

const linkedShopRows = prepared((db) =>
  db
    .selectFrom('usuario_estabelecimentos')
    .select('id_estabelecimento')
    .where('id_usuario', '=', $(0))
    .orderBy('id_estabelecimento'),
);

export async function linkedShopIds(db: Kysely<Database>, idUsuario: number): Promise<number[]> {
  const rows = await linkedShopRows.run(db, [idUsuario]);
  return rows.map((r) => r.id_estabelecimento);
}

export async function insertSession(
  db: Kysely<Database>,
  row: { id_usuario: number; token_hash: string; expira_em: string; ip: string },
): Promise<void> {
  await db.insertInto('sessoes').values(row).execute();
}

export async function deleteExpiredSessions(
  db: Kysely<Database>,
  idUsuario: number,
  now: string,
): Promise<void> {
  await db.deleteFrom('sessoes').where('id_usuario', '=', idUsuario).where('expira_em', '<=', now).execute();
}

const sessionUser = prepared((db) =>
  db
    .selectFrom('sessoes as s')
    .innerJoin('usuarios as u', 'u.id_usuario', 's.id_usuario')
    .select([
      's.id_sessao',
      'u.id_usuario',
      'u.nome',
      'u.cod_cidade',
      'u.parceiro',
      'u.admin',
      'u.superadmin',
      'u.visto_em',
    ])
    .where('s.token_hash', '=', $(0))
    .where('s.expira_em', '>', $(1))
    .where('u.removido_em', 'is', null),
);

/** The live session of a token hash and its (not removed) user (every request: prepared). */
export async function findSessionUser(db: Kysely<Database>, tokenHash: string, now: string) {
  const [row] = await sessionUser.run(db, [tokenHash, now]);
  return row;
}

export async function deleteSession(db: Kysely<Database>, idSessao: number): Promise<void> {
  await db.deleteFrom('sessoes').where('id_sessao', '=', idSessao).execute();
}

export async function touchUser(db: Kysely<Database>, idUsuario: number, now: string): Promise<void> {
  await db.updateTable('usuarios').set({ visto_em: now }).where('id_usuario', '=', idUsuario).execute();
}
