import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AvisoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateAvisos } from './create-aviso';

/** PATCH /v1/adm/avisos/{id} (202): changes only what is sent. */
async function updateAviso({ idAviso, body }: { idAviso: number; body: AvisoBody }): Promise<void> {
  await client.PATCH('/v1/adm/avisos/{id}', {
    params: { path: { id: idAviso } },
    body: AvisoBody.parse(body),
  });
}

export function useUpdateAviso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAviso,
    onSuccess: () => invalidateAvisos(queryClient),
  });
}
