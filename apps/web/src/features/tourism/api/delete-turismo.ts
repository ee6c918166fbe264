import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { invalidateTurismo } from './create-turismo';

/** DELETE /v1/adm/turismo/{id} (200 with `{mensagem}`). */
async function deleteTurismo(idTurismo: number): Promise<void> {
  await client.DELETE('/v1/adm/turismo/{id}', { params: { path: { id: idTurismo } } });
}

export function useDeleteTurismo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTurismo,
    onSuccess: () => invalidateTurismo(queryClient),
  });
}
