import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CHAVES_API_MAX,
  MSG,
  MSG_INTEGRACAO,
  PREFIXO_CHAVE,
  type ChaveCriada,
  type ChaveItem,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { now, nowIso } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { shopToRun } from '../establishments/service.js';
import type { SharedLimiter } from '../shared/rate-limiter.js';
import * as repo from './keys-repository.js';
import { mayMakeKeyFor } from './policy.js';
import { presentKey } from './presenter.js';
import * as users from '../users/service.js';

/**
 * API keys (issue 39, decision 050): a partner's key acts as that partner for one of its shops,
 * on the routes that accept keys (the partner sales routes) and nowhere else.
 *
 * A key is `praca_` and 32 random bytes in base64url (256 bits): a guess is hopeless, so a
 * slow password hash would only slow every request down. The database keeps an HMAC-SHA256 of
 * it (a keyed hash with a fixed label: a dump of the table alone neither shows a key nor lets
 * one be tried against a plain SHA-256 list); the key is shown once, when made.
 */

const HMAC_LABEL = 'praca:chave-api:v1';
export const keyHash = (key: string): string => createHmac('sha256', HMAC_LABEL).update(key).digest('hex');

/** Last use is written at most this often per key (not on every sale). */
const USED_EVERY_MS = 60_000;

/**
 * A new key for one of the partner's shops; 409 past CHAVES_API_MAX live keys of the partner
 * (issue 52), counted under a lock on the partner so that parallel requests cannot pass it.
 */
export async function create(
  db: Kysely<Database>,
  dialect: Dialect,
  user: AuthUser,
  body: { nome: string; id_estabelecimento: number },
  ip: string,
): Promise<ChaveCriada> {
  // A partner's own shop only: an admin's reach over its city does not make keys (403).
  const shop = await shopToRun(db, user, body.id_estabelecimento);
  if (!mayMakeKeyFor(user, shop.id_estabelecimento)) throw new HttpError(403, MSG.semPermissao);
  const chave = `${PREFIXO_CHAVE}${randomToken(32)}`;
  const criada_em = nowIso();
  return transaction(db, async (trx) => {
    await users.lockPersonRow(trx, dialect, user.id);
    if ((await repo.countLiveKeys(trx, user.id)) >= CHAVES_API_MAX)
      throw new HttpError(409, MSG_INTEGRACAO.limiteChaves.replace('{n}', String(CHAVES_API_MAX)));
    const id_chave = await repo.insertKey(trx, {
      id_usuario: user.id,
      id_estabelecimento: shop.id_estabelecimento,
      nome: body.nome,
      inicio: chave.slice(0, PREFIXO_CHAVE.length + 4),
      chave_hash: keyHash(chave),
      criada_em,
    });
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'chave_api',
      id_entidade: id_chave,
      depois: { nome: body.nome, id_estabelecimento: shop.id_estabelecimento },
      ip,
    });
    return { id_chave, chave };
  });
}

/** The partner's live keys, newest first, without their secrets. */
export async function list(db: Kysely<Database>, user: AuthUser): Promise<ChaveItem[]> {
  return (await repo.liveKeysOf(db, user.id)).map(presentKey);
}

/** Revokes one of the partner's keys: its next use is 401. 404 for another's key. */
export async function revoke(
  db: Kysely<Database>,
  user: AuthUser,
  idChave: number,
  ip: string,
): Promise<void> {
  await transaction(db, async (trx) => {
    const row = await repo.revokeKey(trx, user.id, idChave, nowIso());
    if (!row) throw new HttpError(404, MSG_INTEGRACAO.chaveNaoEncontrada);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'chave_api',
      id_entidade: idChave,
      antes: row,
      ip,
    });
  });
}

/**
 * The caller of a key: its partner, acting for the key's one shop only, or null when the key is
 * unknown or revoked, its partner removed or no longer a partner, or the shop no longer theirs.
 * One indexed read; `usada_em` written at most once a minute.
 */
export async function authenticateKey(db: Kysely<Database>, key: string): Promise<AuthUser | null> {
  const row = await repo.findUsableKey(db, keyHash(key));
  if (!row) return null;
  const at = now();
  if (!row.usada_em || Date.parse(row.usada_em) <= at.getTime() - USED_EVERY_MS) {
    await repo.markKeyUsed(db, row.id_chave, nowIso(at));
  }
  return {
    id: row.id_usuario,
    sessionId: 0,
    nome: row.nome,
    cod_cidade: row.cod_cidade,
    parceiro: true,
    admin: false,
    superadmin: false,
    estabelecimentos: [row.id_estabelecimento],
    chave: { id: row.id_chave },
  };
}

/** Counts one request of a key against its limit (429 past it), in the shared database counters. */
export const takeKeyRequest = (limiter: SharedLimiter, max: number, idChave: number) =>
  limiter.take([{ key: `k:${idChave}`, max }]);
