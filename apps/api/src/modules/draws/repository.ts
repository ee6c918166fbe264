import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { holderOf } from '../entidades/holder.js';
import { couponsTable, markCouponDrawn } from '../coupons/queries.js';
import { salesTable } from '../sales/live.js';

/**
 * All SQL of the prize draw (domain §5). Every function takes `db` or the draw's transaction
 * first. Indexes (migrations 2026-11-24T1000-sorteios and 2026-11-27T0900-sorteio-rapido):
 * `cupons_numero_uq` (campaign, number) for the probe of one number; `cupons_elegiveis_idx`,
 * the coupons still in the running (neither voided nor drawn) by (campaign, number), for the
 * walks; `cupons_fora_idx` (voided or drawn, by campaign and number),
 * `cupons_loja_elegiveis_idx` (in the running, by campaign and shop), `cupons_usuario_idx`
 * and `usuarios_removidos_idx` for counting what is NOT eligible ({@link countIneligible}).
 */

/** Which coupons of a campaign may win (domain §5). */
export interface Eligibility {
  idCampanha: number;
  /** `musuario = N`: leave out every coupon of a person who already won in the campaign. */
  semUsuariosContemplados: boolean;
  /** `mloja = N`: leave out every coupon issued by a shop that already produced a winner. */
  semLojasContempladas: boolean;
  /**
   * Some coupons may be held by a social entity (a gift, or the campaign's share: issue 40,
   * entidades/holder.ts): the person rules then apply to each coupon's holder, not its earner.
   */
  porTitular?: boolean;
  /**
   * The campaign's apurações not yet apuradas (status 'agendada', freezing or frozen; issue 49):
   * a coupon in one of their ticket files — numbered up to its `maior_numero` and not in its
   * `apuracao_fora` — may not win an instant draw. Read by {@link frozenApuracoes} under the
   * campaign's draw lock (freezing and recording a result take it too); empty: none.
   */
  congeladas?: FrozenApuracao[];
}

/** An apuração whose ticket file is frozen and not yet drawn: its number prefix. */
export interface FrozenApuracao {
  id_apuracao: number;
  maior_numero: number;
}

/**
 * The campaign's apurações whose frozen tickets are out of instant draws: status 'agendada'
 * (a row still freezing, `hash_bilhetes = ''`, counts too: its tickets are already fixed).
 * At most one per campaign in practice; any number is handled.
 */
export async function frozenApuracoes(db: Kysely<Database>, idCampanha: number): Promise<FrozenApuracao[]> {
  const rows = await db
    .selectFrom('apuracoes')
    .select(['id_apuracao', 'maior_numero'])
    .where('id_campanha', '=', idCampanha)
    .where('status', '=', 'agendada')
    .orderBy('maior_numero', 'desc')
    .execute();
  return rows.map((r) => ({ id_apuracao: r.id_apuracao, maior_numero: Number(r.maior_numero) }));
}

/** The apuração with the longest frozen prefix (null without one): every frozen number is ≤ its. */
export const longestFrozen = (e: Eligibility): FrozenApuracao | null =>
  (e.congeladas ?? []).reduce<FrozenApuracao | null>(
    (best, a) => (best === null || a.maior_numero > best.maior_numero ? a : best),
    null,
  );

/** The numbers an apuração's file leaves out (voided, drawn, removed at its freeze): a short list. */
const leftOutOf = (db: Kysely<Database>, idApuracao: number) =>
  db.selectFrom('apuracao_fora as f').select('f.numero').where('f.id_apuracao', '=', idApuracao);

/** The people who already won in the campaign (`musuario = N`). */
const winningPeople = (db: Kysely<Database>, idCampanha: number) =>
  db
    .selectFrom('contemplados as w')
    .select('w.id_usuario')
    .where('w.id_campanha', '=', idCampanha)
    .where('w.id_usuario', 'is not', null)
    .$narrowType<{ id_usuario: number }>();

/** The shops that already produced a winner in the campaign (`mloja = N`). */
const winningShops = (db: Kysely<Database>, idCampanha: number) =>
  db
    .selectFrom('contemplados as w')
    .select('w.id_estabelecimento')
    .where('w.id_campanha', '=', idCampanha)
    .where('w.id_estabelecimento', 'is not', null)
    .$narrowType<{ id_estabelecimento: number }>();

/** Removed (anonymised) accounts: their coupons never win (read through `usuarios_removidos_idx`). */
const removedPeople = (db: Kysely<Database>) =>
  db.selectFrom('usuarios as r').select('r.id_usuario').where('r.removido_em', 'is not', null);

/**
 * The people none of whose coupons may win: removed accounts, and with `musuario = N` the
 * campaign's winners.
 */
const excludedPeople = (db: Kysely<Database>, e: Eligibility) =>
  e.semUsuariosContemplados ? removedPeople(db).union(winningPeople(db, e.idCampanha)) : removedPeople(db);

/**
 * The one definition of "eligible", shared by every query below: a coupon of the campaign,
 * neither voided nor drawn, whose owner's account was not removed, and not left out by the
 * options. Two forms of the owner's check, the same condition: `walk` (reads many coupons)
 * asks NOT IN over the removed accounts, a set both databases build once per statement;
 * `probe` (reads one coupon) joins its owner's row by primary key instead, so a probe never
 * reads all the removed accounts.
 */
function eligible(db: Kysely<Database>, e: Eligibility, how: 'walk' | 'probe' = 'walk') {
  let q = db
    .selectFrom(couponsTable('k'))
    .where('k.id_campanha', '=', e.idCampanha)
    .where('k.anulado_em', 'is', null)
    .where('k.sorteado_em', 'is', null);
  if (e.porTitular) {
    // The holder of each coupon (an entity's account for a gift), in one form for walk and probe.
    q = q.where((eb) => eb(holderOf('k'), 'not in', excludedPeople(db, e)));
  } else if (how === 'probe') {
    q = q.innerJoin('usuarios as o', 'o.id_usuario', 'k.id_usuario').where('o.removido_em', 'is', null);
  } else {
    q = q.where('k.id_usuario', 'not in', removedPeople(db));
  }
  // NOT IN over a small subquery (the campaign's winners): both databases build it once as a
  // hashed set; the `is not null` keeps NOT IN from turning into "unknown" for every row.
  if (e.semUsuariosContemplados && !e.porTitular) {
    q = q.where('k.id_usuario', 'not in', winningPeople(db, e.idCampanha));
  }
  if (e.semLojasContempladas) {
    q = q.where('k.id_estabelecimento', 'not in', winningShops(db, e.idCampanha));
  }
  // Not in the frozen file of an apuração still to be drawn: above its prefix, or one of the
  // numbers it left out (a set built once per statement, like the ones above).
  for (const a of e.congeladas ?? []) {
    q = q.where((eb) =>
      eb.or([eb('k.numero', '>', a.maior_numero), eb('k.numero', 'in', leftOutOf(db, a.id_apuracao))]),
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

/**
 * The lowest and highest coupon numbers of the campaign (null without coupons): two probes of
 * `cupons_numero_uq`. Numbers are issued without gaps (reserved from `proximo_cupom` in the
 * transaction that inserts the coupons, never deleted), so every number in between is a coupon.
 */
export async function numberRange(
  db: Kysely<Database>,
  idCampanha: number,
): Promise<{ min: number; max: number } | null> {
  const edge = (dir: 'asc' | 'desc') =>
    db
      .selectFrom(couponsTable())
      .select('numero')
      .where('id_campanha', '=', idCampanha)
      .orderBy('numero', dir)
      .limit(1)
      .executeTakeFirst();
  const lo = await edge('asc');
  const hi = await edge('desc');
  if (!lo || !hi) return null;
  return { min: Number(lo.numero), max: Number(hi.numero) };
}

/** A count and how many of those coupons have a number below `numero`. */
export interface CountBelow {
  n: number;
  abaixo: number;
}

const countBelow = (numero: number) =>
  [
    sql<number>`count(*)`.as('n'),
    sql<number>`count(case when k.numero < ${numero} then 1 end)`.as('abaixo'),
  ] as const;

const asCountBelow = (
  r: { n: number | string | bigint; abaixo: number | string | bigint | null } | undefined,
) => ({
  n: Number(r?.n ?? 0),
  abaixo: Number(r?.abaixo ?? 0),
});

/**
 * The coupons of the campaign numbered in [min, max] that may NOT win, and how many of them
 * are numbered below `numero`, as three disjoint parts, each a read of an index over only
 * those coupons (never of the whole campaign):
 *
 * 1. out of the running: voided or drawn (`cupons_fora_idx`);
 * 2. in the running, of a left-out person: a removed account, or with `musuario = N` a winner
 *    (`cupons_usuario_idx`, by person);
 * 3. with `mloja = N`, in the running, of a winning shop, of anyone not counted in 2
 *    (`cupons_loja_elegiveis_idx`, by shop).
 *
 * The eligible coupons are the rest of the range; see `rankAmongEligible` in the service.
 */
export async function countIneligible(
  db: Kysely<Database>,
  e: Eligibility,
  range: { min: number; max: number },
  numero: number,
): Promise<CountBelow> {
  const inRange = db
    .selectFrom(couponsTable('k'))
    .where('k.id_campanha', '=', e.idCampanha)
    .where('k.numero', '>=', range.min)
    .where('k.numero', '<=', range.max);
  const out = await inRange
    .where((eb) => eb.or([eb('k.anulado_em', 'is not', null), eb('k.sorteado_em', 'is not', null)]))
    .select(countBelow(numero))
    .executeTakeFirst();
  // By person: the same condition written so that no index over the whole campaign applies
  // (`+numero`, and `coalesce` instead of the partial indexes' terms), leaving the planner
  // only `cupons_usuario_idx` (person, campaign): SQLite would otherwise walk the campaign's
  // coupons by number and test each owner (measured: 0.8 s at 2.6M coupons, 2 ms this way).
  const people = await db
    .selectFrom(couponsTable('k'))
    .where('k.id_campanha', '=', e.idCampanha)
    .where('k.id_usuario', 'in', excludedPeople(db, e))
    .where(sql<boolean>`coalesce(k.anulado_em, k.sorteado_em) is null`)
    .where(sql<boolean>`+k.numero between ${range.min} and ${range.max}`)
    .select(countBelow(numero))
    .executeTakeFirst();
  const shops = e.semLojasContempladas
    ? await inRange
        .where('k.anulado_em', 'is', null)
        .where('k.sorteado_em', 'is', null)
        .where('k.id_estabelecimento', 'in', winningShops(db, e.idCampanha))
        .where('k.id_usuario', 'not in', excludedPeople(db, e))
        .select(countBelow(numero))
        .executeTakeFirst()
    : undefined;
  const parts = [asCountBelow(out), asCountBelow(people), asCountBelow(shops)];
  return {
    n: parts.reduce((s, p) => s + p.n, 0),
    abaixo: parts.reduce((s, p) => s + p.abaixo, 0),
  };
}

/**
 * The coupons that may win numbered up to `upTo`, the longest frozen prefix, and how many of
 * them are below `numero`: with apurações frozen these can only be numbers that apuração left
 * out (every other number up to there is frozen), so this reads that short list and probes
 * each number, never the prefix.
 */
export async function countEligibleLeftOut(
  db: Kysely<Database>,
  e: Eligibility,
  frozen: FrozenApuracao,
  numero: number,
): Promise<CountBelow> {
  const r = await eligible(db, e)
    .where('k.numero', 'in', leftOutOf(db, frozen.id_apuracao))
    .where('k.numero', '<=', frozen.maior_numero)
    .select(countBelow(numero))
    .executeTakeFirst();
  return asCountBelow(r);
}

/** The coupon with this number when it may win; one probe of the unique (campaign, number) index. */
export async function eligibleByNumber(
  db: Kysely<Database>,
  e: Eligibility,
  numero: number,
): Promise<EligibleCoupon | undefined> {
  return asCoupon(
    await eligible(db, e, 'probe')
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
      .selectFrom(couponsTable())
      .select(['id_cupom', 'numero'])
      .where('id_campanha', '=', idCampanha)
      .where('numero', '=', numero)
      .executeTakeFirst(),
  );
}

/** Up to `limit` eligible coupons after number `after`, by number, for the ticket file. */
export async function ticketBatch(db: Kysely<Database>, e: Eligibility, after: number, limit: number) {
  const rows = await eligible(db, e)
    .innerJoin('usuarios as u', (j) =>
      e.porTitular ? j.on('u.id_usuario', '=', holderOf('k')) : j.onRef('u.id_usuario', '=', 'k.id_usuario'),
    )
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
export const markDrawn = (trx: Kysely<Database>, idCupom: number, at: string): Promise<boolean> =>
  markCouponDrawn(trx, idCupom, at, { live: true });

/**
 * What the winner's row needs from the coupon: its holder (the earner, or the entity it was
 * given to: the prize goes to the entity), shop, sale and the sale's seller.
 */
export async function couponForWinner(trx: Kysely<Database>, idCupom: number) {
  const r = await trx
    .selectFrom(couponsTable('k'))
    .innerJoin('usuarios as u', (j) => j.on('u.id_usuario', '=', holderOf('k')))
    .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
    .innerJoin(salesTable('v'), 'v.id_venda', 'k.id_venda')
    .leftJoin('vendedores as d', 'd.id_vendedor', 'v.id_vendedor')
    .select([
      'k.id_cupom',
      'k.numero',
      'u.id_usuario',
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
  return (
    db
      .selectFrom('sorteios as r')
      .innerJoin('campanhas as c', 'c.id_campanha', 'r.id_campanha')
      .innerJoin(couponsTable('k'), 'k.id_cupom', 'r.id_cupom')
      .leftJoin('contemplados as w', 'w.id_sorteado', 'r.id_sorteado')
      // The winner's row names whom the prize went to (the coupon's holder when drawn).
      .innerJoin('usuarios as u', (j) =>
        j.on('u.id_usuario', '=', sql<number>`coalesce(w.id_usuario, k.id_usuario)`),
      )
      .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
      // The opening whose published hash the seed matches (commit-reveal, issue 49).
      .leftJoin('sorteio_aberturas as a', 'a.id_registro', 'r.id')
      .select([
        'r.id',
        'a.id_abertura',
        'a.hash_semente',
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
        'w.anulado_em',
        'w.motivo_anulacao',
      ])
  );
}

export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

export function findRecord(db: Kysely<Database>, id: number) {
  return records(db).where('r.id', '=', id).executeTakeFirst();
}

/** A campaign's draws, newest first. */
export function listRecords(db: Kysely<Database>, idCampanha: number, limit: number) {
  return records(db).where('r.id_campanha', '=', idCampanha).orderBy('r.id', 'desc').limit(limit).execute();
}

/** Every draw of a city's campaigns, newest first (the public list of the city's draws). */
export function listCityRecords(db: Kysely<Database>, codCidade: number) {
  return records(db).where('c.cod_cidade', '=', codCidade).orderBy('r.id', 'desc').execute();
}

// --- openings (commit-reveal, issue 49) --------------------------------------------------------

export interface AberturaValues {
  id_campanha: number;
  semente: string;
  hash_semente: string;
  aberto_em: string;
  aberto_por: number;
}

export async function insertAbertura(db: Kysely<Database>, v: AberturaValues): Promise<number> {
  const row = await db
    .insertInto('sorteio_aberturas')
    .values(v)
    .returning('id_abertura')
    .executeTakeFirstOrThrow();
  return row.id_abertura;
}

/** An opening with its campaign's name and city; its seed too (the caller decides what goes out). */
export function findAbertura(db: Kysely<Database>, idAbertura: number) {
  return db
    .selectFrom('sorteio_aberturas as a')
    .innerJoin('campanhas as c', 'c.id_campanha', 'a.id_campanha')
    .select([
      'a.id_abertura',
      'a.id_campanha',
      'c.den_campanha',
      'c.cod_cidade',
      'a.semente',
      'a.hash_semente',
      'a.aberto_em',
      'a.id_registro',
    ])
    .where('a.id_abertura', '=', idAbertura)
    .executeTakeFirst();
}

export type AberturaRow = NonNullable<Awaited<ReturnType<typeof findAbertura>>>;

/**
 * Ties the opening to its one draw unless a draw used it meanwhile; answers whether it did (the
 * unique `sorteio_aberturas_registro_uq` also refuses a draw with two openings).
 */
export async function useAbertura(
  trx: Kysely<Database>,
  idAbertura: number,
  idRegistro: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('sorteio_aberturas')
    .set({ id_registro: idRegistro })
    .where('id_abertura', '=', idAbertura)
    .where('id_registro', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The city's openings no draw used yet, newest first (public: "aberto, sem sorteio"). */
export function listCityUnusedAberturas(db: Kysely<Database>, codCidade: number) {
  return db
    .selectFrom('sorteio_aberturas as a')
    .innerJoin('campanhas as c', 'c.id_campanha', 'a.id_campanha')
    .select(['a.id_abertura', 'a.id_campanha', 'c.den_campanha', 'a.hash_semente', 'a.aberto_em'])
    .where('c.cod_cidade', '=', codCidade)
    .where('a.id_registro', 'is', null)
    .orderBy('a.id_abertura', 'desc')
    .execute();
}
