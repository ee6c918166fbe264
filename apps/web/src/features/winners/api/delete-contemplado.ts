import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { invalidateContemplados } from './get-contemplados-adm';

/** DELETE /v1/adm/contemplados/{id} (200). */
async function deleteContemplado(idSorteado: number): Promise<void> {
  await client.DELETE('/v1/adm/contemplados/{id_sorteado}', {
    params: { path: { id_sorteado: idSorteado } },
  });
}

export function useDeleteContemplado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContemplado,
    onSuccess: () => invalidateContemplados(queryClient),
  });
}
