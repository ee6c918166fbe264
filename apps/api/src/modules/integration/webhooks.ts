import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventoWebhook } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { DELIVERY_JOB, type DeliveryJob } from './delivery.js';
import type { EventScope, WebhookDirectory } from './directory.js';
import * as repo from './repository.js';

/**
 * Webhook events, the face other modules see (issue 39, decision 050): an event writes one
 * delivery row per matching hook and enqueues its job, both in the transaction of its cause
 * (decision 043): the delivery exists if and only if the event happened. Sending is the job's
 * (delivery.ts); registering hooks is the service's (service.ts).
 */
export interface WebhookEvents {
  /** Whether a live hook would receive this event (in memory once the city is loaded). */
  wants(evento: EventoWebhook, scope: EventScope): Promise<boolean>;
  /** Inside the cause's transaction: a delivery and its job per matching hook. */
  emit(
    trx: Kysely<Database>,
    evento: EventoWebhook,
    scope: EventScope,
    dados: Record<string, unknown>,
  ): Promise<void>;
}

export function webhookEvents(
  directory: WebhookDirectory,
  enqueue: (db: Kysely<Database>, name: string, payload: DeliveryJob) => Promise<void>,
): WebhookEvents {
  return {
    wants: async (evento, scope) => (await directory.matching(evento, scope)).length > 0,
    async emit(trx, evento, scope, dados) {
      const matching = await directory.matching(evento, scope, trx);
      if (matching.length === 0) return;
      // Issue 52: only the hooks whose owner may still hear them, as they stand now.
      const ids = await repo.activeHooks(trx, matching);
      const criada_em = nowIso();
      const corpo = JSON.stringify({ id: randomUUID(), evento, criado_em: criada_em, dados });
      for (const id_webhook of ids) {
        const id_entrega = await repo.insertDelivery(trx, { id_webhook, evento, corpo, criada_em });
        await enqueue(trx, DELIVERY_JOB, { id_entrega });
      }
    },
  };
}
