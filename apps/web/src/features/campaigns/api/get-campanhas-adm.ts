import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampanhaAdmin, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { campanhasAdmQueryKey } from '@/lib/api/query-keys';
import { parseList } from '@/lib/parse-list';

export interface CampanhasAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** 1-based. */
  pagina: number;
  q: string;
}

export interface CampanhasAdmPage {
  itens: CampanhaAdmin[];
  /** X-Total-Count: campaigns on every page. */
  total: number;
}

/** GET /v1/adm/campanhas: one page (20) of the city's campaigns, newest first, with the total. */
async function getCampanhasAdm(params: CampanhasAdmParams, signal?: AbortSignal): Promise<CampanhasAdmPage> {
  const res = await client.GET('/v1/adm/campanhas', {
    params: {
      query: {
        cod_cidade: params.codCidade,
        q: params.q.trim() || undefined,
        pagina: params.pagina,
        limite: PAGE_SIZE,
      },
    },
    signal,
  });
  const itens = parseList(CampanhaAdmin, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

const campanhasAdmQueryOptions = (params: CampanhasAdmParams) =>
  queryOptions({
    queryKey: [...campanhasAdmQueryKey, 'lista', params.codCidade, params.pagina, params.q.trim()],
    queryFn: ({ signal }) => getCampanhasAdm(params, signal),
    enabled: params.codCidade > 0,
    staleTime: 0,
    // Keep the page on screen while the next one loads, but never another city's campaigns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === params.codCidade ? previous : undefined,
  });

export function useCampanhasAdm(params: CampanhasAdmParams) {
  return useQuery(campanhasAdmQueryOptions(params));
}
