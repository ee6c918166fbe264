import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstabelecimentoPublico } from '@praca/contract';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/**
 * GET /v1/estabelecimentos?cod_cidade=: every participating shop of a city, the spec's whole
 * list. The consumer's home and Participantes no longer read it (decision 042: the home's daily
 * pick, Participantes' pages); what still does is a choice among all of a city's shops (the
 * admin's sales screen, the complaint form).
 */
async function getEstabelecimentos(
  codCidade: number,
  signal?: AbortSignal,
): Promise<EstabelecimentoPublico[]> {
  const res = await client.GET('/v1/estabelecimentos', {
    params: { query: { cod_cidade: codCidade } },
    signal,
  });
  return objectList<EstabelecimentoPublico>(res.data);
}

const estabelecimentosQueryOptions = (codCidade: number) =>
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
