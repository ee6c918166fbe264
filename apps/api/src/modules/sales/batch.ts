import { MemoryBalances, earnedE6 } from '../coupons/ledger.js';

/**
 * The batch form of recording sales (issue 50): many new sales with a recipient, in the order
 * they happened, derived in memory by the ledger's rule (coupons/ledger.ts) as `recordSale`
 * derives one: points and cashback from the value and the shop's factors, the coupons each
 * sale completes, numbered per campaign, and the balances. The caller hands the rows to its
 * writer (the demo seed's inserts, the benchmark generator's bulk files); the audit text of
 * each is `newSaleEntry` (entry.ts), as the route writes it. No database here.
 */

/** One sale of a batch. */
export interface BatchSale<K> {
  /** The campaign (its id, or the seed's key): coupons are numbered per campaign. */
  campanha: K;
  /** The buyer's place among the balances of the campaign (see `balancesOf`). */
  balance: number;
  valor_centavos: number;
  fator_sorteio_e4: number;
  fator_cashback_e4: number;
}

/** What a sale of a batch writes besides its own values. */
export interface BatchSaleRows {
  pontos_e6: number;
  cashback_e6: number;
  /** The coupons it completes: `emitidos` numbers of the campaign from `primeiro` on. */
  primeiro: number;
  emitidos: number;
}

export class SalesBatch<K> {
  private readonly next = new Map<K, number>();

  /**
   * `balancesOf` answers the balances a campaign's buyers are kept in: campaigns whose buyers
   * never meet may share one `MemoryBalances`.
   */
  constructor(private readonly balancesOf: (campanha: K) => MemoryBalances) {}

  /** Records one sale: its points reach its buyer's balance, which may complete coupons. */
  record(s: BatchSale<K>): BatchSaleRows {
    const pontos_e6 = earnedE6(s.valor_centavos, s.fator_sorteio_e4);
    const emitidos = this.balancesOf(s.campanha).credit(s.balance, pontos_e6);
    const primeiro = this.nextCoupon(s.campanha);
    if (emitidos > 0) this.next.set(s.campanha, primeiro + emitidos);
    return { pontos_e6, cashback_e6: earnedE6(s.valor_centavos, s.fator_cashback_e4), primeiro, emitidos };
  }

  /** The number the campaign's next coupon takes (`campanhas.proximo_cupom`). */
  nextCoupon(campanha: K): number {
    return this.next.get(campanha) ?? 1;
  }
}

export { MemoryBalances };
