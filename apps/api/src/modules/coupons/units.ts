/**
 * Stored units ↔ wire numbers (docs/decisions/002-data-model.md): money is integer cents,
 * factors and discounts integers ×10⁴, points and cashback integers ×10⁶.
 */
export const centsToReais = (cents: number): number => cents / 100;
export const reaisToCents = (reais: number): number => Math.round(reais * 100);
export const fromE4 = (v: number): number => v / 1e4;
export const toE4 = (v: number): number => Math.round(v * 1e4);
export const fromE6 = (v: number): number => v / 1e6;
/** A number rounded to `digits` decimals for display on the wire. */
export const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

/** Micro-units (×10⁶) in one whole unit: one point is one coupon (domain §4). */
export const E6 = 1_000_000;
/**
 * Points (×10⁶) for display with at most 4 decimals, cut rather than rounded, so a balance
 * never shows more than was earned (2.99996 points show as 2.9999, not 3).
 */
export const pointsForDisplay = (e6: number): number => Math.floor(e6 / 100) / 1e4;
/** Cashback (reais ×10⁶) as money with 2 decimals, rounded half up on exact integers. */
export const cashbackForDisplay = (e6: number): number => Math.floor((e6 + 5_000) / 10_000) / 100;
