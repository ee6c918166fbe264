import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VendaBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { vendasQueryKey } from './get-vendas';

/** PATCH /v1/parceiro/vendas/{id_venda}: same body as the create (200). */
async function updateVenda({ idVenda, body }: { idVenda: number; body: VendaBody }): Promise<void> {
  await client.PATCH('/v1/parceiro/vendas/{id_venda}', {
    params: { path: { id_venda: idVenda } },
    body: VendaBody.parse({ ...body, qrcode: false }),
  });
}

export function useUpdateVenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVenda,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendasQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['parceiro', 'venda'] }),
      ]),
  });
}
