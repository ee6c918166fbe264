import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EstabelecimentoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateEstabelecimentos } from './get-estabelecimentos-adm';

interface UpdateEstabelecimentoInput {
  id: number;
  body: EstabelecimentoBody;
}

/**
 * PATCH /v1/adm/estabelecimentos/{id}: the same body as the create; the server changes only
 * what is sent, and `vendedores` is the whole list of sellers (200).
 */
async function updateEstabelecimento({ id, body }: UpdateEstabelecimentoInput): Promise<void> {
  await client.PATCH('/v1/adm/estabelecimentos/{id}', {
    params: { path: { id } },
    body: EstabelecimentoBody.parse(body),
  });
}

export function useUpdateEstabelecimento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstabelecimento,
    onSuccess: (_data, { id }) => invalidateEstabelecimentos(queryClient, id),
  });
}
