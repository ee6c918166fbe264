import { useQuery } from '@tanstack/react-query';
import { VendaQrResposta } from '@praca/contract';
import { client } from '@/lib/api-client';

/**
 * GET /v1/parceiro/vendas/{id_estabelecimento}/{id_venda}/qrcode: a pending sale's hand-over
 * code, the same one it was registered with, while it waits (409 once claimed, 410 expired).
 */
async function getVendaQr(idEstabelecimento: number, idVenda: number, signal?: AbortSignal) {
  const res = await client.GET('/v1/parceiro/vendas/{id_estabelecimento}/{id_venda}/qrcode', {
    params: { path: { id_estabelecimento: idEstabelecimento, id_venda: idVenda } },
    signal,
  });
  return VendaQrResposta.parse(res.data);
}

/** The code of a pending sale, asked each time its dialog opens; not under the list's key. */
export function useVendaQr(idEstabelecimento: number, idVenda: number, enabled: boolean) {
  return useQuery({
    queryKey: ['parceiro', 'venda-qr', idEstabelecimento, idVenda],
    queryFn: ({ signal }) => getVendaQr(idEstabelecimento, idVenda, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
