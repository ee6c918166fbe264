import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EstabelecimentoPublico } from '@praca/contract';
import { PARTICIPANTES_PAGE } from '@praca/contract/plain';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

export interface EstabelecimentosPage {
  itens: EstabelecimentoPublico[];
  /** X-Total-Count: the shops matching on every page. */
  total: number;
}

/**
 * GET /v1/estabelecimentos/busca?cod_cidade=&q=&pagina=&limite=: one page of the city's shops
 * by name, `q` a part of the name (case and accents do not matter), the total in X-Total-Count.
 */
async function getEstabelecimentosBusca(
  codCidade: number,
  q: string,
  pagina: number,
  signal?: AbortSignal,
): Promise<EstabelecimentosPage> {
  const res = await client.GET('/v1/estabelecimentos/busca', {
    params: { query: { cod_cidade: codCidade, q: q || undefined, pagina, limite: PARTICIPANTES_PAGE } },
    signal,
  });
  const itens = objectList<EstabelecimentoPublico>(res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

/** Participantes' pages (decision 042): the next page while the loaded ones hold fewer than the total. */
export function useEstabelecimentosBusca(codCidade: number, q: string) {
  return useInfiniteQuery({
    queryKey: ['estabelecimentos', 'busca', codCidade, q],
    queryFn: ({ pageParam, signal }) => getEstabelecimentosBusca(codCidade, q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.itens.length, 0);
      return last.itens.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
    // A new search keeps the last results on screen until its first page comes.
    placeholderData: keepPreviousData,
  });
}

/**
 * The first page of the city's shops matching `q`, for a shop picker (the complaint's
 * 'Estabelecimento'): a city may have thousands of shops, so the picker searches on the server.
 */
export function useEstabelecimentosPrimeiraPagina(codCidade: number, q: string) {
  return useQuery({
    queryKey: ['estabelecimentos', 'busca', codCidade, q, 'primeira'],
    queryFn: ({ signal }) => getEstabelecimentosBusca(codCidade, q, 1, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
