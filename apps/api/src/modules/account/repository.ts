import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Finalidade } from './codes.js';
import { transaction } from '../../db/index.js';

export function findProfile(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuarios')
    .select([
      'id_usuario',
      'nome',
      'email',
      'whatsup',
      'senha_hash',
      'cpf_cifrado',
      'cpf_situacao',
      'cpf_definido_em',
    ])
    .where('id_usuario', '=', idUsuario)
    .where('removido_em', 'is', null)
    .executeTakeFirst();
}

/** Issue 52: the CPF an account holds now, and how (for a change of it). */
export function findHeldCpf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuarios')
    .select(['cpf_busca', 'cpf_situacao', 'cpf_definido_em'])
    .where('id_usuario', '=', idUsuario)
    .where('removido_em', 'is', null)
    .executeTakeFirst();
}

export async function updateProfile(
  db: Kysely<Database>,
  idUsuario: number,
  v: Partial<
    Pick<
      Updateable<Database['usuarios']>,
      | 'nome'
      | 'whatsup'
      | 'cpf_busca'
      | 'cpf_cifrado'
      | 'cpf_situacao'
      | 'cpf_definido_em'
      | 'cpf_comprovado_por'
    >
  >,
  at: string,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  await db
    .updateTable('usuarios')
    .set({ ...set, atualizado_em: at })
    .where('id_usuario', '=', idUsuario)
    .execute();
}

export async function setPassword(db: Kysely<Database>, idUsuario: number, hash: string, at: string) {
  await db
    .updateTable('usuarios')
    .set({ senha_hash: hash, atualizado_em: at })
    .where('id_usuario', '=', idUsuario)
    .execute();
}

/** Every session of a user but `keep` (null: all of them). */
export async function deleteSessions(db: Kysely<Database>, idUsuario: number, keep: number | null) {
  let q = db.deleteFrom('sessoes').where('id_usuario', '=', idUsuario);
  if (keep !== null) q = q.where('id_sessao', '!=', keep);
  await q.execute();
}

/** A live (not removed) user by e-mail (stored lower-case). */
export function findLiveByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nome', 'email'])
    .where('email', '=', email)
    .where('removido_em', 'is', null)
    .executeTakeFirst();
}

/**
 * Stores a new code (its hash) and ends the user's earlier unused codes of the same purpose
 * (they expire now); codes that expired more than a day ago are dropped.
 */
export async function insertCode(
  db: Kysely<Database>,
  row: { id_usuario: number; finalidade: Finalidade; codigo_hash: string; expira_em: string },
  now: string,
  dayAgo: string,
): Promise<void> {
  await transaction(db, async (trx) => {
    await trx
      .deleteFrom('codigos')
      .where('id_usuario', '=', row.id_usuario)
      .where('expira_em', '<', dayAgo)
      .execute();
    await trx
      .updateTable('codigos')
      .set({ expira_em: now })
      .where('id_usuario', '=', row.id_usuario)
      .where('finalidade', '=', row.finalidade)
      .where('usado_em', 'is', null)
      .where('expira_em', '>', now)
      .execute();
    await trx.insertInto('codigos').values(row).execute();
  });
}

/** A code by hash and purpose, with its (live) user's password hash. */
export function findCode(db: Kysely<Database>, codigoHash: string, finalidade: Finalidade) {
  return db
    .selectFrom('codigos as c')
    .innerJoin('usuarios as u', 'u.id_usuario', 'c.id_usuario')
    .select(['c.id', 'c.id_usuario', 'c.expira_em', 'c.usado_em', 'u.senha_hash', 'u.removido_em'])
    .where('c.codigo_hash', '=', codigoHash)
    .where('c.finalidade', '=', finalidade)
    .executeTakeFirst();
}

/** Marks a code used unless it already was; answers whether this call did. */
export async function consumeCode(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('codigos')
    .set({ usado_em: at })
    .where('id', '=', id)
    .where('usado_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
