import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { invalidateEstabelecimentos } from './get-estabelecimentos-adm';

/**
 * DELETE /v1/adm/estabelecimentos/{id} (super-admin only, 200). A shop with sales answers
 * 409 with the reason in `erro`.
 */
async function deleteEstabelecimento(id: number): Promise<void> {
  await client.DELETE('/v1/adm/estabelecimentos/{id}', { params: { path: { id } } });
}

export function useDeleteEstabelecimento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEstabelecimento,
    onSuccess: (_data, id) => invalidateEstabelecimentos(queryClient, id),
  });
}
