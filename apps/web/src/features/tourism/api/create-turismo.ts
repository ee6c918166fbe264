import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TurismoBody, TurismoItem } from '@praca/contract';
import { client } from '@/lib/api-client';
import { turismoAdmQueryKey } from './get-turismo-adm';
import { answerOrNull } from '@/lib/api/answer';

/**
 * A tourism change reloads the admin list and the consumer guide; the editor's own item query
 * is only marked stale (refetching an item just deleted would only answer 404).
 */
export function invalidateTurismo(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...turismoAdmQueryKey, 'lista'] }),
    queryClient.invalidateQueries({ queryKey: turismoAdmQueryKey, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: ['turismo'] }),
  ]);
}

/** POST /v1/adm/turismo (201): `descricao` and `tipo` required. Answers the new item. */
async function createTurismo(body: TurismoBody): Promise<TurismoItem | null> {
  const res = await client.POST('/v1/adm/turismo', { body: TurismoBody.parse(body) });
  return answerOrNull(TurismoItem, res.data);
}

export function useCreateTurismo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTurismo,
    onSuccess: () => invalidateTurismo(queryClient),
  });
}
