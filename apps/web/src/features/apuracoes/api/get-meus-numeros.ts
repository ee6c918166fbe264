import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeusNumeros } from '@praca/contract';
import { client } from '@/lib/api-client';

/** GET /v1/usuarios/numeros: the resident's série-números per campaign (issue 36). */
async function getMeusNumeros(signal?: AbortSignal): Promise<MeusNumeros> {
  const res = await client.GET('/v1/usuarios/numeros', { signal });
  return MeusNumeros.parse(res.data);
}

const meusNumerosQueryOptions = () =>
  queryOptions({
    queryKey: ['usuario', 'numeros'],
    queryFn: ({ signal }) => getMeusNumeros(signal),
    staleTime: 30_000,
  });

export function useMeusNumeros() {
  return useQuery(meusNumerosQueryOptions());
}
