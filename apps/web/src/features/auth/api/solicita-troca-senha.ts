import { useMutation } from '@tanstack/react-query';
import type { SolicitaTrocaSenhaBody } from '@praca/contract';
import { client, ApiError, NETWORK_ERROR } from '@/lib/api-client';

export class SolicitacaoError extends Error {}

/**
 * POST /v1/usuarios/solicitatrocasenha with `telefone` empty (spec §7). 202 is success; any
 * other answer throws the server's `erro`.
 */
async function solicitarTrocaSenha(email: string): Promise<void> {
  const body: SolicitaTrocaSenhaBody = { email: email.trim(), telefone: '' };
  try {
    const res = await client.POST('/v1/usuarios/solicitatrocasenha', { body, auth: 'none' });
    if (res.status !== 202) throw new SolicitacaoError(`Erro ${res.status}`);
  } catch (error) {
    if (error instanceof SolicitacaoError) throw error;
    throw new SolicitacaoError(
      error instanceof ApiError && error.status !== 0 ? error.message : NETWORK_ERROR,
    );
  }
}

export function useSolicitarTrocaSenha() {
  return useMutation({ mutationFn: solicitarTrocaSenha });
}
