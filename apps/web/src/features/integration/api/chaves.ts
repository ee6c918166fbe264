import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChaveCriada, ChaveItem, type ChaveBody } from '@praca/contract';
import { client, type ApiBody } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

const chavesQueryKey = ['parceiro', 'chaves'] as const;

/** GET /v1/parceiro/chaves: the partner's live API keys (never their secret). */
export function useChaves() {
  return useQuery({
    queryKey: chavesQueryKey,
    queryFn: async ({ signal }) =>
      parseList(ChaveItem, (await client.GET('/v1/parceiro/chaves', { signal })).data),
  });
}

/** POST /v1/parceiro/chaves: the key itself comes back this once. */
export function useCreateChave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChaveBody) =>
      ChaveCriada.parse(
        (await client.POST('/v1/parceiro/chaves', { body: body as ApiBody<'post', '/v1/parceiro/chaves'> }))
          .data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesQueryKey }),
  });
}

/** DELETE /v1/parceiro/chaves/{id}: the key stops working at once. */
export function useRevokeChave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await client.DELETE('/v1/parceiro/chaves/{id}', { params: { path: { id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesQueryKey }),
  });
}
