import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { keptSetting } from '../../db/settings.js';
import type { Database } from '../../db/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { checkEndpoint } from '../../lib/outbound-http.js';
import { checkVapidKeys, generateVapidKeys, PushSender, type VapidKeys } from '../../lib/web-push.js';

/**
 * The server's Web Push identity and sender (issue 8). The VAPID key pair comes from
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set; otherwise a pair is generated on first
 * start and kept in `configuracoes` ('vapid_chaves'): insert-if-absent, then read back, so two
 * servers starting at once on one database agree on the pair the browsers subscribed with.
 */

const VAPID_SETTING = 'vapid_chaves';

/** Requests in flight during a fan-out, and sockets per push-service origin. */
export const PUSH_CONCURRENCY = 16;
/** Deadline of one push request. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps an undelivered message (seconds). */
const PUSH_TTL_S = 24 * 60 * 60;

export interface Push {
  keys(): Promise<VapidKeys>;
  sender(): Promise<PushSender>;
  /** Whether salvatoken accepts this endpoint (https on public addresses; loopback with PUSH_ALLOW_LOOPBACK). */
  acceptsEndpoint(endpoint: string): Promise<boolean>;
  close(): void;
}

type PushConfig = Pick<
  Config,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL' | 'PUSH_ALLOW_LOOPBACK'
>;

export async function resolveVapidKeys(db: Kysely<Database>, config: PushConfig): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  let keys: VapidKeys;
  if (publicKey && privateKey) keys = { publicKey, privateKey, subject };
  else if (publicKey || privateKey) {
    throw new Error('Configuração inválida: defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma)');
  } else {
    const stored = await keptSetting(db, VAPID_SETTING, () => JSON.stringify(generateVapidKeys()));
    const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
    keys = { publicKey: pair.publicKey, privateKey: pair.privateKey, subject };
  }
  checkVapidKeys(keys);
  return keys;
}

export function createPush(db: Kysely<Database>, config: PushConfig, log: FastifyBaseLogger): Push {
  let keys: Promise<VapidKeys> | undefined;
  let sender: PushSender | undefined;
  const loadKeys = (): Promise<VapidKeys> => {
    if (!keys) {
      keys = resolveVapidKeys(db, config);
      keys.catch(() => (keys = undefined));
    }
    return keys;
  };
  return {
    keys: loadKeys,
    async sender() {
      const vapid = await loadKeys();
      sender ??= new PushSender({
        vapid,
        ttlSeconds: PUSH_TTL_S,
        timeoutMs: PUSH_TIMEOUT_MS,
        maxSockets: PUSH_CONCURRENCY,
        allowLoopback: config.PUSH_ALLOW_LOOPBACK,
        onRefused: (endpoint, reason) =>
          log.warn({ servico: new URL(endpoint).origin, motivo: reason }, 'push endpoint skipped'),
      });
      return sender;
    },
    acceptsEndpoint: async (endpoint) => (await checkEndpoint(endpoint, config.PUSH_ALLOW_LOOPBACK)).ok,
    close() {
      sender?.close();
    },
  };
}
