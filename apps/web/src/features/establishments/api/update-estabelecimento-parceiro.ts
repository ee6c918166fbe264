import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EstabelecimentoParceiro, type EstabelecimentoParceiroBody } from '@praca/contract';
import { client, type ApiBody } from '@/lib/api-client';
import { storeShop } from './get-estabelecimentos-parceiro';

interface UpdateInput {
  id: number;
  body: EstabelecimentoParceiroBody;
}

/**
 * PATCH /v1/parceiro/estabelecimentos/{id}: contacts, address and the whole list of sellers of
 * the partner's own shop; answers the shop as stored.
 */
async function updateEstabelecimentoParceiro({ id, body }: UpdateInput): Promise<EstabelecimentoParceiro> {
  const res = await client.PATCH('/v1/parceiro/estabelecimentos/{id}', {
    params: { path: { id } },
    body: body as ApiBody<'patch', '/v1/parceiro/estabelecimentos/{id}'>,
  });
  return EstabelecimentoParceiro.parse(res.data);
}

export function useUpdateEstabelecimentoParceiro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstabelecimentoParceiro,
    onSuccess: (shop) => storeShop(queryClient, shop),
  });
}
