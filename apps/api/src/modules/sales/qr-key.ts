import type { Kysely } from 'kysely';
import { keptSetting } from '../../db/settings.js';
import type { Database } from '../../db/types.js';
import { randomToken } from '../../lib/crypto.js';

const secrets = new WeakMap<object, Promise<string>>();

/**
 * The HMAC key of hand-over codes: QR_SECRET when configured, else a random one generated on
 * first use and kept in `configuracoes` ('qr_secret'), so codes survive restarts. The sales
 * code takes the key from its deps (`SalesDeps.qrSecret`), never from here.
 */
export function qrSecret(db: Kysely<Database>, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return Promise.resolve(fromEnv);
  let secret = secrets.get(db);
  if (!secret) {
    secret = keptSetting(db, 'qr_secret', () => randomToken(32));
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}
