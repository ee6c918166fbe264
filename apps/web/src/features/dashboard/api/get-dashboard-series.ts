import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PainelSeriesResposta } from '@praca/contract';
import { client } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/api/query-keys';

export interface SeriesParams {
  codCidade: number;
  /** `YYYY-MM-DD`; both absent: the campaign's dates, or the last 30 days. */
  de?: string;
  ate?: string;
  idCampanha?: number;
}

/**
 * GET /v1/adm/dashboard/series: the charts' data of a period (issue 39): sales and coupons per
 * day, new people per week, the top 10 shops, the campaign's progress.
 */
async function getSeries(p: SeriesParams, signal?: AbortSignal): Promise<PainelSeriesResposta> {
  const query: Record<string, string | number> = { cod_cidade: p.codCidade };
  if (p.de) query.de = p.de;
  if (p.ate) query.ate = p.ate;
  if (p.idCampanha) query.id_campanha = p.idCampanha;
  const res = await client.GET('/v1/adm/dashboard/series', { params: { query: query }, signal });
  return PainelSeriesResposta.parse(res.data);
}

const seriesQueryOptions = (p: SeriesParams) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, 'series', p.codCidade, p.de ?? '', p.ate ?? '', p.idCampanha ?? 0],
    queryFn: ({ signal }) => getSeries(p, signal),
    enabled: p.codCidade > 0,
    staleTime: 30_000,
    // The last period's charts stay while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });

export function useDashboardSeries(p: SeriesParams, enabled = true) {
  return useQuery({ ...seriesQueryOptions(p), enabled: enabled && p.codCidade > 0 });
}
