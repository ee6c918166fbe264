import { PostgresAdapter, type Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { liveSale, salesTable } from '../sales/live.js';
import { entityNameHolding } from '../entidades/holder.js';

export interface BalanceKey {
  id_usuario: number;
  id_campanha: number;
}

/**
 * Adds micro-points to a consumer's campaign balance (creating it) and answers the balance
 * after it. On PostgreSQL the upsert takes the row lock of the balance, so every other ledger
 * write for this consumer and campaign waits until this transaction ends, and then reads what
 * this one wrote (docs/decisions/005-ledger.md).
 */
export async function addToBalance(db: Kysely<Database>, key: BalanceKey, deltaE6: number) {
  const [row] = await balanceMove.run(db, [key.id_usuario, key.id_campanha, deltaE6]);
  if (!row) throw new Error('saldo não gravado');
  return row;
}

const balanceMove = prepared((db) =>
  db
    .insertInto('saldos')
    .values({ id_usuario: $(0), id_campanha: $(1), pontos_e6: $(2), cupons: 0 })
    .onConflict((oc) =>
      oc
        .columns(['id_usuario', 'id_campanha'])
        .doUpdateSet((eb) => ({ pontos_e6: eb('saldos.pontos_e6', '+', eb.ref('excluded.pontos_e6')) })),
    )
    .returning(['pontos_e6', 'cupons']),
);

/** A consumer's points (×10⁶) in a campaign; 0 without a balance. */
export async function balanceOf(db: Kysely<Database>, key: BalanceKey): Promise<number> {
  const row = await db
    .selectFrom('saldos')
    .select('pontos_e6')
    .where('id_usuario', '=', key.id_usuario)
    .where('id_campanha', '=', key.id_campanha)
    .executeTakeFirst();
  return Number(row?.pontos_e6 ?? 0);
}

const issuedCount = prepared((db) =>
  db
    .updateTable('saldos')
    .set({ cupons: $(2) })
    .where('id_usuario', '=', $(0))
    .where('id_campanha', '=', $(1)),
);

export async function setIssuedCount(db: Kysely<Database>, key: BalanceKey, cupons: number): Promise<void> {
  await issuedCount.run(db, [key.id_usuario, key.id_campanha, cupons]);
}

/** The consumer's `n` highest-numbered coupons of the campaign that are not voided. */
export function newestLiveCoupons(db: Kysely<Database>, key: BalanceKey, n: number) {
  return db
    .selectFrom('cupons')
    .select(['id_cupom', 'numero', 'sorteado_em'])
    .where('id_usuario', '=', key.id_usuario)
    .where('id_campanha', '=', key.id_campanha)
    .where('anulado_em', 'is', null)
    .orderBy('numero', 'desc')
    .limit(n)
    .execute();
}

/**
 * On PostgreSQL, locks (FOR SHARE, in id order) the sales the given coupons are attributed to,
 * before they are voided. The coupons of a balance may sit on a sale that now belongs to another
 * person, whose edit locks that sale and not this balance: without the lock, the void's trigger
 * counts the coupon off the sale's old day or shop while the edit moves it (issue 50's ledger
 * property test found the dashboard's day totals one coupon apart). SQLite writes one at a time.
 */
export async function lockSalesOfCoupons(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0 || !(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db
    .selectFrom(salesTable())
    .select('id_venda')
    .where('id_venda', 'in', db.selectFrom('cupons').select('id_venda').where('id_cupom', 'in', ids))
    .orderBy('id_venda')
    .forShare()
    .execute();
}

/**
 * Voids coupons that are neither voided nor drawn; answers how many it voided. A draw that
 * picked one of them in the meantime makes the count fall short, and the caller gives up.
 */
export async function voidCoupons(db: Kysely<Database>, ids: number[], at: string): Promise<number> {
  let done = 0;
  for (const part of chunks(ids, 500)) {
    const r = await db
      .updateTable('cupons')
      .set({ anulado_em: at })
      .where('id_cupom', 'in', part)
      .where('anulado_em', 'is', null)
      .where('sorteado_em', 'is', null)
      .executeTakeFirst();
    done += Number(r.numUpdatedRows);
  }
  return done;
}

/**
 * Reserves `k` coupon numbers of a campaign and answers the first. One atomic statement: on
 * PostgreSQL the row lock makes concurrent reservations queue and each reads the value the
 * previous one left; SQLite runs one write transaction at a time.
 */
export async function reserveNumbers(db: Kysely<Database>, idCampanha: number, k: number): Promise<number> {
  const [row] = await reservation.run(db, [k, idCampanha]);
  if (!row) throw new Error(`campanha ${idCampanha} não encontrada`);
  return Number(row.proximo_cupom) - k;
}

const reservation = prepared((db) =>
  db
    .updateTable('campanhas')
    .set((eb) => ({ proximo_cupom: eb('proximo_cupom', '+', $<number>(0)) }))
    .where('id_campanha', '=', $(1))
    .returning('proximo_cupom'),
);

export interface NewCoupon {
  id_campanha: number;
  numero: number;
  id_usuario: number;
  id_venda: number;
  id_estabelecimento: number;
  dat_emissao: string;
}

/** Inserts coupons in slices (a big sale may complete thousands; both drivers cap parameters). */
export async function insertCoupons(db: Kysely<Database>, rows: NewCoupon[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, 500)) {
    const r =
      part.length <= PREPARED_COUPON_ROWS
        ? await couponInsert(part.length).run(db, part.flatMap(couponValues))
        : await db.insertInto('cupons').values(part).returning('id_cupom').execute();
    ids.push(...r.map((x) => x.id_cupom));
  }
  return ids;
}

/** A sale issues a handful of coupons: inserts of up to this many rows are prepared per count. */
const PREPARED_COUPON_ROWS = 16;
const COUPON_COLUMNS = 6;
const couponValues = (c: NewCoupon) => [
  c.id_campanha,
  c.numero,
  c.id_usuario,
  c.id_venda,
  c.id_estabelecimento,
  c.dat_emissao,
];
const couponInserts = new Map<number, ReturnType<typeof buildCouponInsert>>();
const buildCouponInsert = (n: number) =>
  prepared((db) =>
    db
      .insertInto('cupons')
      .values(
        Array.from({ length: n }, (_, i) => {
          const at = i * COUPON_COLUMNS;
          return {
            id_campanha: $(at),
            numero: $(at + 1),
            id_usuario: $(at + 2),
            id_venda: $(at + 3),
            id_estabelecimento: $(at + 4),
            dat_emissao: $(at + 5),
          };
        }),
      )
      .returning('id_cupom'),
  );
function couponInsert(n: number) {
  let q = couponInserts.get(n);
  if (!q) {
    q = buildCouponInsert(n);
    couponInserts.set(n, q);
  }
  return q;
}

/** Whether any coupon of the sale has been drawn (then the sale is frozen, domain §4). */
export async function saleHasDrawnCoupon(db: Kysely<Database>, idVenda: number): Promise<boolean> {
  const row = await db
    .selectFrom('cupons')
    .select('id_cupom')
    .where('id_venda', '=', idVenda)
    .where('sorteado_em', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** A sale moved to another shop takes its live coupons along (the draw's "Duplica Loja" rule). */
export async function moveSaleCoupons(
  db: Kysely<Database>,
  idVenda: number,
  idEstabelecimento: number,
): Promise<void> {
  await db
    .updateTable('cupons')
    .set({ id_estabelecimento: idEstabelecimento })
    .where('id_venda', '=', idVenda)
    .where('anulado_em', 'is', null)
    .execute();
}

/** Live coupons per sale. */
export async function liveCountBySale(
  db: Kysely<Database>,
  idsVenda: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(idsVenda, 500)) {
    const rows = await db
      .selectFrom('cupons')
      .select(['id_venda', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id_venda', 'in', part)
      .where('anulado_em', 'is', null)
      .groupBy('id_venda')
      .execute();
    for (const r of rows) out.set(r.id_venda, Number(r.n));
  }
  return out;
}

function couponView(db: Kysely<Database>) {
  return db
    .selectFrom('cupons as k')
    .innerJoin('campanhas as c', 'c.id_campanha', 'k.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'k.id_estabelecimento')
    .select([
      'k.id_cupom',
      'k.numero',
      'k.dat_emissao',
      'k.id_campanha',
      'c.den_campanha',
      'c.banner',
      'k.id_estabelecimento',
      'e.nome as nom_estabecimento',
      'e.url_logo',
      entityNameHolding('k').as('doado_para'),
    ]);
}

export type CouponRow = Awaited<ReturnType<typeof couponsById>>[number];

export async function couponsById(db: Kysely<Database>, ids: number[]) {
  const out = [];
  for (const part of chunks(ids, 500)) {
    out.push(...(await couponView(db).where('k.id_cupom', 'in', part).orderBy('k.numero').execute()));
  }
  return out;
}

/** A consumer's live coupons in some campaigns, by number. */
export function liveCouponsOfUser(db: Kysely<Database>, idUsuario: number, idsCampanha: number[]) {
  if (idsCampanha.length === 0) return Promise.resolve([]);
  return couponView(db)
    .where('k.id_usuario', '=', idUsuario)
    .where('k.id_campanha', 'in', idsCampanha)
    .where('k.anulado_em', 'is', null)
    .orderBy('k.id_campanha')
    .orderBy('k.numero')
    .execute();
}

/** A consumer's balances in the campaigns of a city, with something in them. */
export function balancesOfUser(db: Kysely<Database>, idUsuario: number, codCidade: number) {
  return db
    .selectFrom('saldos as s')
    .innerJoin('campanhas as c', 'c.id_campanha', 's.id_campanha')
    .select([
      's.id_campanha',
      'c.den_campanha',
      'c.validade_ini',
      'c.validade_fim',
      's.pontos_e6',
      's.cupons',
    ])
    .where('s.id_usuario', '=', idUsuario)
    .where('c.cod_cidade', '=', codCidade)
    .where((eb) => eb.or([eb('s.pontos_e6', '>', 0), eb('s.cupons', '>', 0)]))
    .execute();
}

/** A consumer's live sales, newest first (the statement). */
export function statementOfUser(db: Kysely<Database>, idUsuario: number, limit: number) {
  return db
    .selectFrom(salesTable('v'))
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select([
      'v.id_venda',
      'v.id_campanha',
      'c.den_campanha',
      'v.id_estabelecimento',
      'e.nome as nomeestabelecimento',
      'v.dat_venda',
      'v.numero_venda',
      'v.valor_centavos',
      'v.cashback_e6',
      'v.pontos_e6',
    ])
    .where('v.id_usuario', '=', idUsuario)
    .where(liveSale('v'))
    .orderBy('v.dat_venda', 'desc')
    .orderBy('v.id_venda', 'desc')
    .limit(limit)
    .execute();
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type BalanceRow = Awaited<ReturnType<typeof balancesOfUser>>[number];
export type StatementRow = Awaited<ReturnType<typeof statementOfUser>>[number];
