import type { z } from 'zod';
import type {
  AlvoPush,
  DestinoNotificacao,
  NotificacaoAdminBody,
  RegistrationPatchBody,
  RegistrationQuery,
  ResultadoEnvioNotificacao,
} from '@praca/contract';
import { storedImage, type AdminDeps } from '../shared/admin.js';
import { nowIso } from '../../lib/clock.js';
import { forEachConcurrently, pushPayload, type PushOutcome } from '../../lib/web-push.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity, checkCityExists } from '../cities/admin-scope.js';
import { adminCityScope } from '../cities/policy.js';
import * as repo from './admin-repository.js';
import { PUSH_CONCURRENCY, type Push } from './push.js';

/**
 * The admin push form (issue 8; spec §2, §4 push send flow, §7; domain §8, §10). The server
 * itself fans a notification out: one user-notification row per person reached (one INSERT …
 * SELECT), then one Web Push message per subscription of the push target, read in pages of
 * {@link PAGE_SIZE} by id and sent with {@link PUSH_CONCURRENCY} requests in flight.
 * Subscriptions the push service answers 404 or 410 are deleted.
 */

export interface NotificationDeps extends AdminDeps {
  push: Push;
  /** PUBLIC_URL without the trailing slash: the images in a push are absolute URLs. */
  publicUrl: string;
}

/** Subscriptions read per query during a fan-out. */
const PAGE_SIZE = 500;
/** Gone subscriptions are deleted in batches of this many. */
const DELETE_BATCH = 200;

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

/** Pages of an audience's subscriptions, by id. */
async function* subscriptions(deps: NotificationDeps, a: repo.Audience) {
  let after = 0;
  for (;;) {
    const page = await repo.subscriptionsPage(deps.db, a, after, PAGE_SIZE);
    yield* page;
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1].id;
  }
}

/**
 * `POST /v1/adm/notificacao?p=`: stores the notification and its rows (audited), sends the
 * pushes, deletes the gone subscriptions and keeps the counts on the notification.
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
  const sender = await deps.push.sender();
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
  const { id, destinatarios } = await deps.db.transaction().execute(async (trx) => {
    const idNotificacao = await repo.insertNotification(trx, values, at);
    const n = await repo.insertMessagesFor(
      trx,
      audienceOf(destino, body.cod_cidade, user),
      idNotificacao,
      values,
      at,
    );
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'notificacao',
      id_entidade: idNotificacao,
      depois: { ...values, push: alvo, destinatarios: n },
      ip,
    });
    return { id: idNotificacao, destinatarios: n };
  });

  const payload = pushPayload({
    title: values.title,
    body: values.body,
    image: pushImageUrl(image, deps.publicUrl, deps.basePath),
    url: `${deps.basePath}notificacao`,
    id_notificacao: id,
  });
  const counts: Record<PushOutcome, number> = { enviada: 0, removida: 0, falha: 0 };
  let gone: number[] = [];
  const flushGone = async () => {
    const ids = gone;
    gone = [];
    await repo.deleteSubscriptions(deps.db, ids);
  };
  await forEachConcurrently(
    subscriptions(deps, audienceOf(alvo, body.cod_cidade, user)),
    PUSH_CONCURRENCY,
    async (s) => {
      const outcome = await sender.send(s, payload);
      counts[outcome] += 1;
      if (outcome === 'removida') {
        gone.push(s.id);
        if (gone.length >= DELETE_BATCH) await flushGone();
      }
    },
  );
  await flushGone();

  const resultado: ResultadoEnvioNotificacao = {
    id_notificacao: id,
    destinatarios,
    enviadas: counts.enviada,
    falhas: counts.falha + counts.removida,
    removidas: counts.removida,
  };
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateCounts(trx, id, resultado.enviadas, resultado.falhas);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'enviar',
      entidade: 'notificacao',
      id_entidade: id,
      depois: resultado,
      ip,
    });
  });
  return resultado;
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
  return deps.db.transaction().execute(async (trx) => {
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
