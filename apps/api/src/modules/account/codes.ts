import { randomBytes } from 'node:crypto';
import { RESET_CODE_LENGTH } from '@praca/contract';

export type Finalidade = 'reset' | 'remocao' | 'boas_vindas';

/** How long an e-mailed code is good for (domain §9). */
const CODE_TTL_MS = 60 * 60 * 1000;

/** Issue 51: a new social entity's welcome link, to set its first password, lasts 7 days. */
const WELCOME_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const codeTtlMs = (finalidade: Finalidade): number =>
  finalidade === 'boas_vindas' ? WELCOME_TTL_MS : CODE_TTL_MS;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 that fits in a byte: bytes at or above it are thrown away. */
const LIMIT = 256 - (256 % ALPHABET.length); // 248

/**
 * A code of `length` characters from [A-Za-z0-9], uniform: random bytes at or above 248 are
 * rejected (no modulo bias), the rest taken modulo 62.
 */
export function newCode(length = RESET_CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length)) {
      if (b >= LIMIT) continue;
      out += ALPHABET[b % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}
