import { z } from 'zod';
import { MSG } from './messages.js';
import { hasControlChars } from './validators.js';

/** Every error answer: `{ erro }` with a Portuguese message (domain §1). */
export const ErroSchema = z.object({ erro: z.string() });
export type Erro = z.infer<typeof ErroSchema>;

export const SimNao = z.enum(['S', 'N']);
export type SimNao = z.infer<typeof SimNao>;

/**
 * A number read as `z.coerce.number()` reads it (a path or a query is text: "12" is 12), except
 * that a boolean, an array or an object stays what it is and is refused, where coercion made
 * `true` 1 and `[5]` 5 (domain §1: a wrong type is 400). A missing value stays missing, so it
 * is 'Campo obrigatório' rather than a complaint about NaN.
 */
export const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) =>
      v === undefined || typeof v === 'boolean' || (typeof v === 'object' && v !== null) ? v : Number(v),
    schema,
  );

/** A positive integer id in a path or query (accepts the string form of a URL). */
export const IdSchema = numeric(z.number().int().positive().max(2_147_483_647));

export const CodCidadeSchema = numeric(
  z
    .number({ error: 'Escolha a cidade' })
    .int({ error: 'Escolha a cidade' })
    .positive({ error: 'Escolha a cidade' })
    .max(9_999_999, { error: 'Escolha a cidade' }),
);

/** Admin and partner lists: `pagina`, `limite` (default 20) and `q` (domain §2). */
export const PaginacaoQuery = z.object({
  pagina: numeric(z.number().int().min(1).max(100_000)).default(1),
  limite: numeric(z.number().int().min(1).max(100)).default(20),
  q: z.string().trim().max(100).optional(),
});

/** `YYYY-MM-DD` on the wire. */
export const DataSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD)' });

export const HealthSchema = z.object({ status: z.literal('ok'), banco: z.string(), versao: z.string() });

/**
 * A name a person or an admin types (a resident, a shop, a seller, an entity, a winner, the
 * promoter): the given string schema, refusing control characters (issue 52; `hasControlChars`),
 * so no name carries a line break into a list, an e-mail or an export.
 */
export const nomeDigitado = <T extends z.ZodString>(schema: T): T =>
  schema.refine((v) => !hasControlChars(v), { error: MSG.nomeComControle }) as T;
