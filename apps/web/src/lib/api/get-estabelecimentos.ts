import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstabelecimentoPublico } from '@praca/contract';
import { getListInWorker } from '@/lib/list-in-worker';

/**
 * GET /v1/estabelecimentos?cod_cidade=: the participating shops of the consumer's city. A city's
 * whole list (about 1 MB of JSON for 2,000 shops) is read in a worker (decision 031).
 */
function getEstabelecimentos(codCidade: number, signal?: AbortSignal): Promise<EstabelecimentoPublico[]> {
  return getListInWorker<EstabelecimentoPublico>('/v1/estabelecimentos', {
    query: { cod_cidade: codCidade },
    signal,
  });
}

export const estabelecimentosQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: ['estabelecimentos', codCidade],
    queryFn: ({ signal }) => getEstabelecimentos(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function useEstabelecimentos(codCidade: number, enabled = true) {
  const options = estabelecimentosQueryOptions(codCidade);
  return useQuery({ ...options, enabled: enabled && codCidade > 0 });
}
