import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampanhaResumo } from '@praca/contract';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/**
 * GET /v1/campanhas/resumo?cod_cidade=: the city's running and upcoming campaigns for the home
 * carousel, without the shops taking part (the spec's `/v1/campanhas` lists them all and grows
 * with the city; the carousel shows none of them: decision 042).
 */
async function getCampanhas(codCidade: number, signal?: AbortSignal): Promise<CampanhaResumo[]> {
  const res = await client.GET('/v1/campanhas/resumo', {
    params: { query: { cod_cidade: codCidade } },
    signal,
  });
  return objectList<CampanhaResumo>(res.data);
}

export const campanhasQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: ['campanhas', 'resumo', codCidade],
    queryFn: ({ signal }) => getCampanhas(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function useCampanhas(codCidade: number) {
  return useQuery(campanhasQueryOptions(codCidade));
}
