import { E6, pointsForDisplay } from './units.js';

/**
 * The ledger's arithmetic (domain §4, docs/decisions/002-data-model.md), with no database: the
 * one copy the sale route, the coupons service, the demo seed and the benchmark's generator use.
 */

/**
 * Points or cashback (×10⁶) a sale earns: its value in cents times the shop's factor (×10⁴)
 * in the campaign. Exact integers: cents × factor ×10⁴ = units ×10⁶.
 */
export const earnedE6 = (valorCentavos: number, fatorE4: number): number => valorCentavos * fatorE4;

/** Live coupons a balance carries: one per whole point, always. */
export const couponsDue = (pontosE6: number): number => Math.floor(pontosE6 / E6);

/** The fraction of a point toward the next coupon, 0 ≤ saldo < 1 (spec §9 progress). */
export const saldoOf = (pontosE6: number): number => pointsForDisplay(pontosE6 % E6);

/**
 * Balances kept in memory for consumers numbered 0…size−1 in one campaign (or in campaigns whose
 * consumers never meet): how the seed and the benchmark's generator replay sales in order. The
 * database's ledger is `applyMoves` (service.ts); both follow `couponsDue`.
 */
export class MemoryBalances {
  readonly pontosE6: Float64Array;
  readonly cupons: Int32Array;

  constructor(size: number) {
    this.pontosE6 = new Float64Array(size);
    this.cupons = new Int32Array(size);
  }

  /** Adds a sale's points to `who`'s balance and answers how many coupons that completes. */
  credit(who: number, pontosE6: number): number {
    const total = this.pontosE6[who] + pontosE6;
    this.pontosE6[who] = total;
    const issued = this.cupons[who];
    const due = couponsDue(total);
    if (due <= issued) return 0;
    this.cupons[who] = due;
    return due - issued;
  }
}
