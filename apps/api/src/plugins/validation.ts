import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { MSG, mensagemDoValidador, rotuloDoCampo } from '@praca/contract';
import { HttpError } from '../lib/errors.js';

const ptBR = z.locales.ptBR().localeError;

/** The contract's Portuguese for a generic rule (a length, a range, a format); zod's own for the rest. */
const defaultMessage: z.core.$ZodErrorMap = (issue) => mensagemDoValidador(issue) ?? ptBR(issue);

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

/**
 * Validates one part of a request with its contract schema. The first problem becomes the
 * answer: a schema's own message (e.g. 'e-mail ou senha vazios') exactly as written, a
 * generic one as `<label>: <message>` (e.g. 'URL: Use no máximo 500 caracteres') so the
 * person knows which field. A missing body is
 * read as `{}`, so an empty form gets the same messages as one with blank fields.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
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
    const message =
      generic.has(issue.message) && field ? `${rotuloDoCampo(field)}: ${issue.message}` : issue.message;
    return { error: new HttpError(400, message) };
  };
};
