import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Kysely } from 'kysely';
import {
  EVENTOS_WEBHOOK,
  MSG,
  MSG_INTEGRACAO,
  type EntregaItem,
  type EventoWebhook,
  type WebhookCriado,
  type WebhookItem,
} from '@praca/contract';
import { transaction } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { randomToken } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import type { ResolvedAddress } from '../../lib/public-address.js';
import { checkEndpoint } from '../../lib/web-push.js';
import type { JobContext } from '../../jobs/index.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity } from '../cities/admin-scope.js';
import { shopToRun } from '../establishments/service.js';

/**
 * Webhooks (issue 39, decision 050): an admin registers an https URL for events of its city,
 * a partner for events of one of its shops. An event writes one delivery row per matching hook
 * and enqueues a job, both in the transaction of its cause (decision 043): the delivery exists
 * if and only if the event happened. The job POSTs the body signed with the hook's secret,
 * `X-Praca-Assinatura: t=<unix>,v1=<hex HMAC-SHA256(segredo, "t.body")>`, and is retried with
 * backoff until a 2xx or its last attempt (then the delivery is `morta`).
 */

export const DELIVERY_JOB = 'webhook.entregar';
const SIGNATURE_HEADER = 'x-praca-assinatura';

export interface DeliveryJob {
  id_entrega: number;
}

/** Where an event happened: its city and, for a shop's event, the shop. */
export interface EventScope {
  cod_cidade: number;
  id_estabelecimento: number | null;
}

interface Hook {
  id_webhook: number;
  id_estabelecimento: number | null;
  eventos: ReadonlySet<string>;
}

/** `t=<unix>,v1=<hex>`: what a receiver recomputes from the raw body and compares. */
function signature(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * Each instance keeps the live hooks of a city in memory, loaded on the first event of the city
 * and dropped whenever the city cache is invalidated (here or, through its PostgreSQL bus, on
 * another instance): an event where nobody listens costs a Map lookup, no query.
 */
export class WebhookDirectory {
  private readonly byCity = new Map<number, Promise<Hook[]>>();

  constructor(private readonly db: Kysely<Database>) {}

  forget(codCidade: number | null): void {
    if (codCidade === null) this.byCity.clear();
    else this.byCity.delete(codCidade);
  }

  /** `db`: where to load from — inside a transaction its own (SQLite has one connection). */
  private hooksOf(codCidade: number, db: Kysely<Database>): Promise<Hook[]> {
    let hooks = this.byCity.get(codCidade);
    if (!hooks) {
      hooks = db
        .selectFrom('webhooks')
        .select(['id_webhook', 'id_estabelecimento', 'eventos'])
        .where('cod_cidade', '=', codCidade)
        .where('removido_em', 'is', null)
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, eventos: new Set(JSON.parse(r.eventos) as string[]) })));
      hooks.catch(() => this.byCity.delete(codCidade));
      this.byCity.set(codCidade, hooks);
    }
    return hooks;
  }

  /** The hooks an event reaches: the city's own (no shop) and the event's shop's. */
  async matching(evento: EventoWebhook, scope: EventScope, db = this.db): Promise<number[]> {
    const hooks = await this.hooksOf(scope.cod_cidade, db);
    if (hooks.length === 0) return [];
    return hooks
      .filter(
        (h) =>
          h.eventos.has(evento) &&
          (h.id_estabelecimento === null || h.id_estabelecimento === scope.id_estabelecimento),
      )
      .map((h) => h.id_webhook);
  }
}

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
      const ids = await directory.matching(evento, scope, trx);
      if (ids.length === 0) return;
      const criada_em = new Date().toISOString();
      const corpo = JSON.stringify({ id: randomUUID(), evento, criado_em: criada_em, dados });
      for (const id_webhook of ids) {
        const { id_entrega } = await trx
          .insertInto('webhook_entregas')
          .values({ id_webhook, evento, corpo, criada_em })
          .returning('id_entrega')
          .executeTakeFirstOrThrow();
        await enqueue(trx, DELIVERY_JOB, { id_entrega });
      }
    },
  };
}

// ── Registering hooks ─────────────────────────────────────────────────────────

export interface WebhookDeps {
  db: Kysely<Database>;
  allowLoopback: boolean;
  /** Tells every instance the city's hooks changed (the city cache's invalidation). */
  changed(codCidade: number): void;
}

/** Admins (their city), the super-admin (any) and partners (their own shops) register hooks. */
export const mayRegisterWebhooks = (u: AuthUser): boolean =>
  !u.chave && (u.admin || u.superadmin || u.parceiro);

/** The city and shop a new hook listens to, as the caller may choose them. */
async function scopeFor(
  db: Kysely<Database>,
  user: AuthUser,
  body: { id_estabelecimento?: number; cod_cidade?: number },
): Promise<EventScope> {
  if (body.id_estabelecimento !== undefined) {
    const shop = await shopToRun(db, user, body.id_estabelecimento);
    if (!user.admin && !user.superadmin && !user.estabelecimentos.includes(shop.id_estabelecimento))
      throw new HttpError(403, MSG.semPermissao);
    return { cod_cidade: shop.cod_cidade, id_estabelecimento: shop.id_estabelecimento };
  }
  // A whole city's events are the admins' alone.
  if (!user.admin && !user.superadmin) throw new HttpError(400, MSG_INTEGRACAO.escolhaEstabelecimento);
  const codCidade = body.cod_cidade ?? user.cod_cidade;
  checkAdminCity(user, codCidade);
  return { cod_cidade: codCidade, id_estabelecimento: null };
}

export async function createHook(
  deps: WebhookDeps,
  user: AuthUser,
  body: { url: string; eventos: EventoWebhook[]; id_estabelecimento?: number; cod_cidade?: number },
  ip: string,
): Promise<WebhookCriado> {
  const scope = await scopeFor(deps.db, user, body);
  const checked = await checkEndpoint(body.url, deps.allowLoopback);
  if (!checked.ok) throw new HttpError(400, MSG_INTEGRACAO.urlRecusada);
  const segredo = `whsec_${randomToken(32)}`;
  const eventos = EVENTOS_WEBHOOK.filter((e) => body.eventos.includes(e));
  const created = await transaction(deps.db, async (trx) => {
    const { id_webhook } = await trx
      .insertInto('webhooks')
      .values({
        id_usuario: user.id,
        cod_cidade: scope.cod_cidade,
        id_estabelecimento: scope.id_estabelecimento,
        url: body.url,
        eventos: JSON.stringify(eventos),
        segredo,
        criado_em: new Date().toISOString(),
      })
      .returning('id_webhook')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'webhook',
      id_entidade: id_webhook,
      depois: { url: body.url, eventos, ...scope },
      ip,
    });
    return { id_webhook, segredo };
  });
  deps.changed(scope.cod_cidade);
  return created;
}

/** The hooks the caller sees: a partner its own shops', an admin its city's, the super-admin all. */
function visibleHooks(db: Kysely<Database>, user: AuthUser) {
  let q = db
    .selectFrom('webhooks as w')
    .leftJoin('estabelecimentos as e', 'e.id_estabelecimento', 'w.id_estabelecimento')
    .where('w.removido_em', 'is', null);
  if (user.superadmin) return q;
  if (user.admin) q = q.where('w.cod_cidade', '=', user.cod_cidade);
  else if (user.estabelecimentos.length === 0) q = q.where('w.id_webhook', '=', -1);
  else q = q.where('w.id_estabelecimento', 'in', user.estabelecimentos);
  return q;
}

export async function listHooks(db: Kysely<Database>, user: AuthUser): Promise<WebhookItem[]> {
  const rows = await visibleHooks(db, user)
    .select([
      'w.id_webhook',
      'w.url',
      'w.eventos',
      'w.cod_cidade',
      'w.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'w.criado_em',
    ])
    .orderBy('w.id_webhook', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, eventos: JSON.parse(r.eventos) as EventoWebhook[] }));
}

async function hookOf(db: Kysely<Database>, user: AuthUser, idWebhook: number) {
  const hook = await visibleHooks(db, user)
    .select(['w.id_webhook', 'w.cod_cidade', 'w.id_estabelecimento', 'w.url', 'w.eventos'])
    .where('w.id_webhook', '=', idWebhook)
    .executeTakeFirst();
  if (hook) return hook;
  // Another's hook that exists is 403, an unknown one 404.
  const exists = await db
    .selectFrom('webhooks')
    .select('id_webhook')
    .where('id_webhook', '=', idWebhook)
    .where('removido_em', 'is', null)
    .executeTakeFirst();
  throw exists
    ? new HttpError(403, MSG.semPermissao)
    : new HttpError(404, MSG_INTEGRACAO.webhookNaoEncontrado);
}

export async function removeHook(
  deps: WebhookDeps,
  user: AuthUser,
  idWebhook: number,
  ip: string,
): Promise<void> {
  const hook = await hookOf(deps.db, user, idWebhook);
  await transaction(deps.db, async (trx) => {
    await trx
      .updateTable('webhooks')
      .set({ removido_em: new Date().toISOString() })
      .where('id_webhook', '=', idWebhook)
      .execute();
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'webhook',
      id_entidade: idWebhook,
      antes: { ...hook, eventos: JSON.parse(hook.eventos) as string[] },
      ip,
    });
  });
  deps.changed(hook.cod_cidade);
}

/** The last 100 deliveries of a hook the caller sees, newest first. */
export async function deliveries(
  db: Kysely<Database>,
  user: AuthUser,
  idWebhook: number,
): Promise<EntregaItem[]> {
  await hookOf(db, user, idWebhook);
  const rows = await db
    .selectFrom('webhook_entregas')
    .select(['id_entrega', 'evento', 'situacao', 'tentativas', 'status', 'erro', 'criada_em', 'tentada_em'])
    .where('id_webhook', '=', idWebhook)
    .orderBy('id_entrega', 'desc')
    .limit(100)
    .execute();
  return rows as EntregaItem[];
}

// ── Delivering ────────────────────────────────────────────────────────────────

export interface DeliveryDeps {
  db: Kysely<Database>;
  allowLoopback: boolean;
  timeoutMs: number;
  now?: () => number;
}

/** POSTs the body to the checked addresses (no second lookup) and answers the status code. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  addresses: ResolvedAddress[],
  timeoutMs: number,
) {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume();
        res.on('error', () => undefined);
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One attempt of a delivery (the job's handler). A delivered or dead one is skipped (a job
 * re-run after a crash); a non-2xx answer or no answer throws, so the queue retries it with
 * backoff, and the last attempt marks the delivery `morta` instead.
 */
export async function deliver(deps: DeliveryDeps, job: DeliveryJob, ctx: JobContext): Promise<void> {
  const row = await deps.db
    .selectFrom('webhook_entregas as d')
    .innerJoin('webhooks as w', 'w.id_webhook', 'd.id_webhook')
    .select([
      'd.id_entrega',
      'd.corpo',
      'd.evento',
      'd.situacao',
      'd.tentativas',
      'w.url',
      'w.segredo',
      'w.removido_em',
    ])
    .where('d.id_entrega', '=', job.id_entrega)
    .executeTakeFirst();
  if (!row || row.situacao === 'entregue' || row.situacao === 'morta') return;
  const record = (o: { status: number | null; erro: string | null; ok: boolean; final: boolean }) =>
    deps.db
      .updateTable('webhook_entregas')
      .set({
        situacao: o.ok ? 'entregue' : o.final ? 'morta' : 'falhou',
        tentativas: row.tentativas + 1,
        status: o.status,
        erro: o.erro,
        tentada_em: new Date().toISOString(),
      })
      .where('id_entrega', '=', row.id_entrega)
      .execute();
  if (row.removido_em !== null) {
    await record({ status: null, erro: 'webhook removido', ok: false, final: true });
    return;
  }
  let status: number | null = null;
  let erro: string | null = null;
  const checked = await checkEndpoint(row.url, deps.allowLoopback);
  if (!checked.ok) erro = `endereço recusado: ${checked.reason}`;
  else {
    const t = Math.floor((deps.now ?? Date.now)() / 1000);
    try {
      status = await post(
        new URL(row.url),
        row.corpo,
        {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Praca-Webhooks/1',
          [SIGNATURE_HEADER]: signature(row.segredo, t, row.corpo),
          'x-praca-evento': row.evento,
          'x-praca-entrega': String(row.id_entrega),
        },
        checked.addresses,
        deps.timeoutMs,
      );
      if (status < 200 || status >= 300) erro = `HTTP ${status}`;
    } catch (err) {
      erro = err instanceof Error ? err.message.slice(0, 200) : 'falha de rede';
    }
  }
  const ok = erro === null;
  await record({ status, erro, ok, final: !ok && ctx.lastAttempt });
  if (!ok && !ctx.lastAttempt) throw new Error(`entrega ${row.id_entrega}: ${erro}`);
}
