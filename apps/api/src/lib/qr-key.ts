import type { Kysely } from 'kysely';
import { keptSetting } from '../db/settings.js';
import type { Database } from '../db/types.js';
import { randomToken } from './crypto.js';

/** The server's HMAC key, as the services ask for it. */
export type QrKey = () => Promise<string>;

/**
 * The key that signs sale hand-over codes and pseudonymises an apuração's ticket holders:
 * QR_SECRET when configured, else a random one generated on first use and kept in
 * `configuracoes` ('qr_secret'), so codes survive restarts and every instance agrees on it.
 * One per app (plugins/services.ts); a failed read is retried on the next call.
 */
export function qrKey(db: Kysely<Database>, fromEnv: string | undefined): QrKey {
  if (fromEnv) return () => Promise.resolve(fromEnv);
  return keptKey(db, 'qr_secret');
}

/**
 * Another random HMAC key of the server (issue 52: the links to the photos of CPF proofs), kept
 * in `configuracoes` under `chave` as `qr_secret` is, so every instance signs alike.
 */
export function keptKey(db: Kysely<Database>, chave: string): QrKey {
  let kept: Promise<string> | undefined;
  return () => {
    if (!kept) {
      kept = keptSetting(db, chave, () => randomToken(32));
      kept.catch(() => (kept = undefined));
    }
    return kept;
  };
}
