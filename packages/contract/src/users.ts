import { z } from 'zod';
import { CodCidadeSchema, nomeDigitado } from './common.js';
import { SenhaSchema } from './auth.js';
import { MSG } from './messages.js';
import { isValidCpf, onlyDigits } from './validators.js';

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use no máximo ${max} caracteres` });
const opcional = (max: number) => texto(max).optional().default('');

/**
 * An optional CPF (issue 40): digits or `000.000.000-00`, check digits verified; the output is
 * the 11 digits. Empty means none.
 */
export const CpfSchema = z
  .string({ error: MSG.cpfInvalido })
  .trim()
  .refine((v) => v === '' || isValidCpf(v), { error: MSG.cpfInvalido })
  .transform((v) => onlyDigits(v));

/** Registration payload (spec §3). Only what a person needs is required. */
export const RegistroBody = z.object({
  nome: nomeDigitado(texto(120).min(1, { error: 'Informe seu nome' })),
  email: z
    .string({ error: 'Informe um e-mail válido' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Informe um e-mail válido' }).max(254)),
  senha: SenhaSchema,
  whatsup: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().max(11, { error: 'Número de WhatsApp inválido' }))
    .optional()
    .default(''),
  endereco: opcional(200),
  numero: opcional(20),
  complemento: opcional(100),
  bairro: opcional(100),
  cidade: opcional(100),
  uf: opcional(2),
  cep: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().regex(/^(\d{8})?$/, { error: 'CEP inválido' }))
    .optional()
    .default(''),
  cod_cidade: CodCidadeSchema,
  cpf: CpfSchema.optional().default(''),
});
export type RegistroBody = z.input<typeof RegistroBody>;

export const RegistroResposta = z.object({ token: z.string(), id_usuario: z.number().int() });
