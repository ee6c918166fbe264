import type { FastifyInstance } from 'fastify';
import type { KeyDoor } from './auth.js';
import { OutboundHttp } from '../lib/outbound-http.js';
import { DELIVERY_JOB, deliver, type DeliveryJob } from '../modules/integration/delivery.js';
import { WebhookDirectory } from '../modules/integration/directory.js';
import { authenticateKey, takeKeyRequest } from '../modules/integration/keys-service.js';
import { webhookEvents, type WebhookEvents } from '../modules/integration/webhooks.js';
import { ONE_MINUTE, SharedLimiter } from '../modules/shared/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** API keys (issue 39): what routes that accept keys pass to `requireUser`. */
    apiKeys: KeyDoor;
    /** Webhook events (issue 39): emitted in the transaction of their cause. */
    webhooks: WebhookEvents;
  }
}

/** A receiver answers within this, or the attempt failed (the OpenAPI page says 10 s). */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The door for shop systems (issue 39), on the root instance: the key authenticator with its
 * per-key limit, the in-memory directory of each city's webhooks (dropped with the city cache,
 * on every instance) and the delivery job, which sends through its own outbound-HTTP client
 * (lib/outbound-http.ts, closed with the app). After registerJobs and registerCityCache.
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
  const http = new OutboundHttp({
    allowLoopback: app.config.PUSH_ALLOW_LOOPBACK,
    timeoutMs: DELIVERY_TIMEOUT_MS,
  });
  app.addHook('onClose', () => http.close());
  app.jobs.define<DeliveryJob>(DELIVERY_JOB, (job, ctx) => deliver({ db: app.db, http }, job, ctx), {
    maxAttempts: app.config.WEBHOOK_TENTATIVAS,
    backoffMs: app.config.WEBHOOK_ESPERA_MS,
  });
}
