import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampanhaPublica } from '@praca/contract';
import { api } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/** GET /v1/campanhas?cod_cidade=: the city's campaigns for the home carousel. */
async function getCampanhas(codCidade: number, signal?: AbortSignal): Promise<CampanhaPublica[]> {
  const res = await api.get<unknown>('/v1/campanhas', { query: { cod_cidade: codCidade }, signal });
  return objectList<CampanhaPublica>(res.data);
}

export const campanhasQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: ['campanhas', codCidade],
    queryFn: ({ signal }) => getCampanhas(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function useCampanhas(codCidade: number) {
  return useQuery(campanhasQueryOptions(codCidade));
}
