import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardResposta } from '@praca/contract';
import { client } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/api/query-keys';

/**
 * GET /v1/adm/dashboard?cod_cidade=: the city's figures, its running and upcoming campaigns
 * (their banners are the page's ads) and the sales per year and shop (domain §11).
 */
async function getDashboard(codCidade: number, signal?: AbortSignal): Promise<DashboardResposta> {
  const res = await client.GET('/v1/adm/dashboard', { params: { query: { cod_cidade: codCidade } }, signal });
  return DashboardResposta.parse(res.data);
}

const dashboardQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, codCidade],
    queryFn: ({ signal }) => getDashboard(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 30_000,
  });

export function useDashboard(codCidade: number) {
  return useQuery(dashboardQueryOptions(codCidade));
}
