import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * SQL of the admin notification fan-out and of the registration tokens (issue 8). Who is
 * reached is one `where` on `usuarios` (alias `u`), so the rows are one INSERT … SELECT and the
 * subscriptions one keyset-paged join, however big the city.
 */

/**
 * Whom a notification reaches: `todos` the city's people (not removed), `parceiros` its
 * partners — people with the partner flag who live in the city or run one of its shops — and
 * `eu` the sender alone.
 */
export type Audience = { kind: 'todos' | 'parceiros'; codCidade: number } | { kind: 'eu'; idUsuario: number };

/** The ids of the people of an audience, as a subquery. */
function audienceIds(db: Kysely<Database>, a: Audience) {
  const q = db.selectFrom('usuarios as u').select('u.id_usuario').where('u.removido_em', 'is', null);
  if (a.kind === 'eu') return q.where('u.id_usuario', '=', a.idUsuario);
  if (a.kind === 'todos') return q.where('u.cod_cidade', '=', a.codCidade);
  return q
    .where('u.parceiro', '=', 1)
    .where((eb) =>
      eb.or([
        eb('u.cod_cidade', '=', a.codCidade),
        eb.exists(
          eb
            .selectFrom('usuario_estabelecimentos as ue')
            .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ue.id_estabelecimento')
            .select('ue.id_usuario')
            .whereRef('ue.id_usuario', '=', 'u.id_usuario')
            .where('e.cod_cidade', '=', a.codCidade),
        ),
      ]),
    );
}

export interface NotificationValues {
  cod_cidade: number;
  destino: 'N' | 'P' | 'I';
  type: string;
  title: string;
  body: string;
  image: string;
  enviado_por: number;
}

export async function insertNotification(
  trx: Kysely<Database>,
  v: NotificationValues,
  at: string,
): Promise<number> {
  const { id_notificacao } = await trx
    .insertInto('notificacoes')
    .values({ ...v, criado_em: at })
    .returning('id_notificacao')
    .executeTakeFirstOrThrow();
  return id_notificacao;
}

/** One user-notification row per person of the audience, in one statement; answers how many. */
export async function insertMessagesFor(
  trx: Kysely<Database>,
  a: Audience,
  idNotificacao: number,
  v: Pick<NotificationValues, 'type' | 'title' | 'body' | 'image'>,
  at: string,
): Promise<number> {
  const source = audienceIds(trx, a).select([
    sql<number>`cast(${idNotificacao} as integer)`.as('id_notificacao'),
    sql<string>`cast(${v.type} as text)`.as('type'),
    sql<string>`cast(${v.title} as text)`.as('title'),
    sql<string>`cast(${v.body} as text)`.as('body'),
    sql<string>`cast(${v.image} as text)`.as('image'),
    sql<string>`cast(${at} as text)`.as('dat_recece'),
  ]);
  const r = await trx
    .insertInto('usuario_notificacoes')
    .columns(['id_usuario', 'id_notificacao', 'type', 'title', 'body', 'image', 'dat_recece'])
    .expression(source)
    .onConflict((oc) => oc.columns(['id_usuario', 'id_notificacao']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

export async function deleteSubscriptions(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('push_assinaturas').where('id', 'in', ids).execute();
}

export async function updateCounts(
  db: Kysely<Database>,
  idNotificacao: number,
  enviadas: number,
  falhas: number,
): Promise<void> {
  await db
    .updateTable('notificacoes')
    .set({ qtd_enviadas: enviadas, qtd_falhas: falhas })
    .where('id_notificacao', '=', idNotificacao)
    .execute();
}

/** Every subscription of an audience (the registration tokens), oldest first. */
export function subscriptionsOf(db: Kysely<Database>, a: Audience) {
  return db
    .selectFrom('push_assinaturas as ps')
    .select(['ps.endpoint', 'ps.p256dh', 'ps.auth'])
    .where('ps.id_usuario', 'in', audienceIds(db, a))
    .orderBy('ps.id')
    .execute();
}

/**
 * Deletes the subscriptions of these endpoints; with `codCidade`, only those of that city's
 * people and partners (the people its admin reaches). Answers how many went.
 */
export async function deleteByEndpoints(
  db: Kysely<Database>,
  endpoints: string[],
  codCidade: number | undefined,
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < endpoints.length; i += 500) {
    let q = db.deleteFrom('push_assinaturas').where('endpoint', 'in', endpoints.slice(i, i + 500));
    if (codCidade !== undefined) {
      q = q.where((eb) =>
        eb.or([
          eb('id_usuario', 'in', audienceIds(db, { kind: 'todos', codCidade })),
          eb('id_usuario', 'in', audienceIds(db, { kind: 'parceiros', codCidade })),
        ]),
      );
    }
    removed += Number((await q.executeTakeFirst()).numDeletedRows);
  }
  return removed;
}

// --- the fan-out's deliveries (issue 38) -------------------------------------------------------

export type Situacao = 'pendente' | 'enviada' | 'falha' | 'removida';

/** One pending delivery per subscription of the push audience, in one statement; answers how many. */
export async function insertDeliveries(
  trx: Kysely<Database>,
  a: Audience,
  idNotificacao: number,
): Promise<number> {
  const source = trx
    .selectFrom('push_assinaturas as ps')
    .select([sql<number>`cast(${idNotificacao} as integer)`.as('id_notificacao'), 'ps.id as id_assinatura'])
    .where('ps.id_usuario', 'in', audienceIds(trx, a));
  const r = await trx
    .insertInto('notificacao_envios')
    .columns(['id_notificacao', 'id_assinatura'])
    .expression(source)
    .onConflict((oc) => oc.columns(['id_notificacao', 'id_assinatura']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/** The first subscription id of each batch of `size` deliveries, in order. */
export async function batchStarts(
  trx: Kysely<Database>,
  idNotificacao: number,
  size: number,
): Promise<number[]> {
  const { rows } = await sql<{ id_assinatura: number }>`
    select id_assinatura from (
      select id_assinatura, row_number() over (order by id_assinatura) as rn
      from notificacao_envios where id_notificacao = ${idNotificacao}
    ) x where (rn - 1) % ${size} = 0 order by id_assinatura`.execute(trx);
  return rows.map((r) => Number(r.id_assinatura));
}

/** What a push of the notification carries. */
export function notificationForPush(db: Kysely<Database>, idNotificacao: number) {
  return db
    .selectFrom('notificacoes')
    .select(['title', 'body', 'image'])
    .where('id_notificacao', '=', idNotificacao)
    .executeTakeFirst();
}

/** The pending deliveries of a batch, with their subscription (null once it was deleted). */
export function pendingDeliveries(
  db: Kysely<Database>,
  idNotificacao: number,
  de: number,
  ate: number | null,
) {
  let q = db
    .selectFrom('notificacao_envios as e')
    .leftJoin('push_assinaturas as ps', 'ps.id', 'e.id_assinatura')
    .select(['e.id_assinatura as id', 'ps.endpoint', 'ps.p256dh', 'ps.auth'])
    .where('e.id_notificacao', '=', idNotificacao)
    .where('e.situacao', '=', 'pendente')
    .where('e.id_assinatura', '>=', de);
  if (ate !== null) q = q.where('e.id_assinatura', '<', ate);
  return q.orderBy('e.id_assinatura').execute();
}

/** Records how one pending delivery went. */
export async function markDelivery(
  db: Kysely<Database>,
  idNotificacao: number,
  idAssinatura: number,
  situacao: Exclude<Situacao, 'pendente'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('notificacao_envios')
    .set({ situacao, atualizado_em: at })
    .where('id_notificacao', '=', idNotificacao)
    .where('id_assinatura', '=', idAssinatura)
    .where('situacao', '=', 'pendente')
    .execute();
}

/** Deliveries by state, per notification. */
export async function deliveryCounts(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, Record<Situacao, number>>> {
  const out = new Map<number, Record<Situacao, number>>();
  for (const id of ids) out.set(id, { pendente: 0, enviada: 0, falha: 0, removida: 0 });
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('notificacao_envios')
    .select(['id_notificacao', 'situacao', (eb) => eb.fn.countAll<number>().as('n')])
    .where('id_notificacao', 'in', ids)
    .groupBy(['id_notificacao', 'situacao'])
    .execute();
  for (const r of rows) out.get(r.id_notificacao)![r.situacao] = Number(r.n);
  return out;
}

/** A city's latest notifications, newest first. */
export function recentNotifications(db: Kysely<Database>, codCidade: number, limit: number) {
  return db
    .selectFrom('notificacoes')
    .select(['id_notificacao', 'title', 'destino', 'criado_em'])
    .where('cod_cidade', '=', codCidade)
    .orderBy('id_notificacao', 'desc')
    .limit(limit)
    .execute();
}
