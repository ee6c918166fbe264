/**
 * Progress toward the next coupon (spec §9): the balance divided by 1, as a whole percentage.
 * 0.45 → 45. Rounded down, so 0.999 never reads 100 % before the coupon exists; clamped to
 * 0..100 and tolerant of floating-point noise (0.29 × 100 = 28.999…).
 */
export function progressPercent(saldo: number): number {
  if (!Number.isFinite(saldo) || saldo <= 0) return 0;
  return Math.min(100, Math.floor(saldo * 100 + 1e-9));
}

/** '45%' */
export const progressLabel = (saldo: number): string => `${progressPercent(saldo)}%`;
