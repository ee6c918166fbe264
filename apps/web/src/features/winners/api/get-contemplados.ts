import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContempladoPublico } from '@praca/contract';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/** GET /v1/campanhas/contemplados?cod_cidade=: the prize winners of the city. */
async function getContemplados(codCidade: number, signal?: AbortSignal): Promise<ContempladoPublico[]> {
  const res = await client.GET('/v1/campanhas/contemplados', {
    params: { query: { cod_cidade: codCidade } },
    signal,
  });
  return objectList<ContempladoPublico>(res.data);
}

export const contempladosQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: ['contemplados', codCidade],
    queryFn: ({ signal }) => getContemplados(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function useContemplados(codCidade: number) {
  return useQuery(contempladosQueryOptions(codCidade));
}
