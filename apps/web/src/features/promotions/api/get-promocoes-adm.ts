import { queryOptions, useQuery } from '@tanstack/react-query';
import { PromocaoAdmin, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface PromocoesAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** 1-based. */
  pagina: number;
}

export interface PromocoesAdmPage {
  itens: PromocaoAdmin[];
  /** X-Total-Count: promotions on every page. */
  total: number;
}

/** GET /v1/adm/promocoes: one page (20) of the promotions of the city's shops, latest start first, with `nomeestabelecimento`. */
async function getPromocoesAdm(params: PromocoesAdmParams, signal?: AbortSignal): Promise<PromocoesAdmPage> {
  const res = await client.GET('/v1/adm/promocoes', {
    params: { query: { cod_cidade: params.codCidade, pagina: params.pagina, limite: PAGE_SIZE } },
    signal,
  });
  const itens = parseList(PromocaoAdmin, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

/** Every admin promotion query (list, one promotion): what a change invalidates. */
export const promocoesAdmQueryKey = ['adm', 'promocoes'] as const;

const promocoesAdmQueryOptions = (params: PromocoesAdmParams) =>
  queryOptions({
    queryKey: [...promocoesAdmQueryKey, 'lista', params.codCidade, params.pagina],
    queryFn: ({ signal }) => getPromocoesAdm(params, signal),
    enabled: params.codCidade > 0,
    staleTime: 0,
    // Keep the page on screen while the next one loads, but never another city's promotions.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === params.codCidade ? previous : undefined,
  });

export function usePromocoesAdm(params: PromocoesAdmParams) {
  return useQuery(promocoesAdmQueryOptions(params));
}
