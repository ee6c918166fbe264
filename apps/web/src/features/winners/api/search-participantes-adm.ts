import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClienteBusca, CUSTOMER_SEARCH_MAX } from '@praca/contract';
import { api } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** The server searches from 3 characters on (spec §5 Recipient search). */
export const PARTICIPANTE_BUSCA_MIN = 3;

/** GET /v1/parceiro/usuarios?nome= (admins may call it too): at most 6 people whose name matches. */
async function searchParticipantesAdm(nome: string, signal?: AbortSignal): Promise<ClienteBusca[]> {
  const res = await api.get<unknown>('/v1/parceiro/usuarios', { query: { nome: nome.trim() }, signal });
  return parseList(ClienteBusca, res.data).slice(0, CUSTOMER_SEARCH_MAX);
}

const participantesAdmQueryOptions = (nome: string) =>
  queryOptions({
    // The sales screen's key: the same search answers the same.
    queryKey: ['parceiro', 'usuarios', nome.trim().toLocaleLowerCase('pt-BR')],
    queryFn: ({ signal }) => searchParticipantesAdm(nome, signal),
    enabled: nome.trim().length >= PARTICIPANTE_BUSCA_MIN,
    staleTime: 30_000,
  });

export function useParticipantesAdm(nome: string) {
  return useQuery(participantesAdmQueryOptions(nome));
}
