import { queryOptions, useQuery } from '@tanstack/react-query';
import { CidadesResposta, type Cidade } from '@praca/contract';
import { cidadesCredentials } from '@/config/env';
import { client } from '@/lib/api-client';

/** GET /v1/cidades with the fixed HTTP Basic credentials (spec §7: "a second client"). */
async function getCidades(signal?: AbortSignal): Promise<Cidade[]> {
  const res = await client.GET('/v1/cidades', { auth: { basic: cidadesCredentials() }, signal });
  return CidadesResposta.parse(res.data);
}

const cidadesQueryOptions = () =>
  queryOptions({
    queryKey: ['cidades'],
    queryFn: ({ signal }) => getCidades(signal),
    staleTime: 60 * 60_000,
  });

export function useCidades() {
  return useQuery(cidadesQueryOptions());
}

/** How a city is shown in every list (spec §2): 'city - state'. */
export const cidadeLabel = (c: Cidade): string => `${c.cidade} - ${c.uf}`;
