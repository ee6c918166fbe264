import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import type { HookVisibility } from './policy.js';

/** Webhooks and their deliveries (issue 39): every query of the tables `webhooks` and `webhook_entregas`. */

/**
 * Issue 52: whether the hook `w` is active: its owner is a live account and, for a shop's hook,
 * an admin or the super-admin, or a partner still linked to that shop. A partner who loses the
 * link (or the account) stops hearing the shop's events at that moment.
 */
function activeHook(w: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${w}.${c}`);
  return sql<boolean>`exists (select 1 from usuarios o
    where o.id_usuario = ${col('id_usuario')} and o.removido_em is null
      and (${col('id_estabelecimento')} is null or o.admin = 1 or o.superadmin = 1
        or (o.parceiro = 1 and exists (select 1 from usuario_estabelecimentos ue
          where ue.id_usuario = o.id_usuario and ue.id_estabelecimento = ${col('id_estabelecimento')}))))`;
}

/** Issue 52: of these hooks, the active ones (an event is delivered to those only). */
export async function activeHooks(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('webhooks as w')
    .select('w.id_webhook')
    .where('w.id_webhook', 'in', ids)
    .where(activeHook('w'))
    .orderBy('w.id_webhook')
    .execute();
  return rows.map((r) => r.id_webhook);
}

/** The live hooks of a city, for the in-memory directory of each instance. */
export function liveHooksOfCity(db: Kysely<Database>, codCidade: number) {
  return db
    .selectFrom('webhooks')
    .select(['id_webhook', 'id_estabelecimento', 'eventos'])
    .where('cod_cidade', '=', codCidade)
    .where('removido_em', 'is', null)
    .execute();
}

export async function insertHook(
  db: Kysely<Database>,
  h: {
    id_usuario: number;
    cod_cidade: number;
    id_estabelecimento: number | null;
    url: string;
    eventos: string;
    segredo: string;
    criado_em: string;
  },
): Promise<number> {
  const { id_webhook } = await db
    .insertInto('webhooks')
    .values(h)
    .returning('id_webhook')
    .executeTakeFirstOrThrow();
  return id_webhook;
}

/** The live hooks a caller sees (the policy's {@link HookVisibility}), joined with their shop. */
function visibleHooks(db: Kysely<Database>, visible: HookVisibility) {
  let q = db
    .selectFrom('webhooks as w')
    .leftJoin('estabelecimentos as e', 'e.id_estabelecimento', 'w.id_estabelecimento')
    .where('w.removido_em', 'is', null);
  if ('city' in visible) q = q.where('w.cod_cidade', '=', visible.city);
  else if ('shops' in visible) {
    q =
      visible.shops.length === 0
        ? q.where('w.id_webhook', '=', -1)
        : q.where('w.id_estabelecimento', 'in', visible.shops);
  }
  return q;
}

export function listVisibleHooks(db: Kysely<Database>, visible: HookVisibility) {
  return visibleHooks(db, visible)
    .select([
      'w.id_webhook',
      'w.url',
      'w.eventos',
      'w.cod_cidade',
      'w.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'w.criado_em',
      activeHook('w').as('ativo'),
    ])
    .orderBy('w.id_webhook', 'desc')
    .execute();
}

export function findVisibleHook(db: Kysely<Database>, visible: HookVisibility, idWebhook: number) {
  return visibleHooks(db, visible)
    .select(['w.id_webhook', 'w.cod_cidade', 'w.id_estabelecimento', 'w.url', 'w.eventos'])
    .where('w.id_webhook', '=', idWebhook)
    .executeTakeFirst();
}

export async function markHookRemoved(db: Kysely<Database>, idWebhook: number, at: string): Promise<void> {
  await db.updateTable('webhooks').set({ removido_em: at }).where('id_webhook', '=', idWebhook).execute();
}

// ── Deliveries ────────────────────────────────────────────────────────────────

export async function insertDelivery(
  db: Kysely<Database>,
  d: { id_webhook: number; evento: string; corpo: string; criada_em: string },
): Promise<number> {
  const { id_entrega } = await db
    .insertInto('webhook_entregas')
    .values(d)
    .returning('id_entrega')
    .executeTakeFirstOrThrow();
  return id_entrega;
}

/** The last `limit` deliveries of a hook, newest first. */
export function lastDeliveries(db: Kysely<Database>, idWebhook: number, limit: number) {
  return db
    .selectFrom('webhook_entregas')
    .select(['id_entrega', 'evento', 'situacao', 'tentativas', 'status', 'erro', 'criada_em', 'tentada_em'])
    .where('id_webhook', '=', idWebhook)
    .orderBy('id_entrega', 'desc')
    .limit(limit)
    .execute();
}

export type DeliveryRow = Awaited<ReturnType<typeof lastDeliveries>>[number];

/** A delivery with what sending it needs: its hook's URL, secret and whether it was removed. */
export function deliveryToSend(db: Kysely<Database>, idEntrega: number) {
  return db
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
      activeHook('w').as('ativo'),
    ])
    .where('d.id_entrega', '=', idEntrega)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Kysely<Database>,
  idEntrega: number,
  a: { situacao: string; tentativas: number; status: number | null; erro: string | null; tentada_em: string },
): Promise<void> {
  await db.updateTable('webhook_entregas').set(a).where('id_entrega', '=', idEntrega).execute();
}
