import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegistroSorteio } from '@praca/contract';
import { apiUrl } from '@/config/env';
import { api } from '@/lib/api-client';

/** The address of a draw's public record (anyone may open it). */
const registroSorteioPath = (idRegistro: number) => `/v1/sorteios/${idRegistro}`;

/** The absolute link to a draw's public record, under the API's prefix. */
export const registroSorteioUrl = (idRegistro: number) => `${apiUrl()}${registroSorteioPath(idRegistro)}`;

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

/** GET /v1/sorteios/{id_registro}: the public record of a draw (names masked). */
async function getRegistroSorteio(idRegistro: number, signal?: AbortSignal): Promise<RegistroSorteio> {
  const res = await api.get<unknown>(registroSorteioPath(idRegistro), { signal });
  return RegistroSorteio.parse(res.data);
}

const registroSorteioQueryOptions = (idRegistro: number, enabled = true) =>
  queryOptions({
    queryKey: ['sorteios', 'registro', idRegistro],
    queryFn: ({ signal }) => getRegistroSorteio(idRegistro, signal),
    enabled: enabled && idRegistro > 0,
    // A record never changes once written.
    staleTime: Infinity,
  });

export function useRegistroSorteio(idRegistro: number, enabled = true) {
  return useQuery(registroSorteioQueryOptions(idRegistro, enabled));
}
