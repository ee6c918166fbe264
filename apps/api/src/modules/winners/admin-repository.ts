import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import {
  couponsTable,
  holdLiveCoupon as holdCoupon,
  releaseCoupon as releaseDrawnCoupon,
} from '../coupons/queries.js';
import { salesTable } from '../sales/live.js';

/**
 * SQL of the admin winners (issue 6). Every function takes `db` or a transaction first, so
 * the service runs several in one transaction. Photos are read with `listPhotos` of
 * ./repository.js (the public list's, same table, same order).
 */

/** A winner with what the admin screens show of its campaign, coupon, sale, shop and person. */
function winnerQuery(db: Kysely<Database>) {
  return db
    .selectFrom('contemplados as w')
    .innerJoin('campanhas as c', 'c.id_campanha', 'w.id_campanha')
    .leftJoin('estabelecimentos as e', 'e.id_estabelecimento', 'w.id_estabelecimento')
    .leftJoin(couponsTable('k'), 'k.id_cupom', 'w.id_cupom')
    .leftJoin(salesTable('v'), 'v.id_venda', 'w.id_venda')
    .leftJoin('usuarios as u', 'u.id_usuario', 'w.id_usuario');
}

const winnerColumns = [
  'w.id_sorteado',
  'w.id_campanha',
  'c.den_campanha',
  'c.banner',
  'c.cod_cidade',
  'w.id_cupom',
  'k.numero as numero_cupom',
  'w.id_usuario',
  'u.nome as nome_usuario',
  'u.endereco as endereco_usuario',
  'u.numero as numero_usuario',
  'u.removido_em as usuario_removido_em',
  'w.id_estabelecimento',
  'e.nome as nom_estabelecimento',
  'w.nome_sorteado',
  'w.data_sorteio',
  'w.id_vendedor',
  'w.nome_vendedor',
  'w.id_venda',
  'v.dat_venda',
  'v.numero_venda',
  'v.valor_centavos',
  'w.id_apuracao',
  'w.anulado_em',
  'w.motivo_anulacao',
  'w.entregue_em',
] as const;

export interface WinnerFilter {
  codCidade: number;
  /** Only this campaign's winners. */
  idCampanha?: number;
  /** A LIKE pattern (escaped with `\`, lower case) on the winner's name or the campaign's description. */
  like?: string;
}

/**
 * A city's winners, newest draw date first (then id desc), one page and the total. `lower()`
 * on both sides: Unicode-aware in PostgreSQL, ASCII in SQLite, the same on both sides of the
 * comparison in each, so a search never misses what it typed exactly.
 */
export async function listByCity(
  db: Kysely<Database>,
  f: WinnerFilter,
  page: { offset: number; limit: number },
) {
  let q = winnerQuery(db).where('c.cod_cidade', '=', f.codCidade);
  if (f.idCampanha !== undefined) q = q.where('w.id_campanha', '=', f.idCampanha);
  const { like } = f;
  if (like !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(w.nome_sorteado)`, 'like', sql<string>`${like} escape '\\'`),
        eb(sql<string>`lower(c.den_campanha)`, 'like', sql<string>`${like} escape '\\'`),
      ]),
    );
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(winnerColumns)
    .orderBy('w.data_sorteio', 'desc')
    .orderBy('w.id_sorteado', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function findWinner(db: Kysely<Database>, idSorteado: number) {
  return winnerQuery(db).select(winnerColumns).where('w.id_sorteado', '=', idSorteado).executeTakeFirst();
}

export type WinnerRow = NonNullable<Awaited<ReturnType<typeof findWinner>>>;

/**
 * The stored winner with its campaign's city and its coupon's number, locked for the rest of
 * the transaction in PostgreSQL (SQLite has one writer), so two edits of one winner queue.
 */
export function lockWinner(trx: Kysely<Database>, dialect: Dialect, idSorteado: number) {
  const q = trx
    .selectFrom('contemplados as w')
    .innerJoin('campanhas as c', 'c.id_campanha', 'w.id_campanha')
    .leftJoin(couponsTable('k'), 'k.id_cupom', 'w.id_cupom')
    .select([
      'w.id_sorteado',
      'w.id_campanha',
      'c.cod_cidade',
      'w.id_cupom',
      'k.numero as numero_cupom',
      'w.id_usuario',
      'w.id_estabelecimento',
      'w.id_venda',
      'w.id_vendedor',
      'w.nome_vendedor',
      'w.nome_sorteado',
      'w.data_sorteio',
      'w.id_apuracao',
      'w.anulado_em',
      'w.entregue_em',
    ])
    .where('w.id_sorteado', '=', idSorteado);
  return (dialect === 'postgres' ? q.forUpdate('w') : q).executeTakeFirst();
}

export type StoredWinner = NonNullable<Awaited<ReturnType<typeof lockWinner>>>;

export function findCampaign(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('campanhas')
    .select(['id_campanha', 'cod_cidade'])
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
}

/** A coupon of a campaign by its number, with its holder's name (null once removed). */
export function findCouponByNumber(db: Kysely<Database>, idCampanha: number, numero: number) {
  return db
    .selectFrom(couponsTable('k'))
    .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .select([
      'k.id_cupom',
      'k.id_campanha',
      'k.numero',
      'k.id_usuario',
      'k.id_venda',
      'k.id_estabelecimento',
      'k.anulado_em',
      'k.sorteado_em',
      'u.nome',
      'u.removido_em',
    ])
    .where('k.id_campanha', '=', idCampanha)
    .where('k.numero', '=', numero)
    .executeTakeFirst();
}

export type CouponRow = NonNullable<Awaited<ReturnType<typeof findCouponByNumber>>>;

/** True when a winner other than `exceptSorteado` is linked to the coupon. */
export async function couponLinkedElsewhere(
  db: Kysely<Database>,
  idCupom: number,
  exceptSorteado?: number,
): Promise<boolean> {
  let q = db.selectFrom('contemplados').select('id_sorteado').where('id_cupom', '=', idCupom);
  if (exceptSorteado !== undefined) q = q.where('id_sorteado', '<>', exceptSorteado);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Holds a coupon being linked by hand while it is still live (not voided): a no-op update that
 * takes the row, so a sale edit voiding it meanwhile either waits for this transaction or makes
 * it see the coupon voided. It never marks the coupon drawn: a winner made by hand does not take
 * a ticket out of later draws (issue 49; only apuração and instant-draw wins do). Answers
 * whether the coupon is live.
 */
export const holdLiveCoupon = holdCoupon;

/**
 * Gives a coupon linked by hand back to future draws (since issue 49 a hand link no longer marks
 * it; this still releases one marked before): clears `sorteado_em` unless a draw
 * record (`sorteios`) points at it — a coupon a real draw picked stays drawn for good, that is
 * the audit trail of the draw — or another winner is still linked to it.
 */
export const releaseCoupon = releaseDrawnCoupon;

/**
 * A person who may be named a winner of a campaign: registered, not removed, and of the
 * campaign's city or holding a coupon of the campaign. Anyone else is not found, so the editor
 * never shows another city's person (domain §3).
 */
export function findUser(
  db: Kysely<Database>,
  idUsuario: number,
  campaign: { id_campanha: number; cod_cidade: number },
) {
  return db
    .selectFrom('usuarios as u')
    .select(['u.id_usuario', 'u.nome'])
    .where('u.id_usuario', '=', idUsuario)
    .where('u.removido_em', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.cod_cidade', '=', campaign.cod_cidade),
        eb.exists(
          eb
            .selectFrom(couponsTable('k'))
            .select('k.id_cupom')
            .whereRef('k.id_usuario', '=', 'u.id_usuario')
            .where('k.id_campanha', '=', campaign.id_campanha),
        ),
      ]),
    )
    .executeTakeFirst();
}

export interface WinnerValues {
  id_campanha: number;
  id_cupom: number | null;
  id_usuario: number | null;
  id_estabelecimento: number | null;
  id_venda: number | null;
  id_vendedor: number | null;
  nome_vendedor: string;
  nome_sorteado: string;
  data_sorteio: string;
  /** Set only for an apuração's winner: its apuração and prize (1–5). */
  id_apuracao?: number;
  premio?: number;
  /** A substitute's apuracao_suplentes row (issue 49). */
  id_suplente?: number;
}

export async function insertWinner(trx: Kysely<Database>, v: WinnerValues, at: string): Promise<number> {
  const { id_sorteado } = await trx
    .insertInto('contemplados')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .returning('id_sorteado')
    .executeTakeFirstOrThrow();
  return id_sorteado;
}

export async function updateWinner(
  trx: Kysely<Database>,
  idSorteado: number,
  v: WinnerValues,
  at: string,
): Promise<void> {
  await trx
    .updateTable('contemplados')
    .set({ ...v, atualizado_em: at })
    .where('id_sorteado', '=', idSorteado)
    .execute();
}

/**
 * True when a draw chose this winner: an instant draw's record points at it, or it came from an
 * apuração. Such a winner is annulled, never deleted (no hidden re-draws).
 */
export async function cameFromDraw(
  db: Kysely<Database>,
  w: { id_sorteado: number; id_apuracao: number | null },
) {
  if (w.id_apuracao !== null) return true;
  const r = await db
    .selectFrom('sorteios')
    .select('id')
    .where('id_sorteado', '=', w.id_sorteado)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** Annuls a winner with its public reason and who did it; the coupon stays drawn. */
export async function annulWinner(
  trx: Kysely<Database>,
  idSorteado: number,
  a: {
    motivo: string;
    tipo?: 'nao_localizado' | 'titular_inelegivel' | 'venda_anulada';
    por: number | null;
    at: string;
  },
): Promise<void> {
  await trx
    .updateTable('contemplados')
    .set({
      anulado_em: a.at,
      motivo_anulacao: a.motivo,
      tipo_anulacao: a.tipo ?? 'nao_localizado',
      anulado_por: a.por,
      atualizado_em: a.at,
    })
    .where('id_sorteado', '=', idSorteado)
    .execute();
}

/** Records the prize as delivered at `at`. */
export async function markDelivered(trx: Kysely<Database>, idSorteado: number, at: string): Promise<void> {
  await trx
    .updateTable('contemplados')
    .set({ entregue_em: at, atualizado_em: at })
    .where('id_sorteado', '=', idSorteado)
    .execute();
}

/**
 * Deletes a winner and its photos (explicitly, though the foreign key cascades too); a draw
 * record (`sorteios`) keeps its row, its `id_sorteado` set null by the foreign key.
 */
export async function deleteWinner(trx: Kysely<Database>, idSorteado: number): Promise<void> {
  await trx.deleteFrom('contemplado_fotos').where('id_sorteado', '=', idSorteado).execute();
  await trx.deleteFrom('contemplados').where('id_sorteado', '=', idSorteado).execute();
}

/** The whole photo list of a winner, in order (`ordem` 0..n-1). */
export async function replacePhotos(
  trx: Kysely<Database>,
  idSorteado: number,
  urls: string[],
): Promise<void> {
  await trx.deleteFrom('contemplado_fotos').where('id_sorteado', '=', idSorteado).execute();
  if (urls.length === 0) return;
  await trx
    .insertInto('contemplado_fotos')
    .values(urls.map((url_foto, ordem) => ({ id_sorteado: idSorteado, url_foto, ordem })))
    .execute();
}
