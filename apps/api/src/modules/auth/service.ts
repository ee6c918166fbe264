import type { Challenge } from 'altcha-lib';
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
import { now as clockNow, nowIso } from '../../lib/clock.js';
import { TooManyRequests, type SharedLimiter } from '../shared/rate-limiter.js';
import { challengeMax, issueChallenge, redeemChallenge, type ChallengeLevels } from './challenge.js';
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
  /** Issue 52: a solved log-in challenge (base64 ALTCHA payload). */
  altcha?: string;
}

/** A hash to verify against when the e-mail is unknown, so both failures take as long. */
let decoy: Promise<string> | undefined;

/** How many failed logins a window allows, and what a login needs past them (LOGIN_RATE_MAX, …_IP, LOGIN_DESAFIO_*). */
export interface LoginLimits {
  limiter: SharedLimiter;
  /** Per address and e-mail together: the lock that guessing one password meets. */
  pair: number;
  /** Per address alone: far higher, to slow one address trying many e-mails. */
  ip: number;
  /** Failures for one e-mail (any address) past which a login needs a solved challenge (issue 52). */
  challengeAfter: number;
  /** How hard the challenges get. */
  levels: ChallengeLevels;
  /** One notice to an e-mail's owner when its challenges start (a limiter of max 1 a day per e-mail). */
  notices: SharedLimiter;
  /** Sends that notice (a job: the answer does not wait for it, nor tells whether the e-mail exists). */
  warnOwner(email: string): Promise<void>;
}

const keysOf = (ip: string, email: string) => ({
  pair: `par:${ip}|${email}`,
  email: `email:${email}`,
  ip: `ip:${ip}`,
});

/**
 * Checks e-mail and password at one of the three doors. Every failure is the same 401 and
 * counts against the (address, e-mail) pair, the e-mail and the address (issues 37 and 52).
 * Past the pair's or the address's limit the door answers 429 before looking at the password:
 * one address cannot keep guessing. Failures for one e-mail never lock it (issue 52): past
 * `challengeAfter` of them a login needs a solved challenge (`altcha`), else 428, for a known
 * e-mail or not alike; a solved challenge also opens a locked address (many people behind one
 * carrier address), and each further failure makes the next challenge harder.
 */
export async function login(
  db: Kysely<Database>,
  input: LoginInput,
  deps: { ttlHours: number; limits: LoginLimits },
): Promise<Sessao> {
  const email = input.email.trim().toLowerCase();
  const limits = deps.limits;
  const keys = keysOf(input.ip, email);
  const solved = input.altcha ? await redeemChallenge(db, email, input.altcha) : false;
  const { counts, release, retryAfterSeconds } = await limits.limiter.count([keys.pair, keys.email, keys.ip]);
  const failuresBefore = (counts.get(keys.email) ?? 1) - 1;
  if (!solved && failuresBefore >= limits.challengeAfter) {
    await release();
    throw new HttpError(428, MSG.desafioNecessario);
  }
  if (!solved && ((counts.get(keys.pair) ?? 0) > limits.pair || (counts.get(keys.ip) ?? 0) > limits.ip)) {
    await release();
    throw new TooManyRequests(retryAfterSeconds);
  }

  const user = await repo.findUserForLogin(db, email);
  decoy ??= hashPassword(randomToken());
  const passwordOk = await verifyPassword(user ? user.senha_hash : await decoy, input.senha);
  const allowed =
    !!user &&
    passwordOk &&
    mayUseDoor(input.door, { parceiro: !!user.parceiro, admin: !!user.admin, superadmin: !!user.superadmin });
  if (!user || !allowed) {
    // The failure that starts the challenges tells the owner, once a day at most.
    if (failuresBefore + 1 === limits.challengeAfter && user) await noticeOnce(limits, email);
    throw new HttpError(401, MSG.loginInvalido);
  }

  // A success is no failure: its attempt is taken back.
  await release();
  // A hash of an older argon2id setting becomes today's, unless other hashes are waiting.
  if (user.senha_hash && hashIsOutdated(user.senha_hash) && hashingIdle())
    await repo.replacePasswordHash(db, user.id_usuario, user.senha_hash, await hashPassword(input.senha));
  const token = await startSession(db, user.id_usuario, input.ip, deps.ttlHours);
  await repo.touchUser(db, user.id_usuario, nowIso());
  return presentSessao(token, user, await repo.linkedShops(db, user.id_usuario));
}

/** Tells an e-mail's owner its log-in challenges started, unless it was told in the last day. */
async function noticeOnce(limits: LoginLimits, email: string): Promise<void> {
  try {
    await limits.notices.take([{ key: email, max: 1 }]);
  } catch (e) {
    if (e instanceof TooManyRequests) return;
    throw e;
  }
  await limits.warnOwner(email);
}

/**
 * `GET /v1/desafio?email=`: a challenge for logging in as that e-mail, the same for any e-mail
 * (registered or not). Its work grows with the failures past the limits: the e-mail's past
 * `challengeAfter`, or this address's for that e-mail past the pair's lock. Counted per address.
 */
export async function challengeFor(
  db: Kysely<Database>,
  input: { email: string; ip: string },
  limits: LoginLimits,
): Promise<Challenge> {
  const email = input.email.trim().toLowerCase();
  const keys = keysOf(input.ip, email);
  await limits.limiter.take([{ key: `desafio:${input.ip}`, max: limits.ip }]);
  const counts = await limits.limiter.peek([keys.email, keys.pair]);
  const extra = Math.max(
    (counts.get(keys.email) ?? 0) - limits.challengeAfter,
    (counts.get(keys.pair) ?? 0) - limits.pair,
    0,
  );
  return issueChallenge(db, email, challengeMax(extra, limits.levels));
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
  // A session's expiry is a security limit on the wall clock, like its start (never the
  // programme's clock, which a test may move past a contest's instant).
  const row = await repo.findSessionUser(db, sha256Hex(token), new Date().toISOString());
  if (!row) return null;
  // `visto_em` feeds the dashboard's "online" (programme clock): written at most once a minute.
  const seen = clockNow();
  if (!row.visto_em || Date.parse(row.visto_em) <= seen.getTime() - SEEN_EVERY_MS) {
    await repo.touchUser(db, row.id_usuario, seen.toISOString());
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
