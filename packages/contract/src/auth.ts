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

/** Blank is 'e-mail ou senha vazios' (spec §5); a password not SHA-256 hex, `senhaFormato`. */
export const LoginBody = z.object({
  email: z
    .string({ error: MSG.loginVazio })
    .trim()
    .min(1, { error: MSG.loginVazio })
    .max(EMAIL_MAX, { error: MSG.loginInvalido }),
  senha: SenhaSchema,
});
export type LoginBody = z.infer<typeof LoginBody>;

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
