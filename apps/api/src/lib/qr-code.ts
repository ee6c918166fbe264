import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto.js';

/**
 * Signed hand-over codes (domain §4, docs/decisions/005-ledger.md):
 * `base64url(JSON of the content) + '.' + base64url(HMAC-SHA256(secret, first part))`.
 * Anyone can read the content; only the server can make a signature that matches it.
 */
const signature = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');

export function signCode(secret: string, content: object): string {
  const payload = Buffer.from(JSON.stringify(content), 'utf8').toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The content of a code whose signature is right, or null for anything forged or edited. */
export function verifyCode(secret: string, code: string): unknown {
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(code.trim());
  if (!m) return null;
  if (!safeEqual(signature(secret, m[1]), m[2])) return null;
  try {
    return JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
