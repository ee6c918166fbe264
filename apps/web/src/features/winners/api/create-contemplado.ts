import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContempladoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateContemplados } from './get-contemplados-adm';

/** POST /v1/adm/contemplados (201): a winner named by hand, or from a coupon number. */
async function createContemplado(body: ContempladoBody): Promise<void> {
  await client.POST('/v1/adm/contemplados', { body: ContempladoBody.parse(body) });
}

export function useCreateContemplado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContemplado,
    onSuccess: () => invalidateContemplados(queryClient),
  });
}
