import { describe, expect, it } from 'vitest';
import { progressLabel, progressPercent } from './progress';

describe('progressPercent (spec §9: balance / 1 as a percentage)', () => {
  it.each([
    [0.45, 45],
    [0, 0],
    [0.5, 50],
    [0.29, 29],
    [0.07, 7],
    [0.999, 99],
    [1, 100],
    [1.7, 100],
    [-0.2, 0],
    [Number.NaN, 0],
  ])('saldo %s → %s %%', (saldo, pct) => {
    expect(progressPercent(saldo)).toBe(pct);
  });

  it("reads '45%'", () => {
    expect(progressLabel(0.45)).toBe('45%');
  });
});
