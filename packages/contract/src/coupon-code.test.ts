import { describe, expect, it } from 'vitest';
import { couponCode, formatCouponCode, parseCouponCode } from './coupon-code.js';
import { textoCupomCompletado } from './notification-texts.js';

describe('coupon code (série-número)', () => {
  it('numbers the k-th coupon of a campaign from 000-00000, series of 100,000', () => {
    expect(couponCode(1)).toEqual({ serie: 0, numero: 0, codigo: '000-00000' });
    expect(formatCouponCode(35)).toBe('000-00034');
    expect(formatCouponCode(100_000)).toBe('000-99999');
    expect(couponCode(100_001)).toEqual({ serie: 1, numero: 0, codigo: '001-00000' });
    expect(formatCouponCode(104_322)).toBe('001-04321');
  });

  it('reads a typed code back to the stored number, and nothing else', () => {
    for (const n of [1, 35, 100_000, 100_001, 104_322, 123_456_789]) {
      expect(parseCouponCode(formatCouponCode(n))).toBe(n);
    }
    expect(parseCouponCode(' 0 - 34 ')).toBe(35);
    expect(parseCouponCode('1-4321')).toBe(104_322);
    for (const bad of [
      '',
      '34',
      '000-',
      '-00034',
      '000-000340',
      'abc-00034',
      '000.00034',
      '000-00034 (nº 35)',
    ]) {
      expect(parseCouponCode(bad)).toBeNull();
    }
  });

  it('the coupon notification names the coupon by its code, never by an internal "nº"', () => {
    const text = textoCupomCompletado({
      loja: 'Padaria Bella Vista',
      codigo: formatCouponCode(51),
      campanha: 'Natal Premiado',
    });
    expect(text).toBe(
      'Sua compra na Padaria Bella Vista completou o cupom 000-00050 da campanha Natal Premiado.',
    );
    expect(text).not.toContain('nº');
  });
});
