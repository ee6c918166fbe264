import { z } from 'zod';
import { CodCidadeSchema, nomeDigitado } from './common.js';
import { formatCnpj, isValidCnpj } from './validators.js';

/**
 * The promotion's promoter (issue 49): the legal entity that runs a city's apurações, named
 * with its CNPJ in the edital and the ata. A city setting only the super-admin writes:
 * GET / PATCH /v1/adm/cidades/{cod_cidade}/promotor.
 */
export const MSG_PROMOTOR = {
  nomeInvalido: 'Informe o nome do promotor (de 1 a 200 caracteres)',
  cnpjInvalido: 'Informe um CNPJ válido para o promotor (numérico ou alfanumérico)',
} as const;

export const PromotorParams = z.object({ cod_cidade: CodCidadeSchema });

export const PromotorBody = z.object({
  promotor_nome: nomeDigitado(
    z
      .string({ error: MSG_PROMOTOR.nomeInvalido })
      .trim()
      .min(1, { error: MSG_PROMOTOR.nomeInvalido })
      .max(200, { error: MSG_PROMOTOR.nomeInvalido }),
  ),
  /** Numeric or alphanumeric, with or without the mask; stored masked `00.000.000/0000-00`. */
  promotor_cnpj: z
    .string({ error: MSG_PROMOTOR.cnpjInvalido })
    .trim()
    .refine(isValidCnpj, { error: MSG_PROMOTOR.cnpjInvalido })
    .transform(formatCnpj),
});
export type PromotorBody = z.input<typeof PromotorBody>;

/** A city and its promoter (null fields: not configured yet). */
export const PromotorCidade = z.object({
  cod_cidade: z.number().int(),
  cidade: z.string(),
  uf: z.string(),
  promotor_nome: z.string().nullable(),
  promotor_cnpj: z.string().nullable(),
});
export type PromotorCidade = z.infer<typeof PromotorCidade>;
