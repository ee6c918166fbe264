import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampanhaAdminDetalhe } from '@praca/contract';
import { client } from '@/lib/api-client';
import { campanhasAdmQueryKey } from '@/lib/api/query-keys';

/**
 * GET /v1/adm/campanhas/{id}: one campaign with every shop of its city, `id_campanha` above 0
 * for the shops that take part (spec §3), with their factors.
 */
async function getCampanhaAdm(idCampanha: number, signal?: AbortSignal): Promise<CampanhaAdminDetalhe> {
  const res = await client.GET('/v1/adm/campanhas/{id}', { params: { path: { id: idCampanha } }, signal });
  return CampanhaAdminDetalhe.parse(res.data);
}

const campanhaAdmQueryOptions = (idCampanha: number) =>
  queryOptions({
    queryKey: [...campanhasAdmQueryKey, 'detalhe', idCampanha],
    queryFn: ({ signal }) => getCampanhaAdm(idCampanha, signal),
    enabled: idCampanha > 0,
    // An editor starts from what the server has now.
    staleTime: 0,
    gcTime: 60_000,
  });

export function useCampanhaAdm(idCampanha: number) {
  return useQuery(campanhaAdmQueryOptions(idCampanha));
}
