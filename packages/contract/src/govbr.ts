import { z } from 'zod';
import { SenhaSchema, SessaoSchema } from './auth.js';
import { CodCidadeSchema } from './common.js';
import { GOVBR_FINALIDADES, GOVBR_MOTIVOS_VINCULO, GOVBR_MSG, isRelativePath } from './govbr-texts.js';

/**
 * "Entrar com gov.br" (issue 52): what the flow's steps send and answer (texts: govbr-texts.ts).
 * The flow: `GET /v1/govbr/entrar` → gov.br → `GET /v1/govbr/retorno`, which sends the browser
 * to one of the web's `/govbr/...` pages; those pages call the endpoints below with the flow's
 * browser cookie (never a token in an address).
 */

export const GovbrEntrarQuery = z.object({
  destino: z
    .string()
    .max(500, { error: GOVBR_MSG.destinoInvalido })
    .refine(isRelativePath, { error: GOVBR_MSG.destinoInvalido })
    .optional(),
  finalidade: z.enum(GOVBR_FINALIDADES).optional().default('entrar'),
});

/** gov.br's answer to the authorization request (RFC 6749 §4.1.2, RFC 9207's `iss`). */
export const GovbrRetornoQuery = z.looseObject({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

/** A login through a linked gov.br account: the session, and where the person was going. */
export const GovbrSessaoResposta = SessaoSchema.extend({ destino: z.string() });
export type GovbrSessaoResposta = z.infer<typeof GovbrSessaoResposta>;

/** What the "Complete seu cadastro" page shows: what gov.br gave. */
export const GovbrCadastroDados = z.object({
  nome: z.string(),
  /** gov.br's verified e-mail; empty when it gave none (the page then asks for one). */
  email: z.string(),
});

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use no máximo ${max} caracteres` })
    .optional()
    .default('');

/** Only what gov.br does not give: the city, WhatsApp and address (and an e-mail if it gave none). */
export const GovbrCadastroBody = z.object({
  cod_cidade: CodCidadeSchema,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(''), z.email({ error: GOVBR_MSG.informeEmail }).max(254)]))
    .optional()
    .default(''),
  whatsup: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().max(11, { error: 'Número de WhatsApp inválido' }))
    .optional()
    .default(''),
  endereco: texto(200),
  numero: texto(20),
  complemento: texto(100),
  bairro: texto(100),
  cep: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().regex(/^(\d{8})?$/, { error: 'CEP inválido' }))
    .optional()
    .default(''),
});
export type GovbrCadastroBody = z.input<typeof GovbrCadastroBody>;

export const GovbrVinculoDados = z.object({ motivo: z.enum(GOVBR_MOTIVOS_VINCULO) });

/** Linking asks for the password again (its SHA-256 hex, as at the login). */
export const GovbrVincularBody = z.object({ senha: SenhaSchema });
export const GovbrVincularResposta = z.object({ ok: z.literal(true), cpf_situacao: z.literal('comprovado') });
