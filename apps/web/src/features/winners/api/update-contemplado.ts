import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContempladoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateContemplados } from './get-contemplados-adm';

/** PATCH /v1/adm/contemplados/{id} (200): changes what is sent; `fotos` is the whole list. */
async function updateContemplado({
  idSorteado,
  body,
}: {
  idSorteado: number;
  body: ContempladoBody;
}): Promise<void> {
  await client.PATCH('/v1/adm/contemplados/{id_sorteado}', {
    params: { path: { id_sorteado: idSorteado } },
    body: ContempladoBody.parse(body),
  });
}

export function useUpdateContemplado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContemplado,
    onSuccess: () => invalidateContemplados(queryClient),
  });
}
