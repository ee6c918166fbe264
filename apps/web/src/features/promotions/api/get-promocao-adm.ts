import { queryOptions, useQuery } from '@tanstack/react-query';
import { PromocaoAdmin } from '@praca/contract';
import { client } from '@/lib/api-client';
import { promocoesAdmQueryKey } from './get-promocoes-adm';

/** GET /v1/adm/promocoes/{id}: one promotion with its plan, payment and shop name. */
async function getPromocaoAdm(idPromocao: number, signal?: AbortSignal): Promise<PromocaoAdmin> {
  const res = await client.GET('/v1/adm/promocoes/{id}', { params: { path: { id: idPromocao } }, signal });
  return PromocaoAdmin.parse(res.data);
}

const promocaoAdmQueryOptions = (idPromocao: number) =>
  queryOptions({
    queryKey: [...promocoesAdmQueryKey, 'detalhe', idPromocao],
    queryFn: ({ signal }) => getPromocaoAdm(idPromocao, signal),
    enabled: idPromocao > 0,
    // An editor starts from what the server has now.
    staleTime: 0,
    gcTime: 60_000,
  });

export function usePromocaoAdm(idPromocao: number) {
  return useQuery(promocaoAdmQueryOptions(idPromocao));
}
