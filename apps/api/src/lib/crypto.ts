import { hash as digest, randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { Semaphore } from 'async-mutex';

/** An opaque random token (≥ 32 bytes), URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * SHA-256 (hex) of a string's UTF-8. Every request with a session hashes its token: Node's
 * one-shot `crypto.hash` takes about a third of `createHash(…).update(…).digest(…)`'s time.
 */
export const sha256Hex = (value: string): string => digest('sha256', value, 'hex');

/** What the web client sends for a password: SHA-256 hex of what the person typed. */
export const clientPasswordHash = (plain: string): string => sha256Hex(plain);

/**
 * argon2id (the @node-rs/argon2 default algorithm) with OWASP's first recommended setting,
 * written out so that a new default of the library cannot change it unseen: 19 MiB, 2 passes,
 * one lane. Measured in issue 38 against 12 MiB × 3 and 46 MiB × 1 (docs/performance.md, "The
 * rush hour"). A stored hash names its own setting, so a change here applies to new hashes
 * only; every stored one still verifies.
 */
const ARGON2: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most this many password hashes run at once: each takes a core for its whole time on
 * libuv's thread pool, which the file reads share. With every core hashing, a rush of logins
 * starved the event loop (the home and the sales of everyone else); one core is always left to
 * it, and the logins past that wait their turn (issue 38).
 */
const hashing = new Semaphore(Math.max(1, os.availableParallelism() - 1));

/** argon2id of what the client sent. */
export const hashPassword = (received: string): Promise<string> =>
  hashing.runExclusive(() => hash(received, ARGON2));

export async function verifyPassword(stored: string | null, received: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await hashing.runExclusive(() => verify(stored, received));
  } catch {
    return false;
  }
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
