import { describe, expect, it } from 'vitest';
import {
  concentratedDonationFindings,
  limitJustAbove,
  median,
  sharedKeyFindings,
  unreportedReceiptFindings,
  type AlertThresholds,
  type DonatedReceipt,
} from '../src/modules/alerts/rules.js';

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

/** Issue 53: the receipts' rules at their edges (the defaults). */
describe('the receipts’ rules', () => {
  const t: AlertThresholds = {
    picoFator: 5,
    picoMinimo: 10,
    vendasPessoa: 3,
    valorMargemPct: 5,
    valorRepeticoes: 3,
    madrugadaFim: 5,
    recibosDias: 30,
    recibosNaoInformados: 10,
    chavePessoas: 3,
    doacoesMinimo: 10,
    doacoesPct: 50,
  };
  let id = 0;
  const donated = (id_entidade: number, n: number): DonatedReceipt[] =>
    Array.from({ length: n }, () => ({
      id_recibo: ++id,
      id_entidade,
      nome_entidade: `E${id_entidade}`,
      id_venda: null,
    }));

  it('an entity needs more than the share AND at least the minimum', () => {
    // 10 of 20 is 50 %: not more than it.
    expect(concentratedDonationFindings([...donated(1, 10), ...donated(2, 10)], t)).toEqual([]);
    // 10 of 19 is more.
    const got = concentratedDonationFindings([...donated(1, 10), ...donated(2, 9)], t);
    expect(got.map((f) => f.regra === 'doacoes_concentradas' && [f.id_entidade, f.total])).toEqual([[1, 19]]);
    // 9 of 9 is all of them, but fewer than 10.
    expect(concentratedDonationFindings(donated(1, 9), t)).toEqual([]);
    expect(concentratedDonationFindings([], t)).toEqual([]);
  });

  it('a shop needs more than N unreported receipts', () => {
    const rows = (n: number, shop: number) =>
      Array.from({ length: n }, (_, i) => ({
        id_recibo: ++id,
        id_estabelecimento: shop,
        nome_estabelecimento: `L${shop}`,
        status: i % 2 === 0 ? ('pendente' as const) : ('expirado' as const),
      }));
    const got = unreportedReceiptFindings([...rows(10, 1), ...rows(11, 2)], t);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ id_estabelecimento: 2, pendentes: 6, expirados: 5 });
  });

  it('a key needs K different people; the same person again counts once', () => {
    const k = (ids_usuario: number[]) => ({
      chave: `k${++id}`,
      ids_usuario,
      id_estabelecimento: null,
      nome_estabelecimento: null,
      ids_recibo: [],
      ids_venda: [],
    });
    expect(sharedKeyFindings([k([1, 1, 2]), k([5, 5, 5, 5])], t)).toEqual([]);
    const got = sharedKeyFindings([k([9, 3, 3, 7])], t);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ ids_usuario: [3, 7, 9] });
  });
});
