import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AvaliacaoPendente, NO_CITY, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface PendentesParams {
  /** Admin city ('000000' or undefined: the caller's whole reach). */
  codCidade?: string;
  pagina: number;
}

export interface PendentesPage {
  itens: AvaliacaoPendente[];
  /** X-Total-Count: pending reviews on every page. */
  total: number;
}

/**
 * GET /v1/estabelecimentos/avaliacoes?aprovado=N: a partner gets its shops' pending reviews,
 * an admin its city's, the super-admin the chosen city's (or all).
 */
async function getAvaliacoesPendentes(
  { codCidade, pagina }: PendentesParams,
  signal?: AbortSignal,
): Promise<PendentesPage> {
  const res = await client.GET('/v1/estabelecimentos/avaliacoes', {
    params: {
      query: {
        aprovado: 'N',
        cod_cidade: codCidade && codCidade !== NO_CITY ? Number(codCidade) : undefined,
        pagina,
        limite: PAGE_SIZE,
      },
    },
    signal,
  });
  const itens = parseList(AvaliacaoPendente, res.data);
  const header = Number(res.headers.get('x-total-count'));
  return { itens, total: Number.isFinite(header) && header >= itens.length ? header : itens.length };
}

const avaliacoesPendentesQueryOptions = (params: PendentesParams) =>
  queryOptions({
    queryKey: ['avaliacoes-pendentes', params.codCidade ?? NO_CITY, params.pagina],
    queryFn: ({ signal }) => getAvaliacoesPendentes(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAvaliacoesPendentes(params: PendentesParams) {
  return useQuery(avaliacoesPendentesQueryOptions(params));
}
