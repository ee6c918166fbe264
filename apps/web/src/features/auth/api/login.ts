import { useMutation } from '@tanstack/react-query';
import type { LoginBody, Sessao } from '@praca/contract';
import { MSG, isLoginInputOk } from '@praca/contract/plain';
import { ApiError, client, type ApiPath } from '@/lib/api-client';
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

/** While a log-in challenge is solved (issue 52): the share tried, 0 to 1. */
export type ChallengeProgress = (done: number) => void;

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
 * token; the partner and admin logins also need their flag (spec §4). A 428 (too many failures
 * for the e-mail) or a 429 (this address locked) is answered once with a solved challenge
 * (issue 52): the solver is loaded only then, and `onChallenge` follows its progress. Anything
 * else is 'e-mail ou senha invalidos', or the server's word for 428/429.
 */
async function login(kind: LoginKind, input: LoginInput, onChallenge?: ChallengeProgress): Promise<Sessao> {
  const email = input.email.trim();
  const body: LoginBody = { email, senha: await hashPassword(input.senha) };
  let session: Sessao | null = null;
  try {
    const res = await client.POST(ENDPOINT[kind], { body, auth: 'none' });
    if (res.status === 200) session = toSession(res.data);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 428 && error.status !== 429)) session = null;
    else session = await loginWithChallenge(kind, body, error, onChallenge);
  }
  if (!session) throw new LoginError(MSG.loginInvalido);
  if (kind === 'parceiro' && !session.parceiro) throw new LoginError(MSG.loginInvalido);
  if (kind === 'admin' && !session.admin) throw new LoginError(MSG.loginInvalido);
  return session;
}

/** The login again with a solved challenge; the first refusal's text when it cannot be solved. */
async function loginWithChallenge(
  kind: LoginKind,
  body: LoginBody,
  refusal: ApiError,
  onChallenge?: ChallengeProgress,
): Promise<Sessao | null> {
  let altcha: string;
  try {
    onChallenge?.(0);
    const [{ fetchChallenge }, { solveChallenge }] = await Promise.all([
      import('./desafio'),
      import('../challenge/solve'),
    ]);
    altcha = await solveChallenge(await fetchChallenge(body.email), (done) => onChallenge?.(done));
  } catch {
    throw new LoginError(refusal.message || MSG.loginInvalido);
  }
  try {
    const res = await client.POST(ENDPOINT[kind], { body: { ...body, altcha }, auth: 'none' });
    return res.status === 200 ? toSession(res.data) : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 428 || error.status === 429))
      throw new LoginError(error.message || MSG.loginInvalido);
    return null;
  }
}

export function useLogin(kind: LoginKind, onChallenge?: ChallengeProgress) {
  return useMutation({
    mutationFn: (input: LoginInput) => login(kind, input, onChallenge),
    onSuccess: (session) => setSession(session),
  });
}
