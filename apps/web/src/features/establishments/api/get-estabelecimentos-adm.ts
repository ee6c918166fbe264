import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { EstabelecimentoAdminItem, NO_CITY, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { estabelecimentosAdmQueryKey } from '@/lib/api/query-keys';
import { parseList } from '@/lib/parse-list';

export interface EstabelecimentosAdmParams {
  /** The admin city ('000000' = none: the server uses the caller's own city). */
  codCidade: string;
  /** Code or part of the name; '' lists all. */
  q: string;
  /** 1-based. */
  pagina: number;
}

export interface EstabelecimentosAdmPage {
  itens: EstabelecimentoAdminItem[];
  /** X-Total-Count: shops on every page. */
  total: number;
}

/**
 * GET /v1/adm/estabelecimentos?cod_cidade=&q=&pagina=&limite=20: one page of the admin city's
 * shops (a non-super admin gets only its own), with the total in X-Total-Count.
 */
async function getEstabelecimentosAdm(
  params: EstabelecimentosAdmParams,
  signal?: AbortSignal,
): Promise<EstabelecimentosAdmPage> {
  const res = await client.GET('/v1/adm/estabelecimentos', {
    params: {
      query: {
        cod_cidade: params.codCidade === NO_CITY ? undefined : Number(params.codCidade),
        q: params.q.trim() || undefined,
        pagina: params.pagina,
        limite: PAGE_SIZE,
      },
    },
    signal,
  });
  const itens = parseList(EstabelecimentoAdminItem, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

const estabelecimentosAdmQueryOptions = (params: EstabelecimentosAdmParams, enabled = true) =>
  queryOptions({
    queryKey: [...estabelecimentosAdmQueryKey, 'lista', params.codCidade, params.q.trim(), params.pagina],
    queryFn: ({ signal }) => getEstabelecimentosAdm(params, signal),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useEstabelecimentosAdm(params: EstabelecimentosAdmParams, enabled = true) {
  return useQuery(estabelecimentosAdmQueryOptions(params, enabled));
}

/**
 * After a create, update or delete: the admin lists, the consumers' shop lists and the shop's
 * sellers (the sales dialog offers them) are out of date. The editor's record is not kept
 * (`gcTime: 0`), so the next opening reads it again.
 */
export function invalidateEstabelecimentos(queryClient: QueryClient, id?: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...estabelecimentosAdmQueryKey, 'lista'] }),
    queryClient.invalidateQueries({ queryKey: ['estabelecimentos'] }),
    id ? queryClient.invalidateQueries({ queryKey: ['vendedores', id] }) : undefined,
  ]);
}
