/** Small pure helpers of the demo seed: calendar days, CNPJ check digits, a repeatable PRNG. */

export { addDays, dayIn, daysBetween } from '../../lib/clock.js';

/** `YYYY-MM-DD` → `dd/mm/yyyy`, as the web shows dates. */
export const brDate = (day: string): string => day.split('-').reverse().join('/');

/**
 * An instant (ISO UTC) for a local São Paulo wall-clock time on `day`. Brazil has kept UTC−3
 * all year since 2019, which is all a demo needs.
 */
export function instantAt(day: string, hour: number, minute = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hour + 3, minute)).toISOString();
}

/** FNV-1a 32-bit: a stable number from a text key. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small repeatable PRNG in [0, 1), so every seed run builds the same demo. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Both CNPJ check digits for the first 12 digits. */
export function cnpjFrom12(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`CNPJ base inválida: ${first12}`);
  const digit = (base: string): number => {
    const weights =
      base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(first12);
  return `${first12}${d1}${digit(`${first12}${d1}`)}`;
}

/** A stable, valid CNPJ (head office, branch 0001) for a demo shop key, digits only. */
export function demoCnpj(key: string): string {
  const root = String(10_000_000 + (hash32(`cnpj:${key}`) % 89_999_999)).padStart(8, '0');
  return cnpjFrom12(`${root}0001`);
}

/** `Padaria Bella Vista` → `padaria-bella-vista`, for file names and demo addresses. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' e ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
