import { queryOptions, useQuery } from '@tanstack/react-query';
import { AvisoAdmin } from '@praca/contract';
import { client } from '@/lib/api-client';
import { avisosAdmQueryKey } from './get-avisos-adm';

/** GET /v1/adm/avisos/{id}: one notice, its image as the stored path. */
async function getAvisoAdm(idAviso: number, signal?: AbortSignal): Promise<AvisoAdmin> {
  const res = await client.GET('/v1/adm/avisos/{id}', { params: { path: { id: idAviso } }, signal });
  return AvisoAdmin.parse(res.data);
}

const avisoAdmQueryOptions = (idAviso: number) =>
  queryOptions({
    queryKey: [...avisosAdmQueryKey, 'detalhe', idAviso],
    queryFn: ({ signal }) => getAvisoAdm(idAviso, signal),
    enabled: idAviso > 0,
    // An editor starts from what the server has now.
    staleTime: 0,
    gcTime: 60_000,
  });

export function useAvisoAdm(idAviso: number) {
  return useQuery(avisoAdmQueryOptions(idAviso));
}
