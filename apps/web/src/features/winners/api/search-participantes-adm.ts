import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClienteBusca, CUSTOMER_SEARCH_MAX, isCustomerSearchOk } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** GET /v1/parceiro/usuarios?nome= (admins may call it too): at most 6 people whose name matches. */
async function searchParticipantesAdm(nome: string, signal?: AbortSignal): Promise<ClienteBusca[]> {
  const res = await client.GET('/v1/parceiro/usuarios', { params: { query: { nome: nome.trim() } }, signal });
  return parseList(ClienteBusca, res.data).slice(0, CUSTOMER_SEARCH_MAX);
}

const participantesAdmQueryOptions = (nome: string) =>
  queryOptions({
    // The sales screen's key: the same search answers the same.
    queryKey: ['parceiro', 'usuarios', nome.trim().toLocaleLowerCase('pt-BR')],
    queryFn: ({ signal }) => searchParticipantesAdm(nome, signal),
    // The server's own rule: 3 letters of a name or the last 4 digits of a phone.
    enabled: isCustomerSearchOk(nome),
    staleTime: 30_000,
  });

export function useParticipantesAdm(nome: string) {
  return useQuery(participantesAdmQueryOptions(nome));
}
