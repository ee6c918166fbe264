/** Pure validators and formatters shared by the web forms and the server (spec §5). */

import { isValidCnpj as isValidCnpjV2 } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as checkDigitsOk } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { EMAIL_MAX, SENHA_MAX } from './limits.js';

/**
 * The login screens' empty-field rule (spec §5), without zod: an e-mail `LoginBody` accepts
 * and a typed password that is not empty nor longer than SENHA_MAX (the web sends its SHA-256,
 * which `LoginBody` checks). The login pages then load no zod (validators.test.ts checks that
 * the e-mail rule agrees).
 */
export function isLoginInputOk(email: string, senha: string): boolean {
  const e = email.trim();
  return e.length > 0 && e.length <= EMAIL_MAX && senha.length > 0 && senha.length <= SENHA_MAX;
}

/**
 * Characters a typed name never holds (issue 52): C0 controls (line breaks, tab, NUL), DEL, the
 * line and paragraph separators U+2028/2029, and the bidirectional embeddings and overrides
 * U+202A–202E and isolates U+2066–2069, which turn a name around on screen.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARS = /[\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
export const hasControlChars = (v: string): boolean => CONTROL_CHARS.test(v);

export const onlyDigits = (v: string): string => v.replace(/\D/g, '');

/** CEP: digits only, `00000-000`, at most 9 characters. */
export function formatCep(v: string): string {
  const d = onlyDigits(v).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

export const isValidCep = (v: string): boolean => /^\d{5}-?\d{3}$/.test(v.trim());

/** Phone with area code, at most 11 digits: `(11) 98765-4321` or `(11) 3456-7890`. */
export function formatPhone(v: string): string {
  const d = onlyDigits(v).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * A phone as the customer search shows it (issue 37): only its last 4 digits, the rest as
 * asterisks in the shape of `formatPhone`: `(**) *****-4321` (11 digits), `(**) ****-7890`.
 */
export function maskPhone(v: string): string {
  const d = onlyDigits(v);
  const last = d.slice(-4);
  if (d.length <= 4) return last ? `****-${last}` : '';
  const middle = '*'.repeat(Math.max(0, Math.min(d.length, 11) - 6));
  return `(**) ${middle}-${last}`;
}

/** Customer search: enough letters of a name, or enough trailing digits of a phone (issue 37). */
export const CUSTOMER_SEARCH_MIN_LETTERS = 3;
export const CUSTOMER_SEARCH_MIN_DIGITS = 4;

/** Typed text that is only a phone number (digits and the mask's punctuation). */
export const isPhoneLike = (v: string): boolean => /^[\d\s()+.-]+$/.test(v.trim());

/**
 * Whether the customer search may run on `v`: a phone-like text with at least 4 digits (the
 * number's ending), or a name with at least 3 letters. Shared by the server's query schema
 * and the sales screens, so both refuse the same texts.
 */
export function isCustomerSearchOk(v: string): boolean {
  if (isPhoneLike(v)) return onlyDigits(v).length >= CUSTOMER_SEARCH_MIN_DIGITS;
  return (v.match(/\p{L}/gu)?.length ?? 0) >= CUSTOMER_SEARCH_MIN_LETTERS;
}

/** Brazilian area codes (DDD) in use. */
const DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** A Brazilian area code plus an 8 or 9 digit number (spec §5, profile phone). */
export function isValidBrazilPhone(v: string): boolean {
  const d = onlyDigits(v);
  if (d.length !== 10 && d.length !== 11) return false;
  if (!DDD.has(Number(d.slice(0, 2)))) return false;
  return d.length === 10 || d[2] === '9';
}

/**
 * CNPJ, numeric (`11.222.333/0001-81`) or alphanumeric (`12.ABC.345/01DE-35`, issued since July
 * 2026 under IN RFB 2.229/2024): 12 characters 0-9 or A-Z (a letter counts as its ASCII code
 * minus 48), then two numeric check digits (modulo 11, weights 2 to 9 from the right). Letters in
 * either case, with or without the mask; a numeric one with all digits equal is refused.
 * The rule is @brazilian-utils' (its version 2 accepts both forms).
 */
export const isValidCnpj = (v: string): boolean => isValidCnpjV2(v, { version: 2 });

/**
 * A CNPJ as typed, masked `00.000.000/0000-00`: letters upper-cased and kept in the first 12
 * positions (the alphanumeric CNPJ), the check digits digits only, anything else dropped.
 */
export function formatCnpj(v: string): string {
  let d = '';
  for (const c of v.toUpperCase()) {
    if (d.length === 14) break;
    if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z' && d.length < 12)) d += c;
  }
  const parts = [d.slice(0, 2), d.slice(2, 5), d.slice(5, 8), d.slice(8, 12), d.slice(12, 14)];
  let out = parts[0];
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}

/** Review author masking (spec §5, domain §6): first and last word keep their first letter. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return words
    .map((w, i) =>
      i === 0 || i === words.length - 1 ? w[0] + '*'.repeat(Math.max(w.length - 1, 0)) : '*'.repeat(w.length),
    )
    .join(' ');
}

/**
 * Issue 52: a person as a partner sees them (the customer search, the sales screen, a sale's
 * answer): the first word and the initial of the last (`Maria da Silva` → `Maria S.`); a
 * one-word name as it is. An entity's account is shown by its name (the caller does not call this).
 */
export function partnerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  return `${words[0]} ${[...words[words.length - 1]!][0]!.toUpperCase()}.`;
}

/**
 * A CPF as a person types it (issue 40): 11 digits, bare or as `000.000.000-00`, with the
 * Receita Federal's check digits (and none of the reserved repeated-digit numbers).
 */
export function isValidCpf(v: string): boolean {
  const t = v.trim();
  return /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(t) && checkDigitsOk(t);
}

/** `00000000000` → `000.000.000-00` (as far as the digits go, for a field being typed). */
export function formatCpf(v: string): string {
  const d = onlyDigits(v).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * The only way a CPF is shown to anyone but its owner (issue 40): the middle six digits,
 * `***.456.789-**`, as the federal government's own portals publish it.
 */
export function maskCpf(v: string): string {
  const d = onlyDigits(v);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '';
}
