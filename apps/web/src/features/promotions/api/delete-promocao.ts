import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { invalidatePromocoes } from './create-promocao';

/** DELETE /v1/adm/promocoes/{id} (202). */
async function deletePromocao(idPromocao: number): Promise<void> {
  await client.DELETE('/v1/adm/promocoes/{id}', { params: { path: { id: idPromocao } } });
}

export function useDeletePromocao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromocao,
    onSuccess: () => invalidatePromocoes(queryClient),
  });
}
