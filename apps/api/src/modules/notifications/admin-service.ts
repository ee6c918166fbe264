import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  AlvoPush,
  EnvioNotificacao,
  DestinoNotificacao,
  NotificacaoAdminBody,
  RegistrationPatchBody,
  RegistrationQuery,
  ResultadoEnvioNotificacao,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { JobContext } from '../../jobs/index.js';
import { storedImage, type AdminDeps } from '../shared/admin.js';
import { nowIso } from '../../lib/clock.js';
import { forEachConcurrently, pushPayload, type PushOutcome } from '../../lib/web-push.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity, checkCityExists } from '../cities/admin-scope.js';
import { adminCityScope } from '../cities/policy.js';
import * as repo from './admin-repository.js';
import { PUSH_CONCURRENCY, type Push } from './push.js';
import { transaction } from '../../db/index.js';

/**
 * The admin push form (issue 8; spec §2, §4 push send flow, §7; domain §8, §10). The server
 * itself fans a notification out: one user-notification row per person reached (one INSERT …
 * SELECT), then one Web Push message per subscription of the push target, recorded as a
 * delivery and sent by background jobs (src/jobs, issue 38) with {@link PUSH_CONCURRENCY}
 * requests in flight. Subscriptions the push service answers 404 or 410 are deleted.
 */

export interface NotificationDeps extends AdminDeps {
  push: Push;
  /** Adds a background job on `db` (src/jobs): the fan-out's batches. */
  enqueue(db: Kysely<Database>, name: string, payload: object): Promise<void>;
  /** PUBLIC_URL without the trailing slash: the images in a push are absolute URLs. */
  publicUrl: string;
}

type Body = z.output<typeof NotificacaoAdminBody>;

/** Who gets the push when the form does not say: the same people as the rows. */
const DEFAULT_PUSH: Record<DestinoNotificacao, AlvoPush> = { N: 'A', P: 'P', I: 'I' };

function audienceOf(who: 'N' | 'A' | 'P' | 'I', codCidade: number, user: AuthUser): repo.Audience {
  if (who === 'I') return { kind: 'eu', idUsuario: user.id };
  return { kind: who === 'P' ? 'parceiros' : 'todos', codCidade };
}

/** The image as the service worker loads it: an absolute URL, or ''. */
function pushImageUrl(image: string, publicUrl: string, basePath: string): string {
  if (image === '' || /^https?:\/\//.test(image)) return image;
  return `${publicUrl}${basePath}img/${image}`;
}

/**
 * `POST /v1/adm/notificacao?p=`: stores the notification, its rows and one pending delivery
 * per subscription of the push target (audited), and queues the fan-out as jobs of
 * {@link BATCH_SIZE} deliveries, all in one transaction: the pushes exist if and only if the
 * notification does. Answers 202 before any push goes.
 */
export async function send(
  deps: NotificationDeps,
  user: AuthUser,
  destino: DestinoNotificacao,
  body: Body,
  ip: string,
): Promise<ResultadoEnvioNotificacao> {
  checkAdminCity(user, body.cod_cidade);
  await checkCityExists(deps.db, body.cod_cidade);
  const image = storedImage(body.image, deps.basePath);
  const alvo = body.push ?? DEFAULT_PUSH[destino];
  const values: repo.NotificationValues = {
    cod_cidade: body.cod_cidade,
    destino,
    type: body.type,
    title: body.title,
    body: body.body,
    image,
    enviado_por: user.id,
  };
  const at = nowIso();
  return transaction(deps.db, async (trx) => {
    const id = await repo.insertNotification(trx, values, at);
    const destinatarios = await repo.insertMessagesFor(
      trx,
      audienceOf(destino, body.cod_cidade, user),
      id,
      values,
      at,
    );
    const pendentes = await repo.insertDeliveries(trx, audienceOf(alvo, body.cod_cidade, user), id);
    const starts = await repo.batchStarts(trx, id, BATCH_SIZE);
    for (const [i, de] of starts.entries()) {
      await deps.enqueue(trx, PUSH_BATCH_JOB, {
        id_notificacao: id,
        de,
        ate: starts[i + 1] ?? null,
      } satisfies PushBatch);
    }
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'notificacao',
      id_entidade: id,
      depois: { ...values, push: alvo, destinatarios, push_total: pendentes },
      ip,
    });
    return { id_notificacao: id, destinatarios, enviadas: 0, falhas: 0, removidas: 0, pendentes };
  });
}

/** Deliveries per fan-out job. */
const BATCH_SIZE = 500;

/** The job sending one batch of a notification's pushes (defined in routes.ts). */
export const PUSH_BATCH_JOB = 'notificacao.push-lote';
/** The deliveries of subscriptions `de` ≤ id < `ate` (`null`: to the end). */
export interface PushBatch {
  id_notificacao: number;
  de: number;
  ate: number | null;
}

/**
 * The {@link PUSH_BATCH_JOB} job. Sends the batch's still pending deliveries, {@link
 * PUSH_CONCURRENCY} at a time, and records each outcome as soon as it is known, so a run cut
 * short (crash, deploy) resumes with what was left: at least once, and twice only for the
 * messages in flight at the crash, which carry the notification's Web Push topic and the
 * service worker's tag, so a push service or a browser holding the first one replaces it
 * (decision 043). A push service's 404/410 deletes the subscription; other failures stay
 * pending and the job fails, to be retried with backoff; on the job's last run they are
 * recorded as failures.
 */
export async function sendBatch(deps: NotificationDeps, job: PushBatch, ctx: JobContext): Promise<void> {
  const n = await repo.notificationForPush(deps.db, job.id_notificacao);
  const rows = await repo.pendingDeliveries(deps.db, job.id_notificacao, job.de, job.ate);
  if (!n || rows.length === 0) return;
  const sender = await deps.push.sender();
  const payload = pushPayload({
    title: n.title,
    body: n.body,
    image: pushImageUrl(n.image, deps.publicUrl, deps.basePath),
    url: `${deps.basePath}notificacao`,
    id_notificacao: job.id_notificacao,
  });
  const topic = `notificacao-${job.id_notificacao}`;
  let failed = 0;
  async function* items() {
    yield* rows;
  }
  await forEachConcurrently(items(), PUSH_CONCURRENCY, async (s) => {
    const outcome: PushOutcome = s.endpoint
      ? await sender.send(
          { endpoint: s.endpoint, p256dh: s.p256dh ?? '', auth: s.auth ?? '' },
          payload,
          topic,
        )
      : 'removida';
    const at = nowIso();
    if (outcome === 'enviada') await repo.markDelivery(deps.db, job.id_notificacao, s.id, 'enviada', at);
    else if (outcome === 'removida') {
      await transaction(deps.db, async (trx) => {
        await repo.markDelivery(trx, job.id_notificacao, s.id, 'removida', at);
        await repo.deleteSubscriptions(trx, [s.id]);
      });
    } else if (outcome === 'recusada' || ctx.lastAttempt)
      await repo.markDelivery(deps.db, job.id_notificacao, s.id, 'falha', at);
    else failed += 1;
  });
  const c = (await repo.deliveryCounts(deps.db, [job.id_notificacao])).get(job.id_notificacao)!;
  await repo.updateCounts(deps.db, job.id_notificacao, c.enviada, c.falha + c.removida);
  if (failed > 0) throw new Error(`${failed} mensagens push falharam; nova tentativa`);
}

/** How many notifications the history shows. */
const HISTORY_SIZE = 20;

/** `GET /v1/adm/notificacoes?cod_cidade=`: the city's latest notifications and their fan-out. */
export async function history(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  codCidade: number,
): Promise<EnvioNotificacao[]> {
  checkAdminCity(user, codCidade);
  const list = await repo.recentNotifications(deps.db, codCidade, HISTORY_SIZE);
  const counts = await repo.deliveryCounts(
    deps.db,
    list.map((n) => n.id_notificacao),
  );
  return list.map((n) => {
    const c = counts.get(n.id_notificacao)!;
    return {
      id_notificacao: n.id_notificacao,
      title: n.title,
      destino: n.destino,
      criado_em: n.criado_em,
      total: c.pendente + c.enviada + c.falha + c.removida,
      enviadas: c.enviada,
      falhas: c.falha + c.removida,
      removidas: c.removida,
      pendentes: c.pendente,
    };
  });
}

// --- registration tokens ---------------------------------------------------------------------

/** A subscription as the browser's `PushSubscription.toJSON()` text (the spec's token). */
const tokenOf = (s: { endpoint: string; p256dh: string; auth: string }): string =>
  JSON.stringify({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } });

/** `GET /v1/pushnotification/registration`: the tokens of A (all), P (partners) or I (the caller). */
export async function listTokens(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  query: z.output<typeof RegistrationQuery>,
): Promise<string[]> {
  checkAdminCity(user, query.cod_cidade);
  return (await repo.subscriptionsOf(deps.db, audienceOf(query.TODOS, query.cod_cidade, user))).map(tokenOf);
}

/** The endpoint of a failed token: the subscription JSON text, or the bare endpoint. */
function endpointOf(token: string): string | null {
  const text = token.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { endpoint?: unknown };
      return typeof parsed.endpoint === 'string' ? parsed.endpoint : null;
    } catch {
      return null;
    }
  }
  return /^https?:\/\/\S+$/.test(text) ? text : null;
}

/**
 * `PATCH /v1/pushnotification/registration`: deletes the subscriptions of the failed tokens —
 * a plain admin only those of its own city's people and partners, the super-admin any.
 */
export async function removeTokens(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  body: z.output<typeof RegistrationPatchBody>,
  ip: string,
): Promise<{ removidos: number }> {
  const endpoints = [...new Set(body.failedTokens.map(endpointOf).filter((e): e is string => e !== null))];
  if (endpoints.length === 0) return { removidos: 0 };
  const scope = adminCityScope(user);
  return transaction(deps.db, async (trx) => {
    const removidos = await repo.deleteByEndpoints(trx, endpoints, scope);
    if (removidos > 0) {
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'excluir',
        entidade: 'push_assinatura',
        id_entidade: 'failedTokens',
        antes: { removidos, cod_cidade: scope ?? null },
        ip,
      });
    }
    return { removidos };
  });
}
