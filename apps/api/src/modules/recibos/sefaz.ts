import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  cnpjDaChave,
  mascararChave,
  MSG_RECIBO,
  textoReciboCancelado,
  TITULO_RECIBO_CANCELADO,
  type SituacaoSefaz,
} from '@praca/contract';
import type { Config } from '../../config.js';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database, StatusRecibo } from '../../db/types.js';
import type { EnqueueOptions, JobContext, JobPolicy } from '../../jobs/index.js';
import { nowIso } from '../../lib/clock.js';
import { OutboundHttp } from '../../lib/outbound-http.js';
import { recordAudit } from '../audit/service.js';
import type { WebhookEvents } from '../integration/webhooks.js';
import { notifyPerson } from '../notifications/service.js';
import * as sales from '../sales/service.js';

/**
 * Issue 53: SEFAZ, where a city has it. The real consultation of an NFC-e is per state, SOAP with
 * an ICP-Brasil certificate, so Praça speaks a small JSON contract to the city's own gateway
 * (docs/sefaz.md, version {@link SEFAZ_CONTRATO_VERSAO}), which does the state's part:
 *
 *     POST <SEFAZ_CONSULTA_URL>            Praca-Sefaz-Versao: 1, Authorization: Bearer <SEFAZ_TOKEN>
 *     {"chave": "<44>"}
 *     → 200 {"situacao": "autorizada", "valor": "12.34", "cnpj_emitente": "…", "emitida_em": "…"}
 *
 * - {@link consultarSefaz}: one consultation, through the outbound guard (lib/outbound-http.ts),
 *   with a deadline; anything out of the contract is `indisponivel`, it never throws.
 * - {@link sefazOnSubmit}: what `POST /v1/recibos` does with the answer (refuse, or store it).
 * - {@link scheduleSefazRecheck} and the job {@link SEFAZ_JOB} ({@link recheckReceipt}, which
 *   applies the answer with {@link applySefazAnswer}): a receipt asked again later, and a
 *   cancelled one undone.
 *
 * Without SEFAZ_CONSULTA_URL none of this runs (`sefazFromConfig` answers null): receipts are
 * matched with the partners' reports alone.
 */

/** The version of the gateway's contract Praça speaks (header `Praca-Sefaz-Versao`). */
export const SEFAZ_CONTRATO_VERSAO = 1;

/** The most of an answer read: a gateway's answer is a few hundred bytes. */
const MAX_RESPOSTA_BYTES = 16 * 1024;

/** What the gateway may answer of a key (`situacao`), and `indisponivel` for anything else. */
type SituacaoConsultada = Exclude<SituacaoSefaz, 'indisponivel'>;
const SITUACOES: readonly SituacaoConsultada[] = ['autorizada', 'cancelada', 'denegada', 'inexistente'];

/** One consultation's result. `motivo` says why an answer is `indisponivel` (logs only). */
export interface RespostaSefaz {
  situacao: SituacaoSefaz;
  /** The receipt's total (vNF), in cents: always with `autorizada`. */
  valor_centavos?: number;
  /** When it was issued (dhEmi), as an ISO instant in UTC: always with `autorizada`. */
  emitida_em?: string;
  motivo?: string;
}

/** How to reach the city's gateway. */
export interface SefazConfig {
  /** SEFAZ_CONSULTA_URL. */
  url: string;
  /** SEFAZ_TOKEN: sent as `Authorization: Bearer …`. */
  token?: string;
  /** SEFAZ_TIMEOUT_MS: the deadline of one consultation, from the first lookup to the last byte. */
  timeoutMs: number;
  /** The guarded client (lib/outbound-http.ts), made with the same deadline. */
  http: Pick<OutboundHttp, 'check' | 'postReading'>;
  /** Where an unavailable answer is told (the key masked). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The gateway as the configuration sets it, or null without SEFAZ_CONSULTA_URL (no SEFAZ). Its
 * client follows the outbound rule of Web Push and webhooks: https on a public address, loopback
 * only with PUSH_ALLOW_LOOPBACK (tests). `close` ends its kept-alive sockets (the app's onClose).
 */
export function sefazFromConfig(
  c: Pick<Config, 'SEFAZ_CONSULTA_URL' | 'SEFAZ_TOKEN' | 'SEFAZ_TIMEOUT_MS' | 'PUSH_ALLOW_LOOPBACK'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): (SefazConfig & { close(): Promise<void> }) | null {
  if (!c.SEFAZ_CONSULTA_URL) return null;
  const http = new OutboundHttp({
    allowLoopback: c.PUSH_ALLOW_LOOPBACK,
    timeoutMs: c.SEFAZ_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPOSTA_BYTES,
    connections: 16,
  });
  return {
    url: c.SEFAZ_CONSULTA_URL,
    token: c.SEFAZ_TOKEN,
    timeoutMs: c.SEFAZ_TIMEOUT_MS,
    http,
    log,
    close: () => http.close(),
  };
}

const indisponivel = (motivo: string): RespostaSefaz => ({ situacao: 'indisponivel', motivo });

/** Money as the contract writes it: "12.34" (a dot, two decimals), in cents; undefined otherwise. */
function centavos(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^(0|[1-9]\d{0,10})\.\d{2}$/.test(v)) return undefined;
  const [int, frac] = v.split('.') as [string, string];
  return Number(int) * 100 + Number(frac);
}

/** An ISO 8601 instant with its offset ("2026-11-28T14:03:00-03:00", or Z), as UTC; else undefined. */
function instante(v: unknown): string | undefined {
  if (
    typeof v !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
  ) {
    return undefined;
  }
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** A field of the answer: absent and null are the same (none). */
const present = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * The gateway's answer to `chave` read strictly (docs/sefaz.md): 200, JSON, an object whose
 * `situacao` is one of the four; `versao` and `chave`, when present, must be this contract's and
 * the key asked; `valor` ("12.34"), `cnpj_emitente` (the key's own CNPJ) and `emitida_em` (ISO
 * with offset) are required with `autorizada` and, when present with another answer, must be well
 * formed too. Other fields are ignored. Anything else: `indisponivel`.
 */
export function lerRespostaSefaz(
  answer: { status: number; contentType: string; body: Buffer },
  chave: string,
): RespostaSefaz {
  if (answer.status !== 200) return indisponivel(`status ${answer.status}`);
  if (!/^application\/json\s*(;|$)/i.test(answer.contentType)) return indisponivel('não é JSON');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(answer.body));
  } catch {
    return indisponivel('JSON inválido');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return indisponivel('não é um objeto');
  const o = json as Record<string, unknown>;
  if (present(o.versao) && o.versao !== SEFAZ_CONTRATO_VERSAO) return indisponivel('outra versão');
  if (present(o.chave) && o.chave !== chave) return indisponivel('outra chave');
  const situacao = SITUACOES.find((s) => s === o.situacao);
  if (situacao === undefined) return indisponivel('situação desconhecida');
  const valor = centavos(o.valor);
  const emitida = instante(o.emitida_em);
  const cnpj =
    typeof o.cnpj_emitente === 'string' && /^[0-9A-Za-z./\- ]{14,18}$/.test(o.cnpj_emitente)
      ? cnpjDaChave(o.cnpj_emitente)
      : undefined;
  if (present(o.valor) && valor === undefined) return indisponivel('valor malformado');
  if (present(o.emitida_em) && emitida === undefined) return indisponivel('emitida_em malformado');
  if (present(o.cnpj_emitente) && cnpj !== chave.slice(6, 20)) return indisponivel('outro CNPJ');
  if (situacao === 'autorizada' && (valor === undefined || emitida === undefined || cnpj === undefined)) {
    return indisponivel('autorizada sem valor, CNPJ ou data');
  }
  return {
    situacao,
    ...(valor !== undefined ? { valor_centavos: valor } : {}),
    ...(emitida !== undefined ? { emitida_em: emitida } : {}),
  };
}

/** `p`, or `indisponivel` once `ms` passed (a lookup that hangs included). */
function withDeadline(p: Promise<RespostaSefaz>, ms: number): Promise<RespostaSefaz> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RespostaSefaz>((resolve) => {
    timer = setTimeout(() => resolve(indisponivel('prazo esgotado')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function ask(config: SefazConfig, chave: string): Promise<RespostaSefaz> {
  try {
    const checked = await config.http.check(config.url);
    if (!checked.ok) return indisponivel(`endereço recusado: ${checked.reason}`);
    const answer = await config.http.postReading(checked, JSON.stringify({ chave }), {
      'content-type': 'application/json',
      accept: 'application/json',
      'praca-sefaz-versao': String(SEFAZ_CONTRATO_VERSAO),
      ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
    });
    if ('refused' in answer) return indisponivel(`endereço recusado: ${answer.refused}`);
    if ('tooLarge' in answer) return indisponivel('resposta grande demais');
    return lerRespostaSefaz(answer, chave);
  } catch (err) {
    return indisponivel(
      err instanceof Error && /abort|timeout/i.test(`${err.name} ${err.message}`)
        ? 'prazo esgotado'
        : 'sem resposta',
    );
  }
}

/**
 * Asks the city's gateway about `chave` (44 positions, already checked offline): its answer, or
 * `indisponivel` for anything out of the contract (no answer within `timeoutMs`, not 200, not
 * JSON, a wrong field, an address the outbound guard refuses). Never throws. An unavailable
 * answer is logged with the key masked.
 */
export async function consultarSefaz(config: SefazConfig, chave: string): Promise<RespostaSefaz> {
  const r = await withDeadline(ask(config, chave), config.timeoutMs);
  if (r.situacao === 'indisponivel') {
    config.log?.warn({ chave: mascararChave(chave), motivo: r.motivo }, 'SEFAZ indisponível');
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// The receipts' flow (modules/recibos calls these; the lead wires them in).

/** The job that asks SEFAZ again about a stored receipt: payload {@link SefazJob}. */
export const SEFAZ_JOB = 'recibo.sefaz';
export interface SefazJob {
  id_recibo: number;
}
/**
 * Its retries while the gateway is unavailable: 8 runs, 15 minutes apart and doubling (on SQLite
 * at most an hour apart), that is the better part of a day; then the receipt stays as it is.
 */
export const SEFAZ_JOB_POLICY: JobPolicy = { maxAttempts: 8, backoffMs: 15 * 60_000 };
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
