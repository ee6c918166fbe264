import { describe, expect, it } from 'vitest';
import { limitJustAbove, median } from '../src/modules/alerts/rules.js';

/** The arithmetic of the alert rules (rules.ts), without a database. */
describe('median', () => {
  it('takes the middle count, or the mean of the two middle ones', () => {
    expect(median([])).toBe(0);
    expect(median([3, 0, 1])).toBe(1);
    expect(median([0, 0, 2, 2])).toBe(1);
    expect(median([...Array<number>(15).fill(0), ...Array<number>(15).fill(2)])).toBe(1);
  });
});

describe('limitJustAbove', () => {
  // Draw factor 0.01 (100 ×10⁻⁴): one coupon per R$ 100,00; 5 % of a step is R$ 5,00.
  it('finds the next coupon multiple within the margin, never at the multiple itself', () => {
    expect(limitJustAbove(9500, 100, 5)).toEqual({ tipo: 'cupom', limite_centavos: 10_000 });
    expect(limitJustAbove(9499, 100, 5)).toBeNull();
    expect(limitJustAbove(10_000, 100, 5)).toBeNull();
    expect(limitJustAbove(29_999, 100, 5)).toEqual({ tipo: 'cupom', limite_centavos: 30_000 });
    // A factor of 0.03 makes a step of R$ 33,34 (rounded up: a whole point needs it).
    expect(limitJustAbove(3300, 300, 5)).toEqual({ tipo: 'cupom', limite_centavos: 3334 });
  });

  it('finds the sale maximum (R$ 50.000) first, and no coupon step without a draw factor', () => {
    expect(limitJustAbove(4_750_000, 100, 5)).toEqual({ tipo: 'venda', limite_centavos: 5_000_000 });
    expect(limitJustAbove(4_749_999, null, 5)).toBeNull();
    expect(limitJustAbove(5_000_000, null, 5)).toBeNull();
    expect(limitJustAbove(9900, 0, 5)).toBeNull();
  });

  // A campaign limit of R$ 500,00 per person per day; 5 % of it is R$ 25,00.
  it('finds the campaign’s value limit per day after the sale maximum and before the coupon step', () => {
    expect(limitJustAbove(47_500, null, 5, 50_000)).toEqual({ tipo: 'dia', limite_centavos: 50_000 });
    expect(limitJustAbove(47_499, null, 5, 50_000)).toBeNull();
    expect(limitJustAbove(50_000, null, 5, 50_000)).toBeNull();
    // R$ 499,99 is also a centavo under 5 coupons: the day's limit names it.
    expect(limitJustAbove(49_999, 100, 5, 50_000)).toEqual({ tipo: 'dia', limite_centavos: 50_000 });
    expect(limitJustAbove(49_999, 100, 5, null)).toEqual({ tipo: 'cupom', limite_centavos: 50_000 });
    // A day's limit above the sale maximum: the maximum comes first.
    expect(limitJustAbove(4_750_000, null, 5, 6_000_000)).toEqual({
      tipo: 'venda',
      limite_centavos: 5_000_000,
    });
  });
});
