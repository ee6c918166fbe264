import { useMutation } from '@tanstack/react-query';
import type { LoginBody, Sessao } from '@praca/contract';
import { MSG, isLoginInputOk } from '@praca/contract/plain';
import { client, type ApiPath } from '@/lib/api-client';
import { hashPassword } from '@/lib/hash';
import { setSession, toSession } from '@/lib/session';

/** Who is logging in: each role has its own login route and endpoint (spec §6, §7). */
export type LoginKind = 'usuario' | 'parceiro' | 'admin';

const ENDPOINT = {
  usuario: '/v1/login',
  parceiro: '/v1/parceiro/login',
  admin: '/v1/adm/usuarios/login',
} as const satisfies Record<LoginKind, ApiPath<'post'>>;

export class LoginError extends Error {}

export interface LoginInput {
  email: string;
  senha: string;
}

/**
 * The empty-field rule (spec §5): an empty e-mail or password is refused before any call.
 * Returns the message to show, or null when the form may be sent. `LoginBody`'s rule without
 * zod, so the login pages do not load it.
 */
export function loginInputError(input: LoginInput): string | null {
  return isLoginInputOk(input.email, input.senha) ? null : MSG.loginVazio;
}

/**
 * POST the login with the SHA-256 hex of the password. Success needs status 200 and a
 * token; the partner and admin logins also need their flag (spec §4). Anything else is
 * 'e-mail ou senha invalidos'.
 */
async function login(kind: LoginKind, input: LoginInput): Promise<Sessao> {
  const body: LoginBody = { email: input.email.trim(), senha: await hashPassword(input.senha) };
  let session: Sessao | null = null;
  try {
    const res = await client.POST(ENDPOINT[kind], { body, auth: 'none' });
    if (res.status === 200) session = toSession(res.data);
  } catch {
    session = null;
  }
  if (!session) throw new LoginError(MSG.loginInvalido);
  if (kind === 'parceiro' && !session.parceiro) throw new LoginError(MSG.loginInvalido);
  if (kind === 'admin' && !session.admin) throw new LoginError(MSG.loginInvalido);
  return session;
}

export function useLogin(kind: LoginKind) {
  return useMutation({
    mutationFn: (input: LoginInput) => login(kind, input),
    onSuccess: (session) => setSession(session),
  });
}
