import { queryOptions, useQuery } from '@tanstack/react-query';
import { ItemSorteioPublico } from '@praca/contract';
import { client } from '@/lib/api-client';
import { apuracoesQueryKey } from '@/lib/api/query-keys';
import { parseList } from '@/lib/parse-list';

/**
 * GET /v1/apuracoes?cod_cidade=: the city's apurações and instant draws, public (issue 36).
 * Read without the session: the list is the same for everyone.
 */
async function getSorteiosPublicos(codCidade: number, signal?: AbortSignal): Promise<ItemSorteioPublico[]> {
  const res = await client.GET('/v1/apuracoes', {
    params: { query: { cod_cidade: codCidade } },
    auth: 'none',
    signal,
  });
  return parseList(ItemSorteioPublico, res.data);
}

const sorteiosPublicosQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: [...apuracoesQueryKey, 'lista', codCidade],
    queryFn: ({ signal }) => getSorteiosPublicos(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 30_000,
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'congelando') ? 5_000 : false),
  });

export function useSorteiosPublicos(codCidade: number) {
  return useQuery(sorteiosPublicosQueryOptions(codCidade));
}

/** Newest first: by the contest day or the draw's instant, then the newest record. */
export const byNewest = (a: ItemSorteioPublico, b: ItemSorteioPublico): number =>
  b.data.localeCompare(a.data) ||
  (b.id_apuracao ?? b.id_registro ?? 0) - (a.id_apuracao ?? a.id_registro ?? 0);
