import { COUPON_SERIES_SIZE } from './limits.js';

/**
 * A coupon's one public identity (domain §5): `série-número`, `SSS-NNNNN`. The database keeps
 * each coupon's number in its campaign, 1-based in issue order (`cupons.numero`, the answers'
 * `id_sorteio`); the k-th coupon (k = numero − 1) is série `floor(k / 100000)`, número
 * `k mod 100000`. Screens, notifications, e-mails and files show only the code made here;
 * the stored number never appears as "nº".
 */
export interface CouponCode {
  /** Series of {@link COUPON_SERIES_SIZE} numbers, from 0. */
  serie: number;
  /** Number inside the series, 0..99999. */
  numero: number;
  /** `SSS-NNNNN`, e.g. '000-00034'. */
  codigo: string;
}

/** Série, número and code of the coupon with this stored number (1-based in its campaign). */
export function couponCode(numeroNaCampanha: number): CouponCode {
  const k = numeroNaCampanha - 1;
  const serie = Math.floor(k / COUPON_SERIES_SIZE);
  const numero = k % COUPON_SERIES_SIZE;
  return { serie, numero, codigo: `${String(serie).padStart(3, '0')}-${String(numero).padStart(5, '0')}` };
}

/** `SSS-NNNNN` of the coupon with this stored number: the one way a coupon is shown. */
export const formatCouponCode = (numeroNaCampanha: number): string => couponCode(numeroNaCampanha).codigo;

/**
 * The stored number (1-based in the campaign) of a code as a person types it: `000-00034`,
 * also without the leading zeros (`0-34`) or with spaces around the dash. Null when the text
 * is not a série-número.
 */
export function parseCouponCode(text: string): number | null {
  const m = /^\s*(\d{1,6})\s*-\s*(\d{1,5})\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * COUPON_SERIES_SIZE + Number(m[2]) + 1;
}
