import { useMutation } from '@tanstack/react-query';
import type { CodigoSenhaBody } from '@praca/contract';
import { ApiError, client, NETWORK_ERROR, type ApiPath } from '@/lib/api-client';
import { hashPassword } from '@/lib/hash';

/**
 * Which e-mailed link: password reset (/redefinirsenha), account removal (/remocaousuario) or
 * a new social entity's welcome (/definirsenha, issue 51: its first password).
 */
export type CodeKind = 'reset' | 'remocao' | 'boas_vindas';

const ENDPOINT = {
  reset: '/v1/usuarios/redefinirsenha',
  remocao: '/v1/usuarios/remocaousuario',
  boas_vindas: '/v1/usuarios/definirsenha',
} as const satisfies Record<CodeKind, ApiPath<'post'>>;

export class CodeError extends Error {}

export interface CodeInput {
  code: string;
  senha: string;
  senha2: string;
}

/**
 * POST code, senha and senha2 (both SHA-256 hex, like the login). 202 is success (spec §4);
 * anything else throws the server's `msg` (spec §7, §8), or its `erro`.
 */
async function enviarCodigo(kind: CodeKind, input: CodeInput): Promise<void> {
  const body: CodigoSenhaBody = {
    code: input.code,
    senha: await hashPassword(input.senha),
    senha2: await hashPassword(input.senha2),
  };
  try {
    const res = await client.POST(ENDPOINT[kind], { body, auth: kind === 'remocao' ? 'bearer' : 'none' });
    if (res.status !== 202) throw new CodeError(`Erro ${res.status}`);
  } catch (error) {
    if (error instanceof CodeError) throw error;
    if (error instanceof ApiError) {
      const data = error.data as { msg?: unknown; erro?: unknown } | null;
      const msg = typeof data?.msg === 'string' && data.msg ? data.msg : error.message;
      throw new CodeError(error.status === 0 ? NETWORK_ERROR : msg);
    }
    throw new CodeError(NETWORK_ERROR);
  }
}

export function useEnviarCodigo(kind: CodeKind) {
  return useMutation({ mutationFn: (input: CodeInput) => enviarCodigo(kind, input) });
}
