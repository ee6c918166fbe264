import { describe, expect, it } from 'vitest';
import { ratingAverage, ratingDistribution, reviewsCountLabel } from './rating-summary';

const resumo = (e5: number, e4: number, e3: number, e2: number, e1: number) => ({
  nro_avaliacoes: e1 + e2 + e3 + e4 + e5,
  estrelas1: e1,
  estrelas2: e2,
  estrelas3: e3,
  estrelas4: e4,
  estrelas5: e5,
});

describe('ratingDistribution (spec §2 bars, §9 two decimals)', () => {
  it('gives 5 down to 1 stars with pt-BR percentages of 2 decimals', () => {
    const rows = ratingDistribution(resumo(2, 1, 0, 0, 0));
    expect(rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((r) => r.label)).toEqual(['66,67%', '33,33%', '0,00%', '0,00%', '0,00%']);
    expect(rows[0].count).toBe(2);
    expect(rows[0].percent).toBeCloseTo(66.6667, 3);
  });

  it('rounds to 2 decimals, and 100% is written 100,00%', () => {
    expect(ratingDistribution(resumo(1, 0, 0, 0, 6))[0].label).toBe('14,29%');
    expect(ratingDistribution(resumo(0, 0, 0, 0, 7))[4].label).toBe('100,00%');
  });

  it('shows 0,00% everywhere when there are no reviews (no division by zero)', () => {
    expect(ratingDistribution(resumo(0, 0, 0, 0, 0)).map((r) => r.label)).toEqual(Array(5).fill('0,00%'));
  });
});

describe('ratingAverage', () => {
  it('is the mean of the stars, 0 without reviews', () => {
    expect(ratingAverage(resumo(2, 2, 0, 0, 0))).toBe(4.5);
    expect(ratingAverage(resumo(2, 0, 1, 0, 0))).toBeCloseTo(4.333, 3);
    expect(ratingAverage(resumo(0, 0, 0, 0, 0))).toBe(0);
  });
});

it('reviewsCountLabel agrees in number', () => {
  expect(reviewsCountLabel(1)).toBe('1 avaliação');
  expect(reviewsCountLabel(0)).toBe('0 avaliações');
  expect(reviewsCountLabel(5)).toBe('5 avaliações');
});
