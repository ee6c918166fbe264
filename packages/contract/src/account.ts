import { z } from 'zod';
import { SenhaSchema } from './auth.js';
import { nomeDigitado } from './common.js';
import { RESET_CODE_LENGTH } from './limits.js';
import { CpfSchema } from './users.js';
import { isValidBrazilPhone } from './validators.js';

/** Texts of spec §5 and §8 for the profile, reset and removal screens, to the letter. */
export const MSG_CONTA = {
  perfilSalvo: 'Perfil salvo com sucesso',
  whatsInvalido: 'numero do WhatApp invalido!',
  senhaAlterada: 'Senha alterada com sucesso',
  senhaNaoConfere: 'Senha não confere',
  /** Followed by the HTTP status text. */
  erroCadastro: 'Ocorreu um erro no cadastro ',
  remocaoSolicitada: 'Solicitação de remoção do seu cadastro foi enviado para seu e-mail',
  remocaoFalhou: 'não foi possível realizar sua solicitação',
  digiteEmail: 'Digite seu email para solicitar uma nova senha',
  senhaInvalida: 'Senha invalida!',
  formatoInvalido: 'Invalido formato!',
  linkInvalido:
    'Desculpe! Desculpe mas algo de errado aconteceu ou seu link expirou, por favor tente novamente ou entre em contado.',
  // Server answers (not in the spec; plain Portuguese).
  nomeObrigatorio: 'Informe seu nome',
  emailInvalido: 'Informe um e-mail válido',
  senhaAtualErrada: 'A senha atual não confere',
  emailNaoEhSeu: 'Informe o e-mail da sua conta',
  codigoInvalido: 'Link inválido. Solicite um novo.',
  codigoExpirado: 'Este link expirou. Solicite um novo.',
  codigoUsado: 'Este link já foi usado. Solicite um novo.',
  senhaErrada: 'Senha incorreta',
  usuarioNaoEncontrado: 'Usuário não encontrado',
} as const;

/** Issue 52: a CPF is changed at most once in this many days (setting the first one is no change). */
export const CPF_TROCA_DIAS = 90;

/** The profile of spec §3: `GET /v1/usuarios/{userId}` answers `[PerfilUsuario]`. */
export const PerfilUsuario = z.object({
  nome: z.string(),
  email: z.string(),
  whatsup: z.string(),
  /** Issue 40: the owner's own CPF, `000.000.000-00`; absent when none was given (spec §3's answer). */
  cpf: z.string().optional(),
  /**
   * Issue 52: how the CPF is held: `''` none, `declarado` (typed by the person: its counter
   * sales are credited once it has been theirs alone for the waiting period) or `comprovado`
   * (gov.br, or a document a city admin approved: it collects at once and cannot be changed).
   */
  cpf_situacao: z.enum(['', 'declarado', 'comprovado']),
  /** Issue 52: a declared CPF's end of the waiting period (an instant), when no other account declares it. */
  cpf_carencia_ate: z.string().optional(),
});
export type PerfilUsuario = z.infer<typeof PerfilUsuario>;

/** `PATCH /v1/usuarios`. The e-mail is read-only: it is accepted and ignored. */
export const PerfilBody = z.object({
  nome: nomeDigitado(
    z
      .string({ error: MSG_CONTA.nomeObrigatorio })
      .trim()
      .min(1, { error: MSG_CONTA.nomeObrigatorio })
      .max(120, { error: 'Use no máximo 120 caracteres' }),
  )
    // Issue 40: left out, the stored name stays (a PATCH may carry only the CPF).
    .optional(),
  email: z.string().max(254).optional(),
  whatsup: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || isValidBrazilPhone(v), { error: MSG_CONTA.whatsInvalido })
    // Left out, the stored number stays; '' clears it.
    .optional(),
  /** Issue 40: left out, the stored CPF stays; '' removes it. */
  cpf: CpfSchema.optional(),
});
export type PerfilBody = z.input<typeof PerfilBody>;

const email = z
  .string({ error: MSG_CONTA.emailInvalido })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MSG_CONTA.emailInvalido }).max(254, { error: MSG_CONTA.emailInvalido }));

/** `POST /v1/adm/usuarios/trocasenha` (passwords SHA-256 hex from the client, like login). */
export const TrocaSenhaBody = z.object({ email, senha: SenhaSchema, novasenha: SenhaSchema });
export type TrocaSenhaBody = z.input<typeof TrocaSenhaBody>;
/**
 * The answer to a password change: the change ends every session, the caller's too (domain §3),
 * and opens a new one for the caller, whose token comes here.
 */
export const TrocaSenhaResposta = z.object({ ok: z.literal(true), token: z.string() });
export type TrocaSenhaResposta = z.infer<typeof TrocaSenhaResposta>;

/** `POST /v1/usuarios/solicitatrocasenha`: always 202 for a well-formed address. */
export const SolicitaTrocaSenhaBody = z.object({
  // Blank is the reset screen's own message (spec §5); a malformed address, emailInvalido.
  email: z
    .string({ error: MSG_CONTA.digiteEmail })
    .trim()
    .min(1, { error: MSG_CONTA.digiteEmail })
    .pipe(email),
  telefone: z.string().max(30).optional().default(''),
});
export type SolicitaTrocaSenhaBody = z.input<typeof SolicitaTrocaSenhaBody>;

/** `POST /v1/usuarios/solicitaremocao`: the caller's own e-mail. */
export const SolicitaRemocaoBody = z.object({ email });
export type SolicitaRemocaoBody = z.input<typeof SolicitaRemocaoBody>;

/**
 * `POST /v1/usuarios/redefinirsenha` and `POST /v1/usuarios/remocaousuario`. The code is
 * checked by the service (so a wrong length answers 400 with the reason in `msg`).
 */
export const CodigoSenhaBody = z.object({
  code: z.string().max(400),
  senha: SenhaSchema,
  senha2: SenhaSchema,
});
export type CodigoSenhaBody = z.input<typeof CodigoSenhaBody>;

/** Failures of the two code calls carry the reason in `msg` (spec §7) and in `erro` (domain §1). */
export const ErroCodigo = z.object({ erro: z.string(), msg: z.string() });

export const isResetCode = (code: string | null | undefined): code is string =>
  typeof code === 'string' && code.length === RESET_CODE_LENGTH && /^[A-Za-z0-9]+$/.test(code);

/** `GET /v1/usuarios/meusdados`: everything the programme holds about the caller (LGPD art. 18). */
export const EXPORT_SECTIONS = [
  'perfil',
  'sessoes',
  'estabelecimentos',
  'vendas',
  'saldos',
  'cupons',
  'contemplados',
  'avaliacoes',
  'contestacoes',
  'recibos',
  'comprovacoes_cpf',
  'notificacoes',
  'push_assinaturas',
  'consentimentos',
] as const;
