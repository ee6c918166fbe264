import type { Kysely } from 'kysely';
import { MSG_VENDA, type Cupom, type ExtratoItem, type SaldoCampanha } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { couponsDue } from './ledger.js';
import { presentBalance, presentCoupon, presentStatementLine } from './presenter.js';
import * as repo from './repository.js';

/** Points added to (or, negative, taken from) a consumer's balance in a campaign. */
export interface PointsMove extends repo.BalanceKey {
  delta_e6: number;
}

/** Where new coupons come from: the sale that completed them. */
export interface Issuer {
  id_venda: number;
  id_estabelecimento: number;
}

export interface LedgerResult {
  /** Coupons issued, by id. */
  emitidos: number[];
  /** Their numbers (each campaign's sequence), in the same order. */
  numeros: number[];
  /** Coupons voided: numbers per campaign, for the audit log. */
  anulados: { id_campanha: number; numero: number }[];
  /** Balance (×10⁶) after the moves, per `id_usuario:id_campanha`. */
  saldos: Map<string, number>;
}

export const balanceKey = (k: repo.BalanceKey): string => `${k.id_usuario}:${k.id_campanha}`;

export { presentCoupon } from './presenter.js';
export { earnedE6, saldoOf } from './ledger.js';

/**
 * The ledger (domain §4), inside the caller's transaction. For each consumer and campaign the
 * balance moves by the sum of its deltas; then live coupons = floor(points) (`couponsDue`), always:
 * - fewer due: the newest live coupons are voided (never renumbered); if one of them was
 *   drawn, nothing changes and the answer is 409;
 * - more due: numbers are reserved from `campanhas.proximo_cupom` and the coupons issued to
 *   `issuer`.
 * Lock order, the same in every transaction so PostgreSQL never deadlocks: the sale row (the
 * caller), balances sorted by consumer and campaign, then campaign counters sorted by id.
 */
export async function applyMoves(
  trx: Kysely<Database>,
  moves: PointsMove[],
  issuer: Issuer,
  at: string,
): Promise<LedgerResult> {
  const net = new Map<string, PointsMove>();
  for (const m of moves) {
    if (m.delta_e6 === 0) continue;
    const k = balanceKey(m);
    const prev = net.get(k);
    net.set(k, { ...m, delta_e6: (prev?.delta_e6 ?? 0) + m.delta_e6 });
  }
  // A balance whose moves cancel out (a sale edited but for its day or shop) is still moved by
  // 0: its row's lock orders this write after any other on the person's coupons, which the
  // dashboard totals' triggers need (sales/change.ts).
  const ordered = [...net.values()].sort(
    (a, b) => a.id_usuario - b.id_usuario || a.id_campanha - b.id_campanha,
  );

  const result: LedgerResult = { emitidos: [], numeros: [], anulados: [], saldos: new Map() };
  const toIssue: { key: repo.BalanceKey; due: number; k: number }[] = [];
  for (const m of ordered) {
    const key = { id_usuario: m.id_usuario, id_campanha: m.id_campanha };
    const after = await repo.addToBalance(trx, key, m.delta_e6);
    const pontos = Number(after.pontos_e6);
    const issued = Number(after.cupons);
    if (pontos < 0) throw new Error(`saldo negativo para ${balanceKey(key)}`);
    result.saldos.set(balanceKey(key), pontos);
    const due = couponsDue(pontos);
    if (due < issued) {
      const newest = await repo.newestLiveCoupons(trx, key, issued - due);
      if (newest.length !== issued - due) throw new Error(`cupons de ${balanceKey(key)} não conferem`);
      if (newest.some((c) => c.sorteado_em !== null)) throw new HttpError(409, MSG_VENDA.cupomSorteado);
      await repo.lockSalesOfCoupons(
        trx,
        newest.map((c) => c.id_cupom),
      );
      const voided = await repo.voidCoupons(
        trx,
        newest.map((c) => c.id_cupom),
        at,
      );
      if (voided !== newest.length) throw new HttpError(409, MSG_VENDA.cupomSorteado); // a draw got there first
      result.anulados.push(
        ...newest.map((c) => ({ id_campanha: key.id_campanha, numero: Number(c.numero) })),
      );
      await repo.setIssuedCount(trx, key, due);
    } else if (due > issued) {
      toIssue.push({ key, due, k: due - issued });
    }
  }

  toIssue.sort((a, b) => a.key.id_campanha - b.key.id_campanha || a.key.id_usuario - b.key.id_usuario);
  for (const { key, due, k } of toIssue) {
    const first = await repo.reserveNumbers(trx, key.id_campanha, k);
    const ids = await repo.insertCoupons(
      trx,
      Array.from({ length: k }, (_, i) => ({
        id_campanha: key.id_campanha,
        numero: first + i,
        id_usuario: key.id_usuario,
        id_venda: issuer.id_venda,
        id_estabelecimento: issuer.id_estabelecimento,
        dat_emissao: at,
      })),
    );
    result.emitidos.push(...ids);
    for (let i = 0; i < k; i++) result.numeros.push(first + i);
    await repo.setIssuedCount(trx, key, due);
  }
  return result;
}

/**
 * Issue 52: would taking `delta_e6` (< 0) points from a balance void a drawn coupon (the
 * newest live ones go first, `applyMoves`)? Asked before the move, which would answer 409
 * after changing the balance. Read under the balance's lock on PostgreSQL: call it in the
 * transaction that moves it.
 */
export async function takingWouldVoidDrawn(
  trx: Kysely<Database>,
  key: repo.BalanceKey,
  delta_e6: number,
): Promise<boolean> {
  const pontos = await repo.balanceOf(trx, key);
  const issued = couponsDue(pontos);
  const due = couponsDue(Math.max(0, pontos + delta_e6));
  if (due >= issued) return false;
  const newest = await repo.newestLiveCoupons(trx, key, issued - due);
  return newest.some((c) => c.sorteado_em !== null);
}

export const saleHasDrawnCoupon = repo.saleHasDrawnCoupon;
export const balanceOf = repo.balanceOf;
export const moveSaleCoupons = repo.moveSaleCoupons;
export { liveCountBySale } from './live-counts.js';
export { couponsInPeriod, frozenSales, hasFrozenCoupon } from './sale-queries.js';

export async function couponsById(db: Kysely<Database>, ids: number[]): Promise<Cupom[]> {
  return (await repo.couponsById(db, ids)).map(presentCoupon);
}

/** What the consumer has in no campaign: element [0] always exists (spec §3, §7). */
const EMPTY: SaldoCampanha = { id_campanha: 0, den_campanha: '', saldo: 0, pontos: 0, cupons: [] };

/**
 * `GET /v1/usuarios/cupons`: one element per campaign of the city where the consumer has
 * points or coupons; the running campaign (in validity today, latest end) first, then the
 * others newest first. Coupons are the live ones, by number.
 */
export async function couponsOfUser(
  db: Kysely<Database>,
  idUsuario: number,
  codCidade: number,
  day: string,
): Promise<SaldoCampanha[]> {
  const balances = await repo.balancesOfUser(db, idUsuario, codCidade);
  if (balances.length === 0) return [EMPTY];
  const running = (b: (typeof balances)[number]) => b.validade_ini <= day && day <= b.validade_fim;
  balances.sort(
    (a, b) =>
      Number(running(b)) - Number(running(a)) ||
      b.validade_fim.localeCompare(a.validade_fim) ||
      b.validade_ini.localeCompare(a.validade_ini) ||
      b.id_campanha - a.id_campanha,
  );
  const coupons = await repo.liveCouponsOfUser(
    db,
    idUsuario,
    balances.map((b) => b.id_campanha),
  );
  return balances.map((b) =>
    presentBalance(
      b,
      coupons.filter((c) => c.id_campanha === b.id_campanha),
    ),
  );
}

/** How many lines the statement shows, newest first. */
export const STATEMENT_LIMIT = 500;

/** `GET /v1/extrato`: the consumer's sales, newest first, with cashback, points and coupons. */
export async function statementOf(db: Kysely<Database>, idUsuario: number): Promise<ExtratoItem[]> {
  const rows = await repo.statementOfUser(db, idUsuario, STATEMENT_LIMIT);
  const live = await repo.liveCountBySale(
    db,
    rows.map((r) => r.id_venda),
  );
  return rows.map((r) => presentStatementLine(r, live.get(r.id_venda) ?? 0));
}
