import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PromocaoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidatePromocoes } from './create-promocao';

/** PATCH /v1/adm/promocoes/{id} (200): changes only what is sent; `dat_final` recomputed. */
async function updatePromocao({
  idPromocao,
  body,
}: {
  idPromocao: number;
  body: PromocaoBody;
}): Promise<void> {
  await client.PATCH('/v1/adm/promocoes/{id}', {
    params: { path: { id: idPromocao } },
    body: PromocaoBody.parse(body),
  });
}

export function useUpdatePromocao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromocao,
    onSuccess: () => invalidatePromocoes(queryClient),
  });
}
