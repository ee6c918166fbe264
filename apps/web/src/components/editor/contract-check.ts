import type { ZodType } from 'zod';

/**
 * A form checked with the contract's schema before any call: the body to send, or the first
 * refusal (the message the server would answer) and the field it points at, to mark it.
 */
export type ContractCheck<TBody, TField extends string = string> =
  { ok: true; body: TBody } | { ok: false; erro: string; campo?: TField };

/** A refusal a form words itself (a prompt instead of the schema's message, another field). */
export type ContractRefusal<TField extends string> = { erro: string; campo?: TField };

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
 * refusal the first issue answers: `word` may word it itself; otherwise its message, marking
 * the issue's top-level key when it is one of `fields`.
 */
export function checkWithContract<TBody, TField extends string>(
  schema: ZodType<TBody>,
  raw: unknown,
  fields: readonly TField[],
  word?: (issue: ContractIssue) => ContractRefusal<TField> | undefined,
): ContractCheck<TBody, TField> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { ok: false, erro: 'Dados inválidos' };
  const worded = word?.(issue);
  if (worded) return { ok: false, ...worded };
  const first = issue.path[0];
  return { ok: false, erro: issue.message, campo: fields.find((f) => f === first) };
}
