import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegistroSorteio } from '@praca/contract';
import { apiUrl } from '@/config/env';
import { client } from '@/lib/api-client';

/**
 * Where the ticket file is, from the record's `bilhetes`: an absolute address as is, an API
 * path ('/v1/…' or 'v1/…') under the API's prefix, any other absolute path as is.
 */
export function bilhetesUrl(bilhetes: string | null | undefined): string | null {
  const v = bilhetes?.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) return v;
  if (/^\/?v1\//.test(v)) return `${apiUrl()}/${v.replace(/^\//, '')}`;
  return v.startsWith('/') ? v : `${apiUrl()}/${v}`;
}

/**
 * GET /v1/sorteios/{id_registro}: the public record of an instant draw (names masked), read by
 * the admin's draw dialog and by the public page of the draw (/sorteios/instantaneo/{id}).
 */
async function getRegistroSorteio(idRegistro: number, signal?: AbortSignal): Promise<RegistroSorteio> {
  const res = await client.GET('/v1/sorteios/{id_registro}', {
    params: { path: { id_registro: idRegistro } },
    signal,
  });
  return RegistroSorteio.parse(res.data);
}

/** Every draw record query starts with this key (an annulment marks them stale). */
export const registroSorteioQueryKey = ['sorteios', 'registro'] as const;

const registroSorteioQueryOptions = (idRegistro: number, enabled = true) =>
  queryOptions({
    queryKey: [...registroSorteioQueryKey, idRegistro],
    queryFn: ({ signal }) => getRegistroSorteio(idRegistro, signal),
    enabled: enabled && idRegistro > 0,
    // A record changes only by an annulment, which marks it stale (features/winners).
    staleTime: Infinity,
  });

export function useRegistroSorteio(idRegistro: number, enabled = true) {
  return useQuery(registroSorteioQueryOptions(idRegistro, enabled));
}
