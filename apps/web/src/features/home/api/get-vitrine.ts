import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstabelecimentoPublico } from '@praca/contract';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/**
 * GET /v1/estabelecimentos/vitrine?cod_cidade=: the home's shops, at most 24 of the city's,
 * picked and shuffled by the server once a day (decision 042), the same for every resident.
 */
async function getVitrine(codCidade: number, signal?: AbortSignal): Promise<EstabelecimentoPublico[]> {
  const res = await client.GET('/v1/estabelecimentos/vitrine', {
    params: { query: { cod_cidade: codCidade } },
    signal,
  });
  return objectList<EstabelecimentoPublico>(res.data);
}

export const vitrineQueryOptions = (codCidade: number) =>
  queryOptions({
    // Under 'estabelecimentos', so a write to the shops refreshes it too.
    queryKey: ['estabelecimentos', 'vitrine', codCidade],
    queryFn: ({ signal }) => getVitrine(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function useVitrine(codCidade: number, enabled = true) {
  return useQuery({ ...vitrineQueryOptions(codCidade), enabled: enabled && codCidade > 0 });
}
