import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z, type ZodType } from 'zod';
import { mensagemDoValidador } from '@praca/contract';

/** A refusal a form words itself (a prompt instead of the schema's message, another field). */
export type ContractRefusal<TField extends string> = { erro: string; campo?: TField };

/**
 * A form checked with the contract's schema before any call: the body to send, or the
 * refusals (the messages the server would answer), each with the field it points at. `erro`
 * and `campo` are the first refusal; `erros`, when given, all of them (one per field).
 */
export type ContractCheck<TBody, TField extends string = string> =
  { ok: true; body: TBody } | { ok: false; erro: string; campo?: TField; erros?: ContractRefusal<TField>[] };

/** One issue of the schema: where it points and what it says. */
export interface ContractIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The prompt when a new record has no admin city yet ('cod_cidade' refused). */
const CITY_PROMPT = 'Escolha a cidade no topo da página';

/** Words a refused `cod_cidade` as the prompt to choose the city on top of the page. */
export const askForCity = (issue: ContractIssue): ContractRefusal<never> | undefined =>
  issue.path[0] === 'cod_cidade' ? { erro: CITY_PROMPT } : undefined;

/**
 * Parses `raw` (the request's body as the form builds it) with the contract's schema. On a
 * refusal every issue answers, the first one per field: `word` may word it itself; otherwise
 * its message, marking the issue's top-level key when it is one of `fields`.
 */
export function checkWithContract<TBody, TField extends string>(
  schema: ZodType<TBody>,
  raw: unknown,
  fields: readonly TField[],
  word?: (issue: ContractIssue) => ContractRefusal<TField> | undefined,
): ContractCheck<TBody, TField> {
  const parsed = schema.safeParse(raw, { error: mensagemDoValidador });
  if (parsed.success) return { ok: true, body: parsed.data };
  const erros: ContractRefusal<TField>[] = [];
  for (const issue of parsed.error.issues) {
    const first = issue.path[0];
    const refusal = word?.(issue) ?? { erro: issue.message, campo: fields.find((f) => f === first) };
    if (!erros.some((e) => e.campo === refusal.campo)) erros.push(refusal);
  }
  const [first] = erros;
  if (!first) return { ok: false, erro: 'Dados inválidos' };
  return { ok: false, ...first, erros };
}

/**
 * Adds a form's own refusals (checked before the schema, e.g. a choice the schema cannot
 * word) to the schema's, so every refused field shows at once; a field keeps its first one.
 */
export function withRefusals<TBody, TField extends string>(
  own: ContractRefusal<TField>[],
  checked: ContractCheck<TBody, TField>,
): ContractCheck<TBody, TField> {
  if (own.length === 0) return checked;
  const erros = [...own];
  if (!checked.ok) {
    for (const r of checked.erros ?? [{ erro: checked.erro, campo: checked.campo }]) {
      if (!erros.some((e) => e.campo === r.campo)) erros.push(r);
    }
  }
  const [first] = erros as [ContractRefusal<TField>];
  return { ok: false, ...first, erros };
}

/**
 * react-hook-form's resolver for a form checked with a zod schema of the contract's (or one
 * built with {@link contractForm}): every refusal on its field at once, the generic rules in
 * the contract's Portuguese (`mensagemDoValidador`), and react-hook-form focuses the first.
 */
export function contractResolver<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
): Resolver<TIn, unknown, TOut> {
  return zodResolver(schema as never, { error: mensagemDoValidador }) as unknown as Resolver<
    TIn,
    unknown,
    TOut
  >;
}

/**
 * A form checked with the contract: the form's own fields (strings and switches, as typed)
 * become the request's body with `toBody`, and the contract's schema checks that body; its
 * refusals come back on the form's fields of the same name, with the contract's Portuguese.
 */
export function contractForm<F extends z.ZodRawShape, B extends z.ZodType>(
  fields: F,
  body: B,
  toBody: (form: z.output<z.ZodObject<F>>) => unknown,
) {
  return z.object(fields).transform((form, ctx): z.output<B> => {
    const parsed = body.safeParse(toBody(form), { error: mensagemDoValidador });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
