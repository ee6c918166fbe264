import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/**
 * All SQL of the prize draw (domain §5). Every function takes `db` or the draw's transaction
 * first. The eligible coupons are read through `cupons_elegiveis_idx` (migration
 * 2026-11-24T1000-sorteios): a partial index on (id_campanha, numero, id_usuario,
 * id_estabelecimento) of the coupons neither voided nor drawn.
 */

/** Which coupons of a campaign may win (domain §5). */
export interface Eligibility {
  idCampanha: number;
  /** `musuario = N`: leave out every coupon of a person who already won in the campaign. */
  semUsuariosContemplados: boolean;
  /** `mloja = N`: leave out every coupon issued by a shop that already produced a winner. */
  semLojasContempladas: boolean;
}

/** The one definition of "eligible", shared by every query below. */
function eligible(db: Kysely<Database>, e: Eligibility) {
  let q = db
    .selectFrom('cupons as k')
    .where('k.id_campanha', '=', e.idCampanha)
    .where('k.anulado_em', 'is', null)
    .where('k.sorteado_em', 'is', null);
  // NOT IN over a small subquery (the campaign's winners): both databases build it once as a
  // hashed set; the `is not null` keeps NOT IN from turning into "unknown" for every row.
  if (e.semUsuariosContemplados) {
    q = q.where(
      'k.id_usuario',
      'not in',
      db
        .selectFrom('contemplados as w')
        .select('w.id_usuario')
        .where('w.id_campanha', '=', e.idCampanha)
        .where('w.id_usuario', 'is not', null)
        .$narrowType<{ id_usuario: number }>(),
    );
  }
  if (e.semLojasContempladas) {
    q = q.where(
      'k.id_estabelecimento',
      'not in',
      db
        .selectFrom('contemplados as w')
        .select('w.id_estabelecimento')
        .where('w.id_campanha', '=', e.idCampanha)
        .where('w.id_estabelecimento', 'is not', null)
        .$narrowType<{ id_estabelecimento: number }>(),
    );
  }
  return q;
}

export interface EligibleCoupon {
  id_cupom: number;
  numero: number;
}

const asCoupon = (r: { id_cupom: number; numero: number } | undefined): EligibleCoupon | undefined =>
  r && { id_cupom: r.id_cupom, numero: Number(r.numero) };

export async function findCampaign(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('campanhas')
    .select(['id_campanha', 'den_campanha', 'cod_cidade'])
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
}

/** A namespace for PostgreSQL advisory locks taken by draws ('sort' in ASCII). */
const DRAW_LOCK_NAMESPACE = 0x736f7274;

/**
 * Serialises the draws of one campaign until the transaction ends. PostgreSQL: a
 * transaction-level advisory lock on (draws, campaign) rather than `select … for update` on
 * the campaign row, because the sales ledger updates that row (`proximo_cupom`) while it holds
 * coupon rows it is voiding: a row lock here could close a cycle with it (a deadlock) and would
 * stall every sale of the campaign while a long seeded draw writes its ticket file. Only draws
 * take this lock. SQLite: one write transaction at a time already (one connection, and the
 * driver runs one transaction at a time on it), so there is nothing to take.
 */
export async function lockCampaignDraws(trx: Kysely<Database>, dialect: Dialect, idCampanha: number) {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${DRAW_LOCK_NAMESPACE}::int4, ${idCampanha}::int4)`.execute(trx);
}

/** How many coupons may win. */
export async function countEligible(db: Kysely<Database>, e: Eligibility): Promise<number> {
  const row = await eligible(db, e)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many coupons may win, and how many of them have a number below `numero` (the 0-based
 * rank of `numero` among them): both in one walk of the index.
 */
export async function countEligibleWithRank(
  db: Kysely<Database>,
  e: Eligibility,
  numero: number,
): Promise<{ n: number; abaixo: number }> {
  const row = await eligible(db, e)
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`count(case when ${eb.ref('k.numero')} < ${numero} then 1 end)`.as('abaixo'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), abaixo: Number(row.abaixo) };
}

/** The highest coupon number the campaign ever issued (0 without coupons); one index probe. */
export async function maxNumber(db: Kysely<Database>, idCampanha: number): Promise<number> {
  const row = await db
    .selectFrom('cupons')
    .select((eb) => eb.fn.max('numero').as('m'))
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** The coupon with this number when it may win; one probe of the unique (campaign, number) index. */
export async function eligibleByNumber(
  db: Kysely<Database>,
  e: Eligibility,
  numero: number,
): Promise<EligibleCoupon | undefined> {
  return asCoupon(
    await eligible(db, e)
      .where('k.numero', '=', numero)
      .select(['k.id_cupom', 'k.numero'])
      .executeTakeFirst(),
  );
}

/** The k-th (0-based) coupon that may win, by number: a walk of k entries of the index. */
export async function nthEligible(
  db: Kysely<Database>,
  e: Eligibility,
  k: number,
): Promise<EligibleCoupon | undefined> {
  return asCoupon(
    await eligible(db, e)
      .select(['k.id_cupom', 'k.numero'])
      .orderBy('k.numero')
      .limit(1)
      .offset(k)
      .executeTakeFirst(),
  );
}

/** The coupon of a campaign with this number, whatever its state. */
export async function couponByNumber(
  db: Kysely<Database>,
  idCampanha: number,
  numero: number,
): Promise<EligibleCoupon | undefined> {
  return asCoupon(
    await db
      .selectFrom('cupons')
      .select(['id_cupom', 'numero'])
      .where('id_campanha', '=', idCampanha)
      .where('numero', '=', numero)
      .executeTakeFirst(),
  );
}

/** Up to `limit` eligible coupons after number `after`, by number, for the ticket file. */
export async function ticketBatch(db: Kysely<Database>, e: Eligibility, after: number, limit: number) {
  const rows = await eligible(db, e)
    .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
    .select(['k.numero', 'u.nome as participante', 's.nome as estabelecimento'])
    .where('k.numero', '>', after)
    .orderBy('k.numero')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, numero: Number(r.numero) }));
}

/**
 * Marks the coupon drawn unless it was drawn or voided meanwhile; answers whether it did.
 * The last line of defence against two draws (or a draw and a hand-made winner, or a sale
 * edit voiding it) taking the same coupon.
 */
export async function markDrawn(trx: Kysely<Database>, idCupom: number, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('cupons')
    .set({ sorteado_em: at })
    .where('id_cupom', '=', idCupom)
    .where('sorteado_em', 'is', null)
    .where('anulado_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What the winner's row needs from the coupon: its owner, shop, sale and the sale's seller. */
export async function couponForWinner(trx: Kysely<Database>, idCupom: number) {
  const r = await trx
    .selectFrom('cupons as k')
    .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
    .innerJoin('vendas as v', 'v.id_venda', 'k.id_venda')
    .leftJoin('vendedores as d', 'd.id_vendedor', 'v.id_vendedor')
    .select([
      'k.id_cupom',
      'k.numero',
      'k.id_usuario',
      'u.nome as nome_usuario',
      'k.id_estabelecimento',
      's.nome as nome_estabelecimento',
      'k.id_venda',
      'v.id_vendedor',
      'd.nome_vendedor',
    ])
    .where('k.id_cupom', '=', idCupom)
    .executeTakeFirstOrThrow();
  return { ...r, numero: Number(r.numero) };
}

export interface WinnerValues {
  id_campanha: number;
  id_cupom: number;
  id_usuario: number;
  id_estabelecimento: number;
  id_venda: number;
  id_vendedor: number | null;
  nome_vendedor: string;
  nome_sorteado: string;
  data_sorteio: string;
  at: string;
}

export async function insertWinner(trx: Kysely<Database>, v: WinnerValues): Promise<number> {
  const { at, ...values } = v;
  const row = await trx
    .insertInto('contemplados')
    .values({ ...values, criado_em: at, atualizado_em: at })
    .returning('id_sorteado')
    .executeTakeFirstOrThrow();
  return row.id_sorteado;
}

export interface DrawValues {
  id_campanha: number;
  id_cupom: number;
  id_sorteado: number;
  semente: string | null;
  hash_lista: string | null;
  qtd_elegiveis: number;
  posicao: number;
  mloja: 'S' | 'N';
  musuario: 'S' | 'N';
  criado_por: number;
  at: string;
}

/** The draw's record; a second record for the same coupon breaks `sorteios_cupom_uq`. */
export async function insertDraw(trx: Kysely<Database>, v: DrawValues): Promise<number> {
  const { at, ...values } = v;
  const row = await trx
    .insertInto('sorteios')
    .values({ ...values, criado_em: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function records(db: Kysely<Database>) {
  return db
    .selectFrom('sorteios as r')
    .innerJoin('campanhas as c', 'c.id_campanha', 'r.id_campanha')
    .innerJoin('cupons as k', 'k.id_cupom', 'r.id_cupom')
    .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
    .select([
      'r.id',
      'r.id_campanha',
      'c.den_campanha',
      'c.cod_cidade',
      'r.criado_em',
      'r.mloja',
      'r.musuario',
      'r.semente',
      'r.hash_lista',
      'r.qtd_elegiveis',
      'r.posicao',
      'k.numero',
      'u.nome as nome_usuario',
      's.nome as nome_estabelecimento',
    ]);
}

export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

export function findRecord(db: Kysely<Database>, id: number) {
  return records(db).where('r.id', '=', id).executeTakeFirst();
}

/** A campaign's draws, newest first. */
export function listRecords(db: Kysely<Database>, idCampanha: number, limit: number) {
  return records(db).where('r.id_campanha', '=', idCampanha).orderBy('r.id', 'desc').limit(limit).execute();
}
