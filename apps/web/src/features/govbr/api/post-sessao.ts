import { useMutation } from '@tanstack/react-query';
import type { Sessao } from '@praca/contract';
import { isRelativePath } from '@praca/contract/plain';
import { client, ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { setSession, toSession } from '@/lib/session';

/**
 * POST /v1/govbr/sessao (issue 52): the login gov.br's callback left to this browser (its flow
 * cookie goes with the request), once. The session is stored as the password login stores it.
 */
async function takeSession(): Promise<{ sessao: Sessao; destino: string }> {
  try {
    const res = await client.POST('/v1/govbr/sessao', { auth: 'none' });
    const sessao = toSession(res.data);
    if (!sessao) throw new Error(NETWORK_ERROR);
    const destino = res.data.destino;
    return { sessao, destino: isRelativePath(destino) ? destino : '/' };
  } catch (error) {
    throw new Error(error instanceof ApiError && error.status !== 0 ? error.message : NETWORK_ERROR);
  }
}

export function useGovbrSession() {
  return useMutation({ mutationFn: takeSession, onSuccess: ({ sessao }) => setSession(sessao) });
}
