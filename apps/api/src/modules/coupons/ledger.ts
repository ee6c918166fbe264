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

/**
 * Live coupons a balance carries: one per whole point, always. The rule's one statement for both
 * databases: on PostgreSQL the batched sale path (`registrar_vendas`) counts coupons inside the
 * database, under the rows' locks, by calling `cupons_devidos`, this line's SQL twin in
 * db/postgres/cupons_devidos.v<N>.sql; test/ledger-sql.property.test.ts drives random balances
 * and sales through both and fails on any difference. Changing the rule: this line, a new
 * cupons_devidos.v<N+1>.sql and a migration that installs it (db/postgres/functions.ts).
 */
export const couponsDue = (pontosE6: number): number => Math.floor(pontosE6 / E6);

/** The fraction of a point toward the next coupon, 0 ≤ saldo < 1 (spec §9 progress). */
export const saldoOf = (pontosE6: number): number => pointsForDisplay(pontosE6 % E6);

/** What a sale adds to the dashboard's running totals of its campaign, shop and day or year. */
export interface TotalsDelta {
  vendas: number;
  centavos: number;
  cupons: number;
}

/**
 * A new live sale's contribution to the dashboard's totals (`totais_vendas`, `totais_vendas_dia`,
 * migrations totais-do-painel and painel-por-dia): one sale, its value and the coupons it issued
 * when it has a recipient; nothing when it has none (a sale waiting for its QR code to be
 * claimed counts from the claim on). The tables' triggers keep this for every write, and
 * `registrar_vendas` writes it itself for the sales it takes.
 */
export const totalsDelta = (
  sale: { id_usuario: number | null; valor_centavos: number },
  cuponsEmitidos: number,
): TotalsDelta =>
  sale.id_usuario === null
    ? { vendas: 0, centavos: 0, cupons: 0 }
    : { vendas: 1, centavos: sale.valor_centavos, cupons: cuponsEmitidos };

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
