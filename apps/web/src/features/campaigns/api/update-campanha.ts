import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CampanhaBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateCampanhas } from './create-campanha';

/** PATCH /v1/adm/campanhas/{id} (200): the same whole body as the create. */
async function updateCampanha({
  idCampanha,
  body,
}: {
  idCampanha: number;
  body: CampanhaBody;
}): Promise<void> {
  await client.PATCH('/v1/adm/campanhas/{id}', {
    params: { path: { id: idCampanha } },
    body: CampanhaBody.parse(body),
  });
}

export function useUpdateCampanha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampanha,
    onSuccess: () => invalidateCampanhas(queryClient),
  });
}
