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

/**
 * The single-use claim token of a sale's code, derived with the same key from what never
 * changes while the sale waits (its shop, its number, unique there, and its expiry): the
 * database keeps only its SHA-256, yet the server can make the same code again for the
 * partner until it is claimed or expires (issue 35). The prefix keeps these MACs apart from
 * the signatures, whose input is base64url text.
 */
export function claimToken(
  secret: string,
  sale: { id_estabelecimento: number; numero_venda: string; expira_em: string },
): string {
  const input = `praca-venda-token\0${JSON.stringify([sale.id_estabelecimento, sale.numero_venda, sale.expira_em])}`;
  return createHmac('sha256', secret).update(input, 'utf8').digest('base64url');
}
