import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResgateBody, ResgateResposta } from '@praca/contract';
import type { z } from 'zod';
import { client } from '@/lib/api-client';
import { cuponsQueryKey } from './get-cupons';
import { extratoQueryKey } from './get-extrato';

export type Resgate = z.infer<typeof ResgateResposta>;

/**
 * POST /v1/usuarios/vendas/resgatar {codigo}: claims a QR sale (201 with the coupons it
 * issued). 400 invalid or forged, 409 already claimed, 410 expired: the server's `erro`.
 */
async function resgatarVenda(codigo: string): Promise<Resgate> {
  const res = await client.POST('/v1/usuarios/vendas/resgatar', { body: ResgateBody.parse({ codigo }) });
  return ResgateResposta.parse(res.data);
}

export function useResgatarVenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resgatarVenda,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cuponsQueryKey }),
        queryClient.invalidateQueries({ queryKey: extratoQueryKey }),
      ]),
  });
}
