import { z } from 'zod';
import { EMAIL_MAX } from './limits.js';
import { MSG } from './messages.js';

/**
 * The client sends SHA-256 hex of the password; the server keeps a slow hash of what it gets.
 * Anything but 64 hexadecimal characters is no client's password: 400 (issue 37), wherever a
 * password is received (login, registration, change, reset, removal).
 */
export const SenhaSchema = z
  .string({ error: MSG.loginVazio })
  .min(1, { error: MSG.loginVazio })
  .regex(/^[0-9a-fA-F]{64}$/, { error: MSG.senhaFormato });

/** The longest solved challenge a login carries (base64 of a payload of about 600 bytes). */
const DESAFIO_MAX = 4_000;

/** Blank is 'e-mail ou senha vazios' (spec §5); a password not SHA-256 hex, `senhaFormato`. */
export const LoginBody = z.object({
  email: z
    .string({ error: MSG.loginVazio })
    .trim()
    .min(1, { error: MSG.loginVazio })
    .max(EMAIL_MAX, { error: MSG.loginInvalido }),
  senha: SenhaSchema,
  /**
   * Issue 52: a solved log-in challenge (`GET /v1/desafio`), base64 of the ALTCHA payload
   * `{challenge, solution}`; needed past LOGIN_DESAFIO_APOS failures for the e-mail (428 without).
   */
  altcha: z.string().max(DESAFIO_MAX).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** `GET /v1/desafio?email=`: a challenge for logging in as that e-mail. */
export const DesafioQuery = z.object({
  email: z
    .string({ error: MSG.loginVazio })
    .trim()
    .min(1, { error: MSG.loginVazio })
    .max(EMAIL_MAX, { error: MSG.loginInvalido }),
});

/**
 * An ALTCHA challenge (altcha-lib 2, its `Challenge`): the solver looks for the counter whose
 * SHA-256 of `salt ‖ nonce ‖ counter` (uint32, big-endian) starts with `keyPrefix`. `data.max`
 * is the highest counter it may take: the work grows with each further failure. Valid until
 * `expiresAt` (seconds), once, for the e-mail it was asked for.
 */
export const DesafioSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    expiresAt: z.number().int(),
    data: z.object({ max: z.number().int() }),
  }),
  signature: z.string(),
});
export type Desafio = z.infer<typeof DesafioSchema>;

/** The login answer, stored by the web as the session config (spec §3, domain §3). */
export const SessaoSchema = z.object({
  token: z.string(),
  id_usuario: z.number().int(),
  nome: z.string(),
  email: z.string(),
  cod_cidade: z.number().int(),
  cidade: z.string(),
  uf: z.string(),
  parceiro: z.boolean(),
  admin: z.boolean(),
  superadmin: z.boolean(),
  estabelecimentos: z.record(z.string(), z.string()),
});
export type Sessao = z.infer<typeof SessaoSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
