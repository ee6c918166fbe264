import { z } from 'zod';
import { CodCidadeSchema, DataSchema, IdSchema, PaginacaoQuery } from './common.js';

/** The entities the audit log names (domain §10), for the screen's filter. */
export const ENTIDADES_AUDITADAS = [
  'venda',
  'campanha',
  'estabelecimento',
  'vendedor',
  'avaliacao',
  'sorteio',
  'contemplado',
  'aviso',
  'promocao',
  'turismo',
  'notificacao',
  'usuario',
  'push_assinatura',
  'contestacao',
  'exportacao',
  'entidade',
  'doacao',
  'entidade_escolhida',
] as const;

/**
 * `GET /v1/adm/auditoria`: the city's audit log, newest first (domain §10), filtered by who
 * (`id_usuario`, or `q`: text in the author's name, without case or accents, or e-mail), what
 * (`entidade`) and when (`de`, `ate`: days on the programme's clock), paged with
 * `pagina`/`limite` and the total in `X-Total-Count`.
 */
export const AuditoriaQuery = PaginacaoQuery.extend({
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
  q: z.string().trim().max(100).optional(),
  id_usuario: IdSchema.optional(),
  entidade: z.string().trim().max(40).optional(),
  de: DataSchema.optional(),
  ate: DataSchema.optional(),
});
export type AuditoriaQuery = z.input<typeof AuditoriaQuery>;

/** One audit entry: who, when, what, and the values before and after (as recorded). */
export const AuditoriaItem = z.object({
  id: z.number().int(),
  criado_em: z.string(),
  id_usuario: z.number().int().nullable(),
  nome_usuario: z.string(),
  email_usuario: z.string(),
  acao: z.string(),
  entidade: z.string(),
  id_entidade: z.string(),
  antes: z.unknown(),
  depois: z.unknown(),
  ip: z.string(),
});
export type AuditoriaItem = z.infer<typeof AuditoriaItem>;
