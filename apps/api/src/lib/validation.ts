import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { CampanhasQuery, CidadeQuery, MSG } from '@praca/contract';
import { HttpError } from './errors.js';

const ptBR = z.locales.ptBR().localeError;

/** Zod's Brazilian Portuguese messages, with a plain one for a missing field. */
const defaultMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return MSG.campoObrigatorio;
  return ptBR(issue);
};

/** Every zod message in Portuguese, also outside requests (configuration, services). */
export function useZodInPortuguese(): void {
  z.config({ localeError: defaultMessage });
}

/**
 * Path of the first string (value or key) holding a NUL character (PostgreSQL text cannot
 * store it). Every request's input is walked, so the path is one array pushed and popped,
 * copied only when a NUL is found.
 */
function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [...path] : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    path.push(k);
    if (k.includes('\u0000')) return [...path];
    const found = nulPath((value as Record<string, unknown>)[k], path, depth + 1);
    if (found) return found;
    path.pop();
  }
  return null;
}

/** A city code as `CodCidadeSchema` takes it without help: digits, 1 to 9,999,999. */
const PLAIN_CITY = /^[1-9][0-9]{0,6}$/;

/**
 * The four hottest reads of the product (a city's shops, campaigns, winners, notices) take
 * only `?cod_cidade=`. Its usual form, plain digits, is read here directly; zod's parse cost
 * as much as the rest of a cached answer (docs/decisions/020). Anything else — another form
 * of number, an array, a bad value, another key — goes through zod as before, for the same
 * value or the same message.
 */
function plainCity(data: unknown): { cod_cidade: number } | null {
  if (!data || typeof data !== 'object') return null;
  let keys = 0;
  for (const _ in data) if (++keys > 1) return null;
  const raw = (data as { cod_cidade?: unknown }).cod_cidade;
  return typeof raw === 'string' && PLAIN_CITY.test(raw) ? { cod_cidade: Number(raw) } : null;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const general = compileZod(schema, httpPart);
  // `?cod_cidade=` alone is a valid answer of both schemas (CampanhasQuery also takes `codcidade`).
  if (schema !== CidadeQuery && schema !== CampanhasQuery) return general;
  return (data) => {
    const value = plainCity(data);
    return value ? { value } : general(data);
  };
};

/**
 * Validates one part of a request with its contract schema. The first problem becomes the
 * answer: a schema's own message (e.g. 'e-mail ou senha vazios') exactly as written, zod's
 * generic one as `<field>: <message>` so the person knows which field. A missing body is
 * read as `{}`, so an empty form gets the same messages as one with blank fields.
 */
function compileZod(schema: z.ZodType, httpPart: string | undefined) {
  return (data: unknown): { value: unknown } | { error: HttpError } => {
    const nul = nulPath(data);
    if (nul) {
      return {
        error: new HttpError(
          400,
          nul.length ? `${nul.join('.')}: ${MSG.caractereInvalido}` : MSG.caractereInvalido,
        ),
      };
    }
    const input = httpPart === 'body' && data == null ? {} : data;
    const valid = schema.safeParse(input);
    if (valid.success) return { value: valid.data };
    // Parsed again to learn which messages are zod's generic ones; only bad input pays for it.
    const generic = new Set<string>();
    const error: z.core.$ZodErrorMap = (issue) => {
      const m = defaultMessage(issue);
      const text = typeof m === 'string' ? m : m?.message;
      if (text) generic.add(text);
      return text;
    };
    const result = schema.safeParse(input, { error });
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue.path.map(String).join('.');
    const message = generic.has(issue.message) && field ? `${field}: ${issue.message}` : issue.message;
    return { error: new HttpError(400, message) };
  };
}
