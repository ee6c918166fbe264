import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { JobContext } from '../../jobs/index.js';
import { now, nowIso } from '../../lib/clock.js';
import type { OutboundHttp } from '../../lib/outbound-http.js';
import * as repo from './repository.js';

/**
 * The delivery job (issue 39, decision 050): POSTs an event's body, signed with the hook's secret
 * at each attempt, `X-Praca-Assinatura: t=<unix>,v1=<hex HMAC-SHA256(segredo, "t.body")>`,
 * through the outbound-HTTP adapter (lib/outbound-http.ts: public addresses only, pinned). A
 * non-2xx answer or none throws, so the job queue retries it with backoff until its last
 * attempt, which marks the delivery `morta`.
 */

export const DELIVERY_JOB = 'webhook.entregar';
const SIGNATURE_HEADER = 'x-praca-assinatura';

export interface DeliveryJob {
  id_entrega: number;
}

export interface DeliveryDeps {
  db: Kysely<Database>;
  http: OutboundHttp;
}

/** `t=<unix>,v1=<hex>`: what a receiver recomputes from the raw body and compares. */
function signature(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** One attempt: the status code (null: no answer) and what went wrong (null: a 2xx). */
async function attempt(
  http: OutboundHttp,
  row: NonNullable<Awaited<ReturnType<typeof repo.deliveryToSend>>>,
): Promise<{ status: number | null; erro: string | null }> {
  const checked = await http.check(row.url);
  if (!checked.ok) return { status: null, erro: `endereço recusado: ${checked.reason}` };
  const t = Math.floor(now().getTime() / 1000);
  try {
    const answer = await http.post(checked, row.corpo, {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Praca-Webhooks/1',
      [SIGNATURE_HEADER]: signature(row.segredo, t, row.corpo),
      'x-praca-evento': row.evento,
      'x-praca-entrega': String(row.id_entrega),
    });
    if ('refused' in answer) return { status: null, erro: `endereço recusado: ${answer.refused}` };
    const { status } = answer;
    return { status, erro: status < 200 || status >= 300 ? `HTTP ${status}` : null };
  } catch (err) {
    return { status: null, erro: err instanceof Error ? err.message.slice(0, 200) : 'falha de rede' };
  }
}

/**
 * One attempt of a delivery (the job's handler). A delivered or dead one is skipped (a job
 * re-run after a crash); a non-2xx answer or no answer throws, so the queue retries it with
 * backoff, and the last attempt marks the delivery `morta` instead.
 */
export async function deliver(deps: DeliveryDeps, job: DeliveryJob, ctx: JobContext): Promise<void> {
  const row = await repo.deliveryToSend(deps.db, job.id_entrega);
  if (!row || row.situacao === 'entregue' || row.situacao === 'morta') return;
  const record = (o: { status: number | null; erro: string | null; ok: boolean; final: boolean }) =>
    repo.recordAttempt(deps.db, row.id_entrega, {
      situacao: o.ok ? 'entregue' : o.final ? 'morta' : 'falhou',
      tentativas: row.tentativas + 1,
      status: o.status,
      erro: o.erro,
      tentada_em: nowIso(),
    });
  if (row.removido_em !== null) {
    await record({ status: null, erro: 'webhook removido', ok: false, final: true });
    return;
  }
  // Issue 52: a hook whose owner lost the shop (or the account) is sent nothing more.
  if (!Number(row.ativo)) {
    await record({ status: null, erro: 'webhook inativo', ok: false, final: true });
    return;
  }
  const { status, erro } = await attempt(deps.http, row);
  const ok = erro === null;
  await record({ status, erro, ok, final: !ok && ctx.lastAttempt });
  if (!ok && !ctx.lastAttempt) throw new Error(`entrega ${row.id_entrega}: ${erro}`);
}
