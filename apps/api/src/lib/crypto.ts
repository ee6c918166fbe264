import { hash as digest, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** An opaque random token (≥ 32 bytes), URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * SHA-256 (hex) of a string's UTF-8. Every request with a session hashes its token: Node's
 * one-shot `crypto.hash` takes about a third of `createHash(…).update(…).digest(…)`'s time.
 */
export const sha256Hex = (value: string): string => digest('sha256', value, 'hex');

/** What the web client sends for a password: SHA-256 hex of what the person typed. */
export const clientPasswordHash = (plain: string): string => sha256Hex(plain);

/** argon2id (the @node-rs/argon2 default) of what the client sent. */
export const hashPassword = (received: string): Promise<string> => hash(received);

export async function verifyPassword(stored: string | null, received: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, received);
  } catch {
    return false;
  }
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
