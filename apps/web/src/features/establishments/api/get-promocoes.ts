import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromocaoPublica } from '@praca/contract';
import { client } from '@/lib/api-client';
import { objectList } from '@/lib/parse-list';

/** GET /v1/promocoes/{id}?cod_cidade=: the shop's current promotions. */
async function getPromocoes(
  idEstabelecimento: number,
  codCidade: number,
  signal?: AbortSignal,
): Promise<PromocaoPublica[]> {
  const res = await client.GET('/v1/promocoes/{id_estabelecimento}', {
    params: { path: { id_estabelecimento: idEstabelecimento }, query: { cod_cidade: String(codCidade) } },
    signal,
  });
  return objectList<PromocaoPublica>(res.data);
}

const promocoesQueryOptions = (idEstabelecimento: number, codCidade: number) =>
  queryOptions({
    queryKey: ['promocoes', idEstabelecimento, codCidade],
    queryFn: ({ signal }) => getPromocoes(idEstabelecimento, codCidade, signal),
    enabled: idEstabelecimento > 0 && codCidade > 0,
    staleTime: 5 * 60_000,
  });

export function usePromocoes(idEstabelecimento: number, codCidade: number) {
  return useQuery(promocoesQueryOptions(idEstabelecimento, codCidade));
}
