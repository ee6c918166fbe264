import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Recibo, type ReciboBody } from '@praca/contract';
import { client, type ApiBody } from '@/lib/api-client';
import { recibosQueryKey } from './keys';

/**
 * POST /v1/recibos: the receipt a resident holds (its QR code's text or its key typed), and
 * where to donate it when the shop reported it without a buyer (`id_entidade`). 201 with what
 * it became (`creditado`, `pendente`, `doado`); a refusal is 400 or 409 with its `erro`.
 */
async function createRecibo(body: ReciboBody): Promise<Recibo> {
  const res = await client.POST('/v1/recibos', { body: body as ApiBody<'post', '/v1/recibos'> });
  return Recibo.parse(res.data);
}

export function useEnviarRecibo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecibo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recibosQueryKey }),
  });
}
