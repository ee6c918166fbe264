import type { Kysely } from 'kysely';
import { NOTIFICACOES_POR_LISTA } from '@praca/contract';
import type { Database } from '../../db/types.js';

/** SQL of a person's notifications and push subscriptions (issue 8). */

const messageColumns = [
  'id_message',
  'id_notificacao',
  'type',
  'title',
  'body',
  'image',
  'dat_recece',
  'lida_em',
] as const;

/** A person's notifications, newest first: the unread ones (the badge counts them) or all. */
export function listMessages(db: Kysely<Database>, idUsuario: number, which: 'unread' | 'all') {
  let q = db.selectFrom('usuario_notificacoes').select(messageColumns).where('id_usuario', '=', idUsuario);
  if (which === 'unread') q = q.where('lida_em', 'is', null);
  return q
    .orderBy('dat_recece', 'desc')
    .orderBy('id_message', 'desc')
    .limit(NOTIFICACOES_POR_LISTA)
    .execute();
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/** Marks those of the ids that are the person's own and still unread as read at `at`. */
export async function markRead(
  db: Kysely<Database>,
  idUsuario: number,
  idMessages: readonly number[],
  at: string,
): Promise<void> {
  await db
    .updateTable('usuario_notificacoes')
    .set({ lida_em: at })
    .where('id_usuario', '=', idUsuario)
    .where('id_message', 'in', idMessages)
    .where('lida_em', 'is', null)
    .execute();
}

/** Deletes one of a person's notifications; false when that person has none of that id. */
export async function deleteOwnMessage(
  db: Kysely<Database>,
  idUsuario: number,
  idMessage: number,
): Promise<boolean> {
  const r = await db
    .deleteFrom('usuario_notificacoes')
    .where('id_message', '=', idMessage)
    .where('id_usuario', '=', idUsuario)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export function findOwnByNotification(db: Kysely<Database>, idUsuario: number, idNotificacao: number) {
  return db
    .selectFrom('usuario_notificacoes')
    .select(messageColumns)
    .where('id_usuario', '=', idUsuario)
    .where('id_notificacao', '=', idNotificacao)
    .executeTakeFirst();
}

export function notificationExists(db: Kysely<Database>, idNotificacao: number) {
  return db
    .selectFrom('notificacoes')
    .select('id_notificacao')
    .where('id_notificacao', '=', idNotificacao)
    .executeTakeFirst();
}

export interface MessageValues {
  id_usuario: number;
  id_notificacao: number | null;
  type: string;
  title: string;
  body: string;
  image: string;
  dat_recece: string;
}

/**
 * Stores a notification of a person; undefined when the person already holds that
 * `id_notificacao` (unique index usuario_notificacoes_uq).
 */
export function insertMessage(db: Kysely<Database>, v: MessageValues) {
  return db
    .insertInto('usuario_notificacoes')
    .values(v)
    .onConflict((oc) => oc.columns(['id_usuario', 'id_notificacao']).doNothing())
    .returning(messageColumns)
    .executeTakeFirst();
}

// --- push subscriptions ----------------------------------------------------------------------

export interface SubscriptionValues {
  id_usuario: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  ies_promocao: 'S' | 'N';
  ies_live: 'S' | 'N';
  ies_sorteio: 'S' | 'N';
  device: string;
  os_version: string;
  ip: string;
}

export async function countSubscriptions(db: Kysely<Database>, idUsuario: number): Promise<number> {
  const row = await db
    .selectFrom('push_assinaturas')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id_usuario', '=', idUsuario)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findSubscription(db: Kysely<Database>, endpoint: string) {
  return db
    .selectFrom('push_assinaturas')
    .select(['id', 'id_usuario'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/** One row per endpoint: a new one, or the same endpoint's keys, flags and owner updated. */
export async function upsertSubscription(
  db: Kysely<Database>,
  v: SubscriptionValues,
  at: string,
): Promise<void> {
  const changes = {
    id_usuario: v.id_usuario,
    p256dh: v.p256dh,
    auth: v.auth,
    ies_promocao: v.ies_promocao,
    ies_live: v.ies_live,
    ies_sorteio: v.ies_sorteio,
    device: v.device,
    os_version: v.os_version,
    ip: v.ip,
  };
  await db
    .insertInto('push_assinaturas')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...changes, atualizado_em: at }))
    .execute();
}
