import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  mascararChave,
  MSG_RECIBO,
  textoReciboCancelado,
  TITULO_RECIBO_CANCELADO,
  type SituacaoSefaz,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database, StatusRecibo } from '../../db/types.js';
import { DEFAULT_POLICY, type EnqueueOptions, type JobContext, type JobPolicy } from '../../jobs/index.js';
import { nowIso } from '../../lib/clock.js';
import { recordAudit } from '../audit/service.js';
import type { WebhookEvents } from '../integration/webhooks.js';
import { notifyPerson } from '../notifications/service.js';
import * as sales from '../sales/service.js';
import { consultarSefaz, type RespostaSefaz, type SefazConfig } from './sefaz.js';

/**
 * Issue 53, decision 058: what the receipts do with the city's SEFAZ gateway (its client is
 * ./sefaz.ts). `POST /v1/recibos` asks it before storing a receipt ({@link sefazOnSubmit},
 * service.ts) and schedules the job {@link SEFAZ_JOB} ({@link scheduleSefazRecheck}); the job
 * ({@link recheckReceipt}, defined in routes.ts where the city has a gateway) asks again and
 * applies the answer ({@link applySefazAnswer}): a cancelled receipt's credit undone.
 */

/** The job that asks SEFAZ again about a stored receipt: payload {@link SefazJob}. */
export const SEFAZ_JOB = 'recibo.sefaz';
export interface SefazJob {
  id_recibo: number;
}
/**
 * Its retries while the gateway is unavailable: 8 runs, 15 minutes apart and doubling (on SQLite
 * at most an hour apart), that is the better part of a day; then the receipt stays as it is.
 */
export const SEFAZ_JOB_POLICY: JobPolicy = { ...DEFAULT_POLICY, maxAttempts: 8, backoffMs: 15 * 60_000 };
/** A credited receipt is asked again a day later: an NFC-e may be cancelled after it was issued. */
export const SEFAZ_RECONSULTA_CREDITO_MS = 24 * 60 * 60_000;
/** A receipt stored while SEFAZ was unavailable is asked again this much later. */
export const SEFAZ_RECONSULTA_INDISPONIVEL_MS = 15 * 60_000;

/** The columns of a receipt SEFAZ answered about, to be written with it. */
interface SefazColumns {
  sefaz_situacao: 'autorizada' | 'indisponivel';
  sefaz_consultado_em: string;
  /** SEFAZ's total (vNF), in cents: it replaces the QR's or the sale's. */
  valor_centavos?: number;
}

/** What `POST /v1/recibos` does with SEFAZ ({@link sefazOnSubmit}). */
export type SefazOnSubmit =
  /** No SEFAZ configured: as today. */
  | { consultada: false }
  /** 409 `{erro}` and nothing written (the key stays unspent, nor is its attempt kept). */
  | { consultada: true; recusa: string; situacao: 'cancelada' | 'denegada' | 'inexistente' }
  /** Go on as without SEFAZ, writing `columns` with the receipt; `recheck` when it must be asked again. */
  | { consultada: true; columns: SefazColumns; recheck: 'indisponivel' | null };

/**
 * `POST /v1/recibos` with SEFAZ (`sefaz` from {@link sefazFromConfig}, null without it). Call it
 * after the offline checks and the CNPJ's shop (a refused key never reaches SEFAZ) and BEFORE the
 * receipt's transaction (the consultation may take up to SEFAZ_TIMEOUT_MS; no lock is held
 * meanwhile). Then:
 *
 * - `{consultada: false}`: SEFAZ is not configured; the flow is the one without it.
 * - `recusa` ('cancelada', 'denegada', 'inexistente'): answer 409 `{erro: recusa}`
 *   (`MSG_RECIBO.sefazRecusou`) and write nothing: no `recibos` row, and the key stays unspent
 *   (an NFC-e issued offline may reach SEFAZ up to a day later: the same key sent again then may
 *   pass).
 * - `columns`: go on exactly as without SEFAZ, and write `columns` into the new `recibos` row
 *   (`sefaz_situacao`, `sefaz_consultado_em`, and with 'autorizada' `valor_centavos`, SEFAZ's
 *   total, over the QR's or the sale's).
 *   `recheck: 'indisponivel'` (the gateway did not answer within its contract): the receipt is
 *   accepted as without SEFAZ; in the same transaction call
 *   `scheduleSefazRecheck(enqueue, trx, id_recibo, 'indisponivel')`.
 * - Whenever a receipt becomes `creditado` or `doado` (here, in `keyReported`, `saleGiven`, the
 *   donation) and SEFAZ is configured, call `scheduleSefazRecheck(enqueue, trx, id_recibo,
 *   'credito')` in that transaction: it is asked again a day later, and a cancelled receipt's
 *   credit is undone then ({@link applySefazAnswer}).
 */
export async function sefazOnSubmit(sefaz: SefazConfig | null, chave: string): Promise<SefazOnSubmit> {
  if (sefaz === null) return { consultada: false };
  const r = await consultarSefaz(sefaz, chave);
  const at = nowIso();
  if (r.situacao === 'autorizada') {
    return {
      consultada: true,
      columns: { sefaz_situacao: 'autorizada', sefaz_consultado_em: at, valor_centavos: r.valor_centavos },
      recheck: null,
    };
  }
  if (r.situacao === 'indisponivel') {
    return {
      consultada: true,
      columns: { sefaz_situacao: 'indisponivel', sefaz_consultado_em: at },
      recheck: 'indisponivel',
    };
  }
  return { consultada: true, recusa: MSG_RECIBO.sefazRecusou, situacao: r.situacao };
}

type Enqueue = (db: Kysely<Database>, name: string, payload: SefazJob, o?: EnqueueOptions) => Promise<void>;

/**
 * Adds the job {@link SEFAZ_JOB} for a receipt, in the caller's transaction (`enqueue` is
 * `app.jobs.enqueue`): 'credito' a day later (the receipt just became `creditado` or `doado`),
 * 'indisponivel' {@link SEFAZ_RECONSULTA_INDISPONIVEL_MS} later. Only when SEFAZ is configured.
 */
export function scheduleSefazRecheck(
  enqueue: Enqueue,
  trx: Kysely<Database>,
  idRecibo: number,
  why: 'credito' | 'indisponivel',
): Promise<void> {
  const afterMs = why === 'credito' ? SEFAZ_RECONSULTA_CREDITO_MS : SEFAZ_RECONSULTA_INDISPONIVEL_MS;
  return enqueue(trx, SEFAZ_JOB, { id_recibo: idRecibo }, { afterMs });
}

/** What the job needs: the database, the gateway, and the sales' webhook events. */
export interface SefazJobDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  sefaz: SefazConfig;
  events?: WebhookEvents;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** What an answer did to a receipt ({@link applySefazAnswer}). */
export type SefazEffect =
  /** Nothing to do (no such receipt, already cancelled, or the gateway still unavailable). */
  | { efeito: 'nada' }
  /** The answer recorded, the status unchanged. */
  | { efeito: 'registrada'; situacao: SituacaoSefaz }
  /** Cancelled; with the sale it credited voided when there was one. */
  | { efeito: 'cancelado'; id_venda_estornada: number | null }
  /** SEFAZ cancelled it, but its credit cannot come back: a coupon drawn or in a frozen file. */
  | { efeito: 'mantido'; motivo: 'sorteado' | 'congelado' };

/** Statuses a cancellation ends: what they hold is undone (a credit) or dropped (a wait). */
const CANCELLABLE: readonly StatusRecibo[] = ['pendente', 'sem_comprador', 'creditado', 'doado'];

/**
 * The job {@link SEFAZ_JOB}: asks SEFAZ about the receipt (outside any transaction), then applies
 * the answer in one ({@link applySefazAnswer}). While the gateway is unavailable it throws, so the
 * job is retried ({@link SEFAZ_JOB_POLICY}); on the last run the receipt stays as it is. Safe to
 * run again: an answer applied twice changes nothing more. Define it with
 * `app.jobs.define<SefazJob>(SEFAZ_JOB, (job, ctx) => recheckReceipt(deps, job, ctx), SEFAZ_JOB_POLICY)`.
 */
export async function recheckReceipt(
  deps: SefazJobDeps,
  job: SefazJob,
  ctx: JobContext,
): Promise<SefazEffect> {
  const row = await deps.db
    .selectFrom('recibos')
    .select(['chave', 'status'])
    .where('id_recibo', '=', job.id_recibo)
    .executeTakeFirst();
  if (!row || row.status === 'cancelado') return { efeito: 'nada' };
  const r = await consultarSefaz(deps.sefaz, row.chave);
  if (r.situacao === 'indisponivel' && !ctx.lastAttempt) {
    throw new Error(
      `SEFAZ indisponível (${r.motivo ?? '?'}): recibo ${job.id_recibo} consultado de novo depois`,
    );
  }
  const effect = await transaction(deps.db, (trx) => applySefazAnswer(trx, deps, job.id_recibo, r));
  if (effect.efeito === 'mantido') {
    deps.log?.warn(
      { id_recibo: job.id_recibo, chave: mascararChave(row.chave), motivo: effect.motivo },
      'nota cancelada pela SEFAZ com crédito mantido',
    );
  }
  return effect;
}

/**
 * SEFAZ's answer `r` about the receipt `idRecibo` applied in `trx` (the receipt's row locked):
 *
 * - `indisponivel`: recorded only if nothing better was (the receipt stays as it is);
 * - `autorizada`: recorded, with SEFAZ's total as the receipt's value;
 * - `cancelada`, `denegada`, `inexistente` (a day later an NFC-e SEFAZ does not know was never
 *   sent to it): the receipt does not stand.
 *   `creditado` or `doado`: the sale it credited is voided as an accepted 'não reconheço' voids
 *   one (points out, coupons voided, `venda.estornada`), by nobody; unless a coupon of it was
 *   drawn or is in an apuração's frozen ticket file: then the credit stays, the answer is
 *   recorded and the admins see it (`sefaz_situacao` on a credited receipt).
 *   `pendente`, `sem_comprador`: nothing to undo.
 *   Then status `cancelado`, audited `cancelar_recibo` (no author), and the sender told
 *   (`TITULO_RECIBO_CANCELADO`), and the sale's holder when another (a donation's entity).
 *   `contestado` (its automatic complaint is the admins' to decide) and `expirado`: recorded only.
 */
export async function applySefazAnswer(
  trx: Kysely<Database>,
  deps: { dialect: Dialect; events?: WebhookEvents },
  idRecibo: number,
  r: RespostaSefaz,
): Promise<SefazEffect> {
  const q = trx
    .selectFrom('recibos as r')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'r.id_estabelecimento')
    .select(['r.status', 'r.id_usuario', 'r.id_venda', 'r.sefaz_situacao', 'r.valor_centavos', 'e.nome'])
    .where('r.id_recibo', '=', idRecibo);
  const rec = await (deps.dialect === 'postgres' ? q.forUpdate('r') : q).executeTakeFirst();
  if (!rec || rec.status === 'cancelado') return { efeito: 'nada' };
  const at = nowIso();
  const record = (extra: { valor_centavos?: number; status?: StatusRecibo } = {}) =>
    trx
      .updateTable('recibos')
      .set({ sefaz_situacao: r.situacao, sefaz_consultado_em: at, atualizado_em: at, ...extra })
      .where('id_recibo', '=', idRecibo)
      .execute();

  if (r.situacao === 'indisponivel') {
    if (rec.sefaz_situacao !== null && rec.sefaz_situacao !== 'indisponivel') return { efeito: 'nada' };
    await record();
    return { efeito: 'registrada', situacao: r.situacao };
  }
  if (r.situacao === 'autorizada') {
    await record(r.valor_centavos !== undefined ? { valor_centavos: r.valor_centavos } : {});
    return { efeito: 'registrada', situacao: r.situacao };
  }
  if (!CANCELLABLE.includes(rec.status)) {
    await record();
    return { efeito: 'registrada', situacao: r.situacao };
  }

  let estornada: number | null = null;
  let holder: number | null = null;
  const credited = rec.status === 'creditado' || rec.status === 'doado';
  if (credited && rec.id_venda !== null) {
    const sale = await sales.voidSaleOfCancelledReceipt(trx, deps, rec.id_venda, at);
    if (!sale.estornada && sale.motivo !== 'excluida') {
      await record();
      return { efeito: 'mantido', motivo: sale.motivo };
    }
    if (sale.estornada) {
      estornada = rec.id_venda;
      holder = sale.id_usuario;
    }
  }
  await record({ status: 'cancelado' });
  await recordAudit(trx, {
    id_usuario: null,
    acao: 'cancelar_recibo',
    entidade: 'recibo',
    id_entidade: idRecibo,
    antes: { status: rec.status, sefaz_situacao: rec.sefaz_situacao },
    depois: { status: 'cancelado', sefaz_situacao: r.situacao, id_venda_estornada: estornada },
  });
  const doada = rec.status === 'doado';
  await notifyPerson(trx, rec.id_usuario, {
    title: TITULO_RECIBO_CANCELADO,
    body: textoReciboCancelado(rec.nome, { creditoDesfeito: estornada !== null, doada }),
  });
  if (holder !== null && holder !== rec.id_usuario) {
    await notifyPerson(trx, holder, {
      title: TITULO_RECIBO_CANCELADO,
      body: textoReciboCancelado(rec.nome, { creditoDesfeito: true }),
    });
  }
  return { efeito: 'cancelado', id_venda_estornada: estornada };
}
