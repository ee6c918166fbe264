import { queryOptions, useQuery } from '@tanstack/react-query';
import { CidadesResposta, type Cidade } from '@praca/contract';
import { client } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** GET /v1/adm/cidades: the cities an admin may work on (spec §7, domain §2). */
async function getAdminCidades(signal?: AbortSignal): Promise<Cidade[]> {
  const res = await client.GET('/v1/adm/cidades', { signal });
  return CidadesResposta.parse(res.data);
}

const adminCidadesQueryOptions = () =>
  queryOptions({
    queryKey: ['adm', 'cidades'],
    queryFn: ({ signal }) => getAdminCidades(signal),
    staleTime: 10 * 60_000,
  });

export function useAdminCidades(enabled = true) {
  return useQuery({ ...adminCidadesQueryOptions(), enabled });
}

/** 'Santos - SP' for a read-only city field: the super-admin's list, else the session's city. */
export function useAdminCityName(codCidade: number): string {
  const session = useSession();
  const cidades = useAdminCidades(Boolean(session?.superadmin));
  const found = cidades.data?.find((c) => c.cod_cidade === codCidade);
  if (found) return `${found.cidade} - ${found.uf}`;
  if (session && session.cod_cidade === codCidade && session.cidade) {
    return session.uf ? `${session.cidade} - ${session.uf}` : session.cidade;
  }
  return String(codCidade);
}
