import { useInfiniteQuery } from '@tanstack/react-query';
import { DashboardVendasPagina } from '@praca/contract';
import { client } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/api/query-keys';

/**
 * GET /v1/adm/dashboard/vendas: the shop cards of a year beyond those the dashboard answer
 * carries (its first `pageSize`), a page at a time, from page 2.
 */
async function getPage(codCidade: number, ano: number, pagina: number, limite: number, signal?: AbortSignal) {
  const res = await client.GET('/v1/adm/dashboard/vendas', {
    params: { query: { cod_cidade: codCidade, ano, pagina, limite } },
    signal,
  });
  return DashboardVendasPagina.parse(res.data);
}

export function useMoreShopCards(codCidade: number, ano: number, pageSize: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...dashboardQueryKey, 'vendas', codCidade, ano, pageSize],
    queryFn: ({ pageParam, signal }) => getPage(codCidade, ano, pageParam, pageSize, signal),
    initialPageParam: 2,
    getNextPageParam: (last) => (last.pagina * last.limite < last.total ? last.pagina + 1 : undefined),
    enabled,
  });
}
