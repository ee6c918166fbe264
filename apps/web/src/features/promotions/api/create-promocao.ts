import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PromocaoAdmin, PromocaoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { promocoesAdmQueryKey } from './get-promocoes-adm';
import { answerOrNull } from '@/lib/api/answer';

/**
 * A promotion change reloads the admin list; the editor's own query is only marked stale (the
 * dialog closes, and refetching a promotion just deleted would only answer 404).
 */
export function invalidatePromocoes(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...promocoesAdmQueryKey, 'lista'] }),
    queryClient.invalidateQueries({ queryKey: promocoesAdmQueryKey, refetchType: 'none' }),
  ]);
}

/**
 * POST /v1/adm/promocoes (201): shop, start and plan required; the server computes `dat_final`.
 * Answers the new promotion.
 */
async function createPromocao(body: PromocaoBody): Promise<PromocaoAdmin | null> {
  const res = await client.POST('/v1/adm/promocoes', { body: PromocaoBody.parse(body) });
  return answerOrNull(PromocaoAdmin, res.data);
}

export function useCreatePromocao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromocao,
    onSuccess: () => invalidatePromocoes(queryClient),
  });
}
