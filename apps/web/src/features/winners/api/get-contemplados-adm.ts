import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ContempladoAdmin, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface ContempladosAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** 1-based. */
  pagina: number;
}

export interface ContempladosAdmPage {
  itens: ContempladoAdmin[];
  /** X-Total-Count: winners on every page. */
  total: number;
}

/** GET /v1/adm/contemplados?cod_cidade=&pagina=&limite=20: one page of the city's winners. */
async function getContempladosAdm(
  params: ContempladosAdmParams,
  signal?: AbortSignal,
): Promise<ContempladosAdmPage> {
  const res = await client.GET('/v1/adm/contemplados', {
    params: { query: { cod_cidade: params.codCidade, pagina: params.pagina, limite: PAGE_SIZE } },
    signal,
  });
  const itens = parseList(ContempladoAdmin, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

/** Every admin winner query (list, one winner) starts with this key. */
export const contempladosAdmQueryKey = ['adm', 'contemplados'] as const;

const contempladosAdmQueryOptions = (params: ContempladosAdmParams) =>
  queryOptions({
    queryKey: [...contempladosAdmQueryKey, 'lista', params.codCidade, params.pagina],
    queryFn: ({ signal }) => getContempladosAdm(params, signal),
    enabled: params.codCidade > 0,
    staleTime: 0,
    // Keep the page on screen while the next one loads, but never another city's winners.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === params.codCidade ? previous : undefined,
  });

export function useContempladosAdm(params: ContempladosAdmParams) {
  return useQuery(contempladosAdmQueryOptions(params));
}

/**
 * A new, changed or deleted winner (or a draw) shows in the admin list and in the consumers'
 * winners (home carousel, /meu/sorteados). The editor's record is only marked stale: the
 * dialog closes, and refetching a winner just deleted would only answer 404.
 */
export function invalidateContemplados(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...contempladosAdmQueryKey, 'lista'] }),
    queryClient.invalidateQueries({ queryKey: contempladosAdmQueryKey, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: ['contemplados'] }),
  ]);
}
