import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GovbrCadastroBody } from '@praca/contract';
import { client, ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { setSession, toSession } from '@/lib/session';

/** POST /v1/govbr/cadastro (issue 52): the new account, with the CPF proven; answers the session. */
async function completeRegistration(body: z.output<typeof GovbrCadastroBody>) {
  try {
    const res = await client.POST('/v1/govbr/cadastro', { body, auth: 'none' });
    const sessao = toSession(res.data);
    if (!sessao) throw new Error(NETWORK_ERROR);
    return sessao;
  } catch (error) {
    throw new Error(error instanceof ApiError && error.status !== 0 ? error.message : NETWORK_ERROR);
  }
}

export function useGovbrRegistration() {
  return useMutation({ mutationFn: completeRegistration, onSuccess: (sessao) => setSession(sessao) });
}
