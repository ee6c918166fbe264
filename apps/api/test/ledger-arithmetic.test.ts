import { describe, expect, it } from 'vitest';
import { MemoryBalances, couponsDue, earnedE6, saldoOf, totalsDelta } from '../src/modules/coupons/ledger.js';

describe('the ledger arithmetic (modules/coupons/ledger.ts)', () => {
  it('earns value in cents × factor ×10⁴ as units ×10⁶, exactly', () => {
    expect(earnedE6(12_345, 10_000)).toBe(123_450_000); // R$ 123,45 × 1 = 123.45 points
    expect(earnedE6(999, 2_500)).toBe(2_497_500); // R$ 9,99 × 0.25
  });

  it('owes one live coupon per whole point and shows the rest as the progress', () => {
    expect(couponsDue(0)).toBe(0);
    expect(couponsDue(999_999)).toBe(0);
    expect(couponsDue(1_000_000)).toBe(1);
    expect(couponsDue(2_999_999)).toBe(2);
    expect(saldoOf(2_999_960)).toBe(0.9999);
  });

  it('in memory, issues the coupons each credit completes and keeps the balance', () => {
    const b = new MemoryBalances(3);
    expect(b.credit(1, 600_000)).toBe(0);
    expect(b.credit(1, 600_000)).toBe(1);
    expect(b.credit(1, 2_900_000)).toBe(3);
    expect(b.credit(2, 1_000_000)).toBe(1);
    expect([b.pontosE6[1], b.cupons[1]]).toEqual([4_100_000, 4]);
    expect([b.pontosE6[0], b.cupons[0]]).toEqual([0, 0]);
    expect(b.cupons[1]).toBe(couponsDue(b.pontosE6[1]));
  });

  it('adds a sale with a recipient to the dashboard totals, with its value and coupons; one without, not at all', () => {
    expect(totalsDelta({ id_usuario: 7, valor_centavos: 12_345 }, 3)).toEqual({
      vendas: 1,
      centavos: 12_345,
      cupons: 3,
    });
    expect(totalsDelta({ id_usuario: null, valor_centavos: 12_345 }, 0)).toEqual({
      vendas: 0,
      centavos: 0,
      cupons: 0,
    });
  });
});
