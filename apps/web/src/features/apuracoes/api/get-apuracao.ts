import { queryOptions, useQuery } from '@tanstack/react-query';
import { Apuracao, ConsultaBilhete } from '@praca/contract';
import { client } from '@/lib/api-client';
import { apuracoesQueryKey } from '@/lib/api/query-keys';

/** GET /v1/apuracoes/{id}: the public record of an apuração (issue 36), read without the session. */
async function getApuracao(idApuracao: number, signal?: AbortSignal): Promise<Apuracao> {
  const res = await client.GET('/v1/apuracoes/{id_apuracao}', {
    params: { path: { id_apuracao: idApuracao } },
    auth: 'none',
    signal,
  });
  return Apuracao.parse(res.data);
}

const apuracaoQueryOptions = (idApuracao: number) =>
  queryOptions({
    queryKey: [...apuracoesQueryKey, 'registro', idApuracao],
    queryFn: ({ signal }) => getApuracao(idApuracao, signal),
    enabled: idApuracao > 0,
    staleTime: 30_000,
    // While the ticket file is being frozen (a job), the page follows its progress.
    refetchInterval: (q) => (q.state.data?.status === 'congelando' ? 2_000 : false),
  });

export function useApuracao(idApuracao: number) {
  return useQuery(apuracaoQueryOptions(idApuracao));
}

/**
 * GET /v1/apuracoes/{id}/bilhetes/{serie_numero}: whether a série-número is in the frozen
 * file and whether it won. A malformed number answers 400 with the contract's text.
 */
export async function consultarBilhete(idApuracao: number, serieNumero: string): Promise<ConsultaBilhete> {
  const res = await client.GET('/v1/apuracoes/{id_apuracao}/bilhetes/{serie_numero}', {
    params: { path: { id_apuracao: idApuracao, serie_numero: serieNumero } },
    auth: 'none',
  });
  return ConsultaBilhete.parse(res.data);
}
