import { queryOptions, useQuery } from '@tanstack/react-query';
import { SaldoCampanha } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/**
 * GET /v1/usuarios/cupons?cod_cidade=: one element per campaign, the current one first;
 * element [0] carries the balance (saldo) and coupons the spec shows.
 */
async function getCupons(codCidade: number, signal?: AbortSignal): Promise<SaldoCampanha[]> {
  const res = await client.GET('/v1/usuarios/cupons', {
    params: { query: { cod_cidade: codCidade } },
    signal,
  });
  return parseList(SaldoCampanha, res.data);
}

export const cuponsQueryKey = ['usuarios', 'cupons'] as const;

const cuponsQueryOptions = (codCidade: number) =>
  queryOptions({
    queryKey: [...cuponsQueryKey, codCidade],
    queryFn: ({ signal }) => getCupons(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 0,
  });

export function useCupons(codCidade: number) {
  return useQuery(cuponsQueryOptions(codCidade));
}
