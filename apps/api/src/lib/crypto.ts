import { hash as digest, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { hashSlots } from './hash-slots.js';

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
 * argon2id (the @node-rs/argon2 default algorithm) at 12 MiB, 3 passes, one lane: one of the
 * settings OWASP's cheat sheet lists as equally strong, chosen in issue 38 over the library's
 * default (19 MiB × 2, OWASP's first line) because it measured cheaper here, in time and in
 * memory (docs/performance.md, "The rush hour"). Written out, so that a new default of the
 * library cannot change it unseen. A stored hash names its own setting and still verifies; a
 * login rehashes it to this one when no other hash waits (`hashIsOutdated`, `hashingIdle`).
 */
const ARGON2 = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } satisfies Options;

/**
 * At most the cores less one password hashes run at once on the machine (with
 * `start:cluster`, across its instances): each takes a core for its whole time on libuv's
 * thread pool, which the file reads share. With every core hashing, a rush of logins starved
 * the event loop (the home and the sales of everyone else); one core is always left to it,
 * and the logins past that wait their turn (issue 38).
 */
const hashing = hashSlots();

/** argon2id of what the client sent. */
export const hashPassword = (received: string): Promise<string> =>
  hashing.runExclusive(() => hash(received, ARGON2));

/** Whether `stored` was made with another setting than today's (or is no argon2id hash). */
export function hashIsOutdated(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  return (
    !m ||
    Number(m[1]) !== ARGON2.memoryCost ||
    Number(m[2]) !== ARGON2.timeCost ||
    Number(m[3]) !== ARGON2.parallelism
  );
}

/** Whether a hash could start now without waiting: a rehash never lengthens a rush of logins. */
export const hashingIdle = (): boolean => !hashing.isLocked();

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
