import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TurismoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateTurismo } from './create-turismo';

/** PATCH /v1/adm/turismo/{id} (200): changes what is sent (the editor sends every field). */
async function updateTurismo({ idTurismo, body }: { idTurismo: number; body: TurismoBody }): Promise<void> {
  await client.PATCH('/v1/adm/turismo/{id}', {
    params: { path: { id: idTurismo } },
    body: TurismoBody.parse(body),
  });
}

export function useUpdateTurismo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTurismo,
    onSuccess: () => invalidateTurismo(queryClient),
  });
}
