import { queryOptions, useQuery } from '@tanstack/react-query';
import { CidadesResposta, type Cidade } from '@praca/contract';
import { api } from '@/lib/api-client';

/** GET /v1/adm/cidades: the cities an admin may work on (spec §7, domain §2). */
export async function getAdminCidades(signal?: AbortSignal): Promise<Cidade[]> {
  const res = await api.get<unknown>('/v1/adm/cidades', { signal });
  return CidadesResposta.parse(res.data);
}

export const adminCidadesQueryOptions = () =>
  queryOptions({
    queryKey: ['adm', 'cidades'],
    queryFn: ({ signal }) => getAdminCidades(signal),
    staleTime: 10 * 60_000,
  });

export function useAdminCidades(enabled = true) {
  return useQuery({ ...adminCidadesQueryOptions(), enabled });
}
