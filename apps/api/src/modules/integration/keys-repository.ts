import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** API keys (issue 39): every query of the table `chaves_api`. */

export async function insertKey(
  db: Kysely<Database>,
  k: {
    id_usuario: number;
    id_estabelecimento: number;
    nome: string;
    inicio: string;
    chave_hash: string;
    criada_em: string;
  },
): Promise<number> {
  const { id_chave } = await db
    .insertInto('chaves_api')
    .values(k)
    .returning('id_chave')
    .executeTakeFirstOrThrow();
  return id_chave;
}

/** Issue 52: how many live (unrevoked) keys a partner holds. */
export async function countLiveKeys(trx: Kysely<Database>, idUsuario: number): Promise<number> {
  const row = await trx
    .selectFrom('chaves_api')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_usuario', '=', idUsuario)
    .where('revogada_em', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A partner's live keys with their shop's name, newest first (no secret is stored to leak). */
export function liveKeysOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('chaves_api as k')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'k.id_estabelecimento')
    .select([
      'k.id_chave',
      'k.nome',
      'k.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'k.inicio',
      'k.criada_em',
      'k.usada_em',
    ])
    .where('k.id_usuario', '=', idUsuario)
    .where('k.revogada_em', 'is', null)
    .orderBy('k.id_chave', 'desc')
    .execute();
}

export type KeyRow = Awaited<ReturnType<typeof liveKeysOf>>[number];

/** Revokes one of a partner's live keys at `at`: its name and shop, or undefined when there is none. */
export function revokeKey(db: Kysely<Database>, idUsuario: number, idChave: number, at: string) {
  return db
    .updateTable('chaves_api')
    .set({ revogada_em: at })
    .where('id_chave', '=', idChave)
    .where('id_usuario', '=', idUsuario)
    .where('revogada_em', 'is', null)
    .returning(['nome', 'id_estabelecimento'])
    .executeTakeFirst();
}

/**
 * The live key of this hash with its partner, if the partner is still a live partner linked to
 * the key's shop. One indexed read.
 */
export function findUsableKey(db: Kysely<Database>, chaveHash: string) {
  return db
    .selectFrom('chaves_api as k')
    .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .innerJoin('usuario_estabelecimentos as ue', (j) =>
      j
        .onRef('ue.id_usuario', '=', 'k.id_usuario')
        .onRef('ue.id_estabelecimento', '=', 'k.id_estabelecimento'),
    )
    .select(['k.id_chave', 'k.id_estabelecimento', 'k.usada_em', 'u.id_usuario', 'u.nome', 'u.cod_cidade'])
    .where('k.chave_hash', '=', chaveHash)
    .where('k.revogada_em', 'is', null)
    .where('u.removido_em', 'is', null)
    .where('u.parceiro', '=', 1)
    .executeTakeFirst();
}

export async function markKeyUsed(db: Kysely<Database>, idChave: number, at: string): Promise<void> {
  await db.updateTable('chaves_api').set({ usada_em: at }).where('id_chave', '=', idChave).execute();
}
