import { queryOptions, useQuery } from '@tanstack/react-query';
import { AvisoAdmin, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface AvisosAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** 1-based. */
  pagina: number;
}

export interface AvisosAdmPage {
  itens: AvisoAdmin[];
  /** X-Total-Count: notices on every page. */
  total: number;
}

/** GET /v1/adm/avisos: one page (20) of the city's notices, valid or expired, newest first. */
async function getAvisosAdm(params: AvisosAdmParams, signal?: AbortSignal): Promise<AvisosAdmPage> {
  const res = await client.GET('/v1/adm/avisos', {
    params: { query: { cod_cidade: params.codCidade, pagina: params.pagina, limite: PAGE_SIZE } },
    signal,
  });
  const itens = parseList(AvisoAdmin, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

/** Every admin notice query (list, one notice): what a change invalidates. */
export const avisosAdmQueryKey = ['adm', 'avisos'] as const;

const avisosAdmQueryOptions = (params: AvisosAdmParams) =>
  queryOptions({
    queryKey: [...avisosAdmQueryKey, 'lista', params.codCidade, params.pagina],
    queryFn: ({ signal }) => getAvisosAdm(params, signal),
    enabled: params.codCidade > 0,
    staleTime: 0,
    // Keep the page on screen while the next one loads, but never another city's notices.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === params.codCidade ? previous : undefined,
  });

export function useAvisosAdm(params: AvisosAdmParams) {
  return useQuery(avisosAdmQueryOptions(params));
}
