import { queryOptions, useQuery } from '@tanstack/react-query';
import { TurismoItem } from '@praca/contract';
import { client } from '@/lib/api-client';
import { turismoAdmQueryKey } from './get-turismo-adm';

/** GET /v1/adm/turismo/{id}: one tourism item as stored. */
async function getTurismoItemAdm(idTurismo: number, signal?: AbortSignal): Promise<TurismoItem> {
  const res = await client.GET('/v1/adm/turismo/{id}', { params: { path: { id: idTurismo } }, signal });
  return TurismoItem.parse(res.data);
}

const turismoItemAdmQueryOptions = (idTurismo: number) =>
  queryOptions({
    queryKey: [...turismoAdmQueryKey, 'detalhe', idTurismo],
    queryFn: ({ signal }) => getTurismoItemAdm(idTurismo, signal),
    enabled: idTurismo > 0,
    // An editor starts from what the server has now.
    staleTime: 0,
    gcTime: 60_000,
  });

export function useTurismoItemAdm(idTurismo: number) {
  return useQuery(turismoItemAdmQueryOptions(idTurismo));
}
