import { z } from 'zod';

/** Every error answer: `{ erro }` with a Portuguese message (domain §1). */
export const ErroSchema = z.object({ erro: z.string() });
export type Erro = z.infer<typeof ErroSchema>;

export const SimNao = z.enum(['S', 'N']);
export type SimNao = z.infer<typeof SimNao>;

/** A positive integer id in a path or query (accepts the string form of a URL). */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const CodCidadeSchema = z.coerce
  .number({ error: 'Escolha a cidade' })
  .int({ error: 'Escolha a cidade' })
  .positive({ error: 'Escolha a cidade' })
  .max(9_999_999, { error: 'Escolha a cidade' });

/** Admin and partner lists: `pagina`, `limite` (default 20) and `q` (domain §2). */
export const PaginacaoQuery = z.object({
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  limite: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

/** `YYYY-MM-DD` on the wire. */
export const DataSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD)' });

export const HealthSchema = z.object({ status: z.literal('ok'), banco: z.string(), versao: z.string() });
