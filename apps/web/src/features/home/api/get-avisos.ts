import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvisoPublico } from '@praca/contract';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/** GET /v1/avisos?cod_cidade=: the notices of the home popup. */
async function getAvisos(codCidade: number, signal?: AbortSignal): Promise<AvisoPublico[]> {
  const res = await client.GET('/v1/avisos', { params: { query: { cod_cidade: codCidade } }, signal });
  return objectList<AvisoPublico>(res.data);
}

export const avisosQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: ['avisos', codCidade],
    queryFn: ({ signal }) => getAvisos(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
    // Spec §8: a failed notices load is only logged and treated as empty.
    retry: false,
  });

export function useAvisos(codCidade: number) {
  return useQuery(avisosQueryOptions(codCidade));
}
