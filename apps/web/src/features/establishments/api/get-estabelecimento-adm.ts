import { queryOptions, useQuery } from '@tanstack/react-query';
import { EstabelecimentoAdmin } from '@praca/contract';
import { client } from '@/lib/api-client';
import { estabelecimentosAdmQueryKey } from '@/lib/api/query-keys';

/** GET /v1/adm/estabelecimentos/{id}: one shop with its sellers and campaigns, for the editor. */
async function getEstabelecimentoAdm(id: number, signal?: AbortSignal): Promise<EstabelecimentoAdmin> {
  const res = await client.GET('/v1/adm/estabelecimentos/{id}', { params: { path: { id } }, signal });
  return EstabelecimentoAdmin.parse(res.data);
}

const estabelecimentoAdmQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...estabelecimentosAdmQueryKey, 'registro', id],
    queryFn: ({ signal }) => getEstabelecimentoAdm(id, signal),
    enabled: id > 0,
    // The editor starts from what the server has now, and is not refilled under the
    // person's edits when the window regains focus.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useEstabelecimentoAdm(id: number) {
  return useQuery(estabelecimentoAdmQueryOptions(id));
}
