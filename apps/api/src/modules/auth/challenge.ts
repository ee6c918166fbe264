import { randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import * as repo from './repository.js';

/**
 * Log-in challenges (issue 52): a proof of work (ALTCHA, altcha-lib 2) a login carries once
 * its e-mail had more than LOGIN_DESAFIO_APOS failures in a window. A challenge is made in
 * altcha-lib's deterministic mode: the server draws the counter in [0, max) and gives out the
 * prefix of its SHA-256 key, so the solver tries max / 2 counters on average and the work grows
 * with `max`, which grows with each further failure. Each one is a row of `desafios_login`,
 * bound to the e-mail asked for, redeemed once (the row is deleted), valid for 5 minutes; its
 * HMAC secret is its own, kept in the row, so every instance verifies every challenge.
 */

/** How long a challenge may be redeemed. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** How hard challenges get: `LOGIN_DESAFIO_INICIAL` at the threshold, ×1.1 per further failure, up to `LOGIN_DESAFIO_TETO`. */
export interface ChallengeLevels {
  first: number;
  top: number;
}

/** The highest counter of a challenge after `extra` failures past the threshold. */
export function challengeMax(extra: number, levels: ChallengeLevels): number {
  const first = Math.min(levels.first, levels.top);
  return Math.min(levels.top, Math.round(first * 1.1 ** Math.max(0, Math.min(extra, 1_000))));
}

let prunedAt = 0;

/** A new challenge for `email`, stored until it is redeemed or lapses. */
export async function issueChallenge(db: Kysely<Database>, email: string, max: number): Promise<Challenge> {
  const at = now().getTime();
  const segredo = randomToken(32);
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(0, Math.max(1, max)),
    deriveKey,
    expiresAt: Math.floor((at + CHALLENGE_TTL_MS) / 1000),
    data: { max },
    hmacSignatureSecret: segredo,
  });
  if (at - prunedAt >= 60_000) {
    prunedAt = at;
    await repo.deleteLapsedChallenges(db, new Date(at).toISOString());
  }
  await repo.insertChallenge(db, {
    nonce: challenge.parameters.nonce,
    email,
    desafio: JSON.stringify(challenge),
    segredo,
    expira_em: new Date(at + CHALLENGE_TTL_MS).toISOString(),
  });
  return challenge;
}

/** The nonce and the solution a login's `altcha` carries (base64 of `{challenge, solution}`), or null. */
function readPayload(altcha: string): { nonce: string; solution: Solution } | null {
  try {
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as unknown;
    const p = payload as { challenge?: { parameters?: { nonce?: unknown } }; solution?: Solution };
    const nonce = p?.challenge?.parameters?.nonce;
    if (typeof nonce !== 'string' || !p.solution || typeof p.solution !== 'object') return null;
    return { nonce, solution: p.solution };
  } catch {
    return null;
  }
}

/**
 * Whether `altcha` solves a live challenge given out for `email`. The challenge is used up by
 * this call, whatever the answer (single use); one of another e-mail is left alone and refused.
 * The parameters checked are the stored ones, never the caller's.
 */
export async function redeemChallenge(db: Kysely<Database>, email: string, altcha: string): Promise<boolean> {
  const payload = readPayload(altcha);
  if (!payload) return false;
  const row = await repo.takeChallenge(db, payload.nonce, email);
  if (!row || row.expira_em <= now().toISOString()) return false;
  try {
    const result = await verifySolution({
      challenge: JSON.parse(row.desafio) as Challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: row.segredo,
    });
    return result.verified;
  } catch {
    return false;
  }
}
