import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePromocoes } from './create-promocao';

/** DELETE /v1/adm/promocoes/{id} (202). */
async function deletePromocao(idPromocao: number): Promise<void> {
  await api.delete(`/v1/adm/promocoes/${idPromocao}`);
}

export function useDeletePromocao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromocao,
    onSuccess: () => invalidatePromocoes(queryClient),
  });
}
