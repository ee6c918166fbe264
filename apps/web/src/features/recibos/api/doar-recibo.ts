import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Recibo } from '@praca/contract';
import { client } from '@/lib/api-client';
import { recibosQueryKey } from './keys';

/**
 * POST /v1/recibos/{id_recibo}/doacao: a receipt the shop reported without a buyer
 * (`sem_comprador`) given to a social entity of the city; 200 with the receipt `doado`.
 */
async function doarRecibo({ idRecibo, idEntidade }: { idRecibo: number; idEntidade: number }) {
  const res = await client.POST('/v1/recibos/{id_recibo}/doacao', {
    params: { path: { id_recibo: idRecibo } },
    body: { id_entidade: idEntidade },
  });
  return Recibo.parse(res.data);
}

export function useDoarRecibo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doarRecibo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recibosQueryKey }),
  });
}
