import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { invalidateAvisos } from './create-aviso';

/** DELETE /v1/adm/avisos/{id} (202). */
async function deleteAviso(idAviso: number): Promise<void> {
  await client.DELETE('/v1/adm/avisos/{id}', { params: { path: { id: idAviso } } });
}

export function useDeleteAviso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAviso,
    onSuccess: () => invalidateAvisos(queryClient),
  });
}
