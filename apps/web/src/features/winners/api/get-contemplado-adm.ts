import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContempladoAdmin, MSG_SORTEIO } from '@praca/contract';
import { client, ApiError } from '@/lib/api-client';
import { contempladosAdmQueryKey } from './get-contemplados-adm';

/**
 * GET /v1/adm/contemplados/{id}: the API answers an array and the first item is the winner
 * (a bare object is taken as well). An empty answer is a 404.
 */
async function getContempladoAdm(idSorteado: number, signal?: AbortSignal): Promise<ContempladoAdmin> {
  const res = await client.GET('/v1/adm/contemplados/{id_sorteado}', {
    params: { path: { id_sorteado: idSorteado } },
    signal,
  });
  const first: unknown = Array.isArray(res.data) ? res.data[0] : res.data;
  if (first === undefined || first === null) {
    throw new ApiError(404, res.data, MSG_SORTEIO.contempladoNaoEncontrado);
  }
  return ContempladoAdmin.parse(first);
}

const contempladoAdmQueryOptions = (idSorteado: number) =>
  queryOptions({
    queryKey: [...contempladosAdmQueryKey, 'detalhe', idSorteado],
    queryFn: ({ signal }) => getContempladoAdm(idSorteado, signal),
    enabled: idSorteado > 0,
    // An editor starts from what the server has now.
    staleTime: 0,
    gcTime: 60_000,
  });

export function useContempladoAdm(idSorteado: number) {
  return useQuery(contempladoAdmQueryOptions(idSorteado));
}
