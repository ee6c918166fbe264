import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VendaBody, VendaQrResposta } from '@praca/contract';
import type { z } from 'zod';
import { client } from '@/lib/api-client';
import { vendasQueryKey } from './get-vendas';

export type VendaQr = z.infer<typeof VendaQrResposta>;

/**
 * POST /v1/parceiro/vendas: registers a sale (201). With `qrcode: true` and no recipient the
 * sale stays pending and the answer carries the hand-over code for the QR image.
 */
async function createVenda(body: VendaBody): Promise<VendaQr | null> {
  const res = await client.POST('/v1/parceiro/vendas', { body: VendaBody.parse(body) });
  if (!body.qrcode) return null;
  return VendaQrResposta.parse(res.data);
}

export function useCreateVenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVenda,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendasQueryKey }),
  });
}
