import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClienteBusca, CUSTOMER_SEARCH_MAX, isCustomerSearchOk } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/**
 * GET /v1/parceiro/usuarios?nome=: at most 6 customers of the caller's cities whose name
 * matches or whose WhatsApp ends with the digits typed; the number comes masked (issue 37).
 */
async function searchClientes(nome: string, signal?: AbortSignal): Promise<ClienteBusca[]> {
  const res = await client.GET('/v1/parceiro/usuarios', { params: { query: { nome: nome.trim() } }, signal });
  return parseList(ClienteBusca, res.data).slice(0, CUSTOMER_SEARCH_MAX);
}

const clientesQueryOptions = (nome: string) =>
  queryOptions({
    queryKey: ['parceiro', 'usuarios', nome.trim().toLocaleLowerCase('pt-BR')],
    queryFn: ({ signal }) => searchClientes(nome, signal),
    // The server's own rule: 3 letters of a name or the last 4 digits of a phone.
    enabled: isCustomerSearchOk(nome),
    staleTime: 30_000,
  });

export function useClientes(nome: string) {
  return useQuery(clientesQueryOptions(nome));
}
