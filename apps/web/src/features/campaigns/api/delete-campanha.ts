import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { invalidateCampanhas } from './create-campanha';

/** DELETE /v1/adm/campanhas/{id} (202); 409 with the server's text when it already has sales. */
async function deleteCampanha(idCampanha: number): Promise<void> {
  await client.DELETE('/v1/adm/campanhas/{id}', { params: { path: { id: idCampanha } } });
}

export function useDeleteCampanha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampanha,
    onSuccess: () => invalidateCampanhas(queryClient),
  });
}
