import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TurismoBody } from '@praca/contract';
import { api } from '@/lib/api-client';
import { invalidateTurismo } from './create-turismo';

/** PATCH /v1/adm/turismo/{id} (200): changes what is sent (the editor sends every field). */
async function updateTurismo({ idTurismo, body }: { idTurismo: number; body: TurismoBody }): Promise<void> {
  await api.patch(`/v1/adm/turismo/${idTurismo}`, TurismoBody.parse(body));
}

export function useUpdateTurismo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTurismo,
    onSuccess: () => invalidateTurismo(queryClient),
  });
}
