import { queryOptions, useQuery } from '@tanstack/react-query';
import { TurismoItem } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** GET /v1/turismo?tipo=&cod_cidade=: the city's active, valid items of one type. */
async function getTurismo(codCidade: number, tipo: number, signal?: AbortSignal): Promise<TurismoItem[]> {
  const res = await client.GET('/v1/turismo', { params: { query: { tipo, cod_cidade: codCidade } }, signal });
  return parseList(TurismoItem, res.data);
}

const turismoQueryOptions = (codCidade: number, tipo: number) =>
  queryOptions({
    queryKey: ['turismo', codCidade, tipo],
    queryFn: ({ signal }) => getTurismo(codCidade, tipo, signal),
    enabled: codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function useTurismo(codCidade: number, tipo: number) {
  return useQuery(turismoQueryOptions(codCidade, tipo));
}
