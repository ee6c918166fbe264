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
