import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampanhaAdmin } from '@praca/contract';
import { client } from '@/lib/api-client';
import { campanhasAdmQueryKey } from '@/lib/api/query-keys';
import { parseList } from '@/lib/parse-list';

/** GET /v1/adm/campanhas: the city's latest 100 campaigns, newest first, for the charts' filter. */
async function getCampanhas(codCidade: number, signal?: AbortSignal): Promise<CampanhaAdmin[]> {
  const res = await client.GET('/v1/adm/campanhas', {
    params: { query: { cod_cidade: codCidade, pagina: 1, limite: 100 } },
    signal,
  });
  return parseList(CampanhaAdmin, res.data);
}

const campanhasQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: [...campanhasAdmQueryKey, 'painel', codCidade],
    queryFn: ({ signal }) => getCampanhas(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 60_000,
  });

export function useDashboardCampanhas(codCidade: number) {
  return useQuery(campanhasQueryOptions(codCidade));
}
