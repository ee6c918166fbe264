import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VendaBody, VendaCpfCriada, VendaQrResposta } from '@praca/contract';
import type { z } from 'zod';
import { client } from '@/lib/api-client';
import { vendasQueryKey } from './get-vendas';

export type VendaQr = z.infer<typeof VendaQrResposta>;

/** What a new sale answered, as the dialog tells it. */
type VendaRegistrada =
  | { tipo: 'qr'; qr: VendaQr }
  /** Issue 52: a sale by CPF answers only that CPF, masked (`***.456.789-**`). */
  | { tipo: 'cpf'; cpf: string }
  | { tipo: 'venda' };

/**
 * POST /v1/parceiro/vendas: registers a sale (201). With `qrcode: true` and no recipient the
 * sale stays pending and the answer carries the hand-over code for the QR image; given by CPF,
 * the answer is the CPF masked, the same whatever the CPF (issue 52).
 */
async function createVenda(body: VendaBody): Promise<VendaRegistrada> {
  const sent = VendaBody.parse(body);
  const res = await client.POST('/v1/parceiro/vendas', { body: sent });
  if (body.qrcode) return { tipo: 'qr', qr: VendaQrResposta.parse(res.data) };
  if (sent.cpf) return { tipo: 'cpf', cpf: VendaCpfCriada.parse(res.data).cpf };
  return { tipo: 'venda' };
}

export function useCreateVenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVenda,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendasQueryKey }),
  });
}
