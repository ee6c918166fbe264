import type { FastifyInstance } from 'fastify';
import type { KeyDoor } from './auth.js';
import { authenticateKey, takeKeyRequest } from '../modules/integration/keys.js';
import {
  DELIVERY_JOB,
  deliver,
  WebhookDirectory,
  webhookEvents,
  type DeliveryJob,
  type WebhookEvents,
} from '../modules/integration/webhooks.js';
import { ONE_MINUTE, SharedLimiter } from '../modules/shared/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** API keys (issue 39): what routes that accept keys pass to `requireUser`. */
    apiKeys: KeyDoor;
    /** Webhook events (issue 39): emitted in the transaction of their cause. */
    webhooks: WebhookEvents;
  }
}

/**
 * The door for shop systems (issue 39), on the root instance: the key authenticator with its
 * per-key limit, the in-memory directory of each city's webhooks (dropped with the city cache,
 * on every instance) and the delivery job. After registerJobs and registerCityCache.
 */
export function registerIntegration(app: FastifyInstance): void {
  const limiter = new SharedLimiter(app.db, 'chave', ONE_MINUTE);
  app.decorate('apiKeys', {
    authenticate: (token: string) => authenticateKey(app.db, token),
    take: (idChave: number) => takeKeyRequest(limiter, app.config.CHAVE_RATE_MAX, idChave),
  } satisfies KeyDoor);

  const directory = new WebhookDirectory(app.db);
  app.cityCache.listeners.add((cod) => directory.forget(cod));
  app.decorate(
    'webhooks',
    webhookEvents(directory, (db, name, payload) => app.jobs.enqueue(db, name, payload)),
  );
  app.jobs.define<DeliveryJob>(
    DELIVERY_JOB,
    (job, ctx) =>
      deliver({ db: app.db, allowLoopback: app.config.PUSH_ALLOW_LOOPBACK, timeoutMs: 10_000 }, job, ctx),
    { maxAttempts: app.config.WEBHOOK_TENTATIVAS, backoffMs: app.config.WEBHOOK_ESPERA_MS },
  );
}
