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
import { nowIso } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { checkEndpoint } from '../../lib/outbound-http.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity } from '../cities/admin-scope.js';
import { shopToRun } from '../establishments/service.js';
import type { EventScope } from './directory.js';
import { hookVisibility, mayHookCity, mayHookShop } from './policy.js';
import { eventsOf, presentDelivery, presentHook } from './presenter.js';
import * as repo from './repository.js';

/**
 * Registering webhooks (issue 39, decision 050): an admin registers an https URL for events of
 * its city, a partner for events of one of its shops. The URL must be one the server sends to
 * (lib/outbound-http.ts); the signing secret is shown once. Events are emitted through
 * webhooks.ts and sent by the delivery job (delivery.ts).
 */

/** How many deliveries a hook's history shows, newest first. */
const HISTORY_LIMIT = 100;

export interface WebhookDeps {
  db: Kysely<Database>;
  allowLoopback: boolean;
  /** Tells every instance the city's hooks changed (the city cache's invalidation). */
  changed(codCidade: number): void;
}

/** The city and shop a new hook listens to, as the caller may choose them. */
async function scopeFor(
  db: Kysely<Database>,
  user: AuthUser,
  body: { id_estabelecimento?: number; cod_cidade?: number },
): Promise<EventScope> {
  if (body.id_estabelecimento !== undefined) {
    const shop = await shopToRun(db, user, body.id_estabelecimento);
    if (!mayHookShop(user, shop.id_estabelecimento)) throw new HttpError(403, MSG.semPermissao);
    return { cod_cidade: shop.cod_cidade, id_estabelecimento: shop.id_estabelecimento };
  }
  if (!mayHookCity(user)) throw new HttpError(400, MSG_INTEGRACAO.escolhaEstabelecimento);
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
    const id_webhook = await repo.insertHook(trx, {
      id_usuario: user.id,
      cod_cidade: scope.cod_cidade,
      id_estabelecimento: scope.id_estabelecimento,
      url: body.url,
      eventos: JSON.stringify(eventos),
      segredo,
      criado_em: nowIso(),
    });
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
export async function listHooks(db: Kysely<Database>, user: AuthUser): Promise<WebhookItem[]> {
  return (await repo.listVisibleHooks(db, hookVisibility(user))).map(presentHook);
}

/**
 * A hook the caller sees; another's that exists and an unknown one answer alike, 404 (issue 52:
 * an id tells nothing of what the caller may not see).
 */
async function hookOf(db: Kysely<Database>, user: AuthUser, idWebhook: number) {
  const hook = await repo.findVisibleHook(db, hookVisibility(user), idWebhook);
  if (hook) return hook;
  throw new HttpError(404, MSG_INTEGRACAO.webhookNaoEncontrado);
}

export async function removeHook(
  deps: WebhookDeps,
  user: AuthUser,
  idWebhook: number,
  ip: string,
): Promise<void> {
  const hook = await hookOf(deps.db, user, idWebhook);
  await transaction(deps.db, async (trx) => {
    await repo.markHookRemoved(trx, idWebhook, nowIso());
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'webhook',
      id_entidade: idWebhook,
      antes: { ...hook, eventos: eventsOf(hook.eventos) },
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
  return (await repo.lastDeliveries(db, idWebhook, HISTORY_LIMIT)).map(presentDelivery);
}
