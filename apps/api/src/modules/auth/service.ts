import type { Kysely } from 'kysely';
import { MSG, type Sessao } from '@praca/contract';
import type { Database } from '../../db/types.js';
import {
  hashIsOutdated,
  hashingIdle,
  hashPassword,
  randomToken,
  sha256Hex,
  verifyPassword,
} from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import type { SharedLimiter } from '../shared/rate-limiter.js';
import { mayUseDoor } from './policy.js';
import { presentSessao } from './presenter.js';
import * as repo from './repository.js';
import type { AuthUser, LoginDoor } from './types.js';

const SEEN_EVERY_MS = 60_000;

export interface LoginInput {
  email: string;
  senha: string;
  door: LoginDoor;
  ip: string;
}

/** A hash to verify against when the e-mail is unknown, so both failures take as long. */
let decoy: Promise<string> | undefined;

/** How many failed logins a window allows (LOGIN_RATE_MAX, …_EMAIL, …_IP). */
export interface LoginLimits {
  limiter: SharedLimiter;
  /** Per address and e-mail together: the lock that guessing one password meets. */
  pair: number;
  /** Per e-mail alone and per address alone: far higher, to slow a spread-out attack. */
  email: number;
  ip: number;
}

/**
 * Checks e-mail and password at one of the three doors. Every failure is the same 401 and
 * counts against the (address, e-mail) pair, the e-mail and the address (issue 37); past a
 * limit the door answers 429 before looking at the password. Only the pair's limit is low, so
 * failures spread over many addresses do not lock the e-mail's owner out, nor one address's
 * failures the other people behind it.
 */
export async function login(
  db: Kysely<Database>,
  input: LoginInput,
  deps: { ttlHours: number; limits: LoginLimits },
): Promise<Sessao> {
  const email = input.email.trim().toLowerCase();
  const { limiter, pair, email: perEmail, ip: perIp } = deps.limits;
  const giveBack = await limiter.take([
    { key: `par:${input.ip}|${email}`, max: pair },
    { key: `email:${email}`, max: perEmail },
    { key: `ip:${input.ip}`, max: perIp },
  ]);

  const user = await repo.findUserForLogin(db, email);
  decoy ??= hashPassword(randomToken());
  const passwordOk = await verifyPassword(user ? user.senha_hash : await decoy, input.senha);
  const allowed =
    !!user &&
    passwordOk &&
    mayUseDoor(input.door, { parceiro: !!user.parceiro, admin: !!user.admin, superadmin: !!user.superadmin });
  if (!user || !allowed) throw new HttpError(401, MSG.loginInvalido);

  // A success is no failure: its attempt is taken back.
  await giveBack();
  // A hash of an older argon2id setting becomes today's, unless other hashes are waiting.
  if (user.senha_hash && hashIsOutdated(user.senha_hash) && hashingIdle())
    await repo.replacePasswordHash(db, user.id_usuario, user.senha_hash, await hashPassword(input.senha));
  const token = await startSession(db, user.id_usuario, input.ip, deps.ttlHours);
  await repo.touchUser(db, user.id_usuario, new Date().toISOString());
  return presentSessao(token, user, await repo.linkedShops(db, user.id_usuario));
}

/** A new session: the token goes to the client, only its hash is stored. */
export async function startSession(
  db: Kysely<Database>,
  idUsuario: number,
  ip: string,
  ttlHours: number,
): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await repo.deleteExpiredSessions(db, idUsuario, new Date(now).toISOString());
  await repo.insertSession(db, {
    id_usuario: idUsuario,
    token_hash: sha256Hex(token),
    expira_em: new Date(now + ttlHours * 3_600_000).toISOString(),
    ip,
  });
  return token;
}

/** The caller of a bearer token, or null when it is unknown, expired or its user removed. */
export async function authenticate(db: Kysely<Database>, token: string): Promise<AuthUser | null> {
  const now = new Date();
  const row = await repo.findSessionUser(db, sha256Hex(token), now.toISOString());
  if (!row) return null;
  // `visto_em` feeds the dashboard's "online": written at most once a minute per user.
  if (!row.visto_em || Date.parse(row.visto_em) <= now.getTime() - SEEN_EVERY_MS) {
    await repo.touchUser(db, row.id_usuario, now.toISOString());
  }
  return {
    id: row.id_usuario,
    sessionId: row.id_sessao,
    nome: row.nome,
    cod_cidade: row.cod_cidade,
    parceiro: !!row.parceiro,
    admin: !!row.admin || !!row.superadmin,
    superadmin: !!row.superadmin,
    estabelecimentos: row.estabelecimentos,
  };
}

export async function logout(db: Kysely<Database>, user: AuthUser): Promise<void> {
  await repo.deleteSession(db, user.sessionId);
}
