import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, VendaDaLista } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface VendasParams {
  idEstabelecimento: number;
  /** 0 = every campaign of the current year. */
  idCampanha: number;
  /** 1-based. */
  pagina: number;
  q: string;
}

export interface VendasPage {
  /** Each with `congelada` (issue 49): a coupon of it is in an apuração's frozen ticket file. */
  itens: VendaDaLista[];
  /** X-Total-Count: sales on every page. */
  total: number;
}

/** GET /v1/parceiro/vendas: one page (20) of the shop's sales, newest first, with the total. */
async function getVendas(params: VendasParams, signal?: AbortSignal): Promise<VendasPage> {
  const res = await client.GET('/v1/parceiro/vendas', {
    params: {
      query: {
        id_estabelecimento: params.idEstabelecimento,
        id_campanha: params.idCampanha,
        pagina: params.pagina,
        limite: PAGE_SIZE,
        q: params.q.trim() || undefined,
      },
    },
    signal,
  });
  const itens = parseList(VendaDaLista, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

export const vendasQueryKey = ['parceiro', 'vendas'] as const;

const vendasQueryOptions = (params: VendasParams) =>
  queryOptions({
    queryKey: [
      ...vendasQueryKey,
      params.idEstabelecimento,
      params.idCampanha,
      params.pagina,
      params.q.trim(),
    ],
    queryFn: ({ signal }) => getVendas(params, signal),
    enabled: params.idEstabelecimento > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useVendas(params: VendasParams) {
  return useQuery(vendasQueryOptions(params));
}
