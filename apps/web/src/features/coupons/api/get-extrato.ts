import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExtratoItem } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** GET /v1/extrato: the consumer's statement lines (spec §2 Extrato de Lançamentos). */
async function getExtrato(signal?: AbortSignal): Promise<ExtratoItem[]> {
  const res = await client.GET('/v1/extrato', { signal });
  return parseList(ExtratoItem, res.data);
}

export const extratoQueryKey = ['extrato'] as const;

const extratoQueryOptions = () =>
  queryOptions({
    queryKey: extratoQueryKey,
    queryFn: ({ signal }) => getExtrato(signal),
    staleTime: 0,
  });

export function useExtrato() {
  return useQuery(extratoQueryOptions());
}
