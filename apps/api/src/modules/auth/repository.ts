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

/**
 * The live session of a token hash and its (not removed) user, one row per shop the user is
 * linked to (one row with a null shop when none): every request with a session runs it, so the
 * user and the shops come in one statement (decision 036).
 */
const sessionUser = prepared((db) =>
  db
    .selectFrom('sessoes as s')
    .innerJoin('usuarios as u', 'u.id_usuario', 's.id_usuario')
    .leftJoin('usuario_estabelecimentos as ue', 'ue.id_usuario', 'u.id_usuario')
    .select([
      's.id_sessao',
      'u.id_usuario',
      'u.nome',
      'u.cod_cidade',
      'u.parceiro',
      'u.admin',
      'u.superadmin',
      'u.visto_em',
      'ue.id_estabelecimento',
    ])
    .where('s.token_hash', '=', $(0))
    .where('s.expira_em', '>', $(1))
    .where('u.removido_em', 'is', null)
    .orderBy('ue.id_estabelecimento'),
);

export async function findSessionUser(db: Kysely<Database>, tokenHash: string, now: string) {
  const rows = await sessionUser.run(db, [tokenHash, now]);
  const [row] = rows;
  if (!row) return undefined;
  const estabelecimentos: number[] = [];
  for (const r of rows) if (r.id_estabelecimento !== null) estabelecimentos.push(r.id_estabelecimento);
  return { ...row, estabelecimentos };
}

export async function deleteSession(db: Kysely<Database>, idSessao: number): Promise<void> {
  await db.deleteFrom('sessoes').where('id_sessao', '=', idSessao).execute();
}

export async function touchUser(db: Kysely<Database>, idUsuario: number, now: string): Promise<void> {
  await db.updateTable('usuarios').set({ visto_em: now }).where('id_usuario', '=', idUsuario).execute();
}

/** Swaps a password's hash for one of today's setting, unless the password changed meanwhile. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  idUsuario: number,
  old: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({ senha_hash: hash })
    .where('id_usuario', '=', idUsuario)
    .where('senha_hash', '=', old)
    .execute();
}

/** Issue 52: a log-in challenge given out (challenge.ts). */
export async function insertChallenge(
  db: Kysely<Database>,
  row: { nonce: string; email: string; desafio: string; segredo: string; expira_em: string },
): Promise<void> {
  await db.insertInto('desafios_login').values(row).execute();
}

/** Takes a challenge given out for `email` out of the table (single use): it, or undefined. */
export function takeChallenge(db: Kysely<Database>, nonce: string, email: string) {
  return db
    .deleteFrom('desafios_login')
    .where('nonce', '=', nonce)
    .where('email', '=', email)
    .returning(['desafio', 'segredo', 'expira_em'])
    .executeTakeFirst();
}

/** Deletes the challenges that lapsed unredeemed: one index range. */
export async function deleteLapsedChallenges(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('desafios_login').where('expira_em', '<=', now).execute();
}
