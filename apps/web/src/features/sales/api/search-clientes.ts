import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClienteBusca, CUSTOMER_SEARCH_MAX } from '@praca/contract';
import { api } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** The server searches from 3 characters on (spec §5 Recipient search). */
export const CLIENTE_BUSCA_MIN = 3;

/** GET /v1/parceiro/usuarios?nome=: at most 6 customers whose name matches. */
async function searchClientes(nome: string, signal?: AbortSignal): Promise<ClienteBusca[]> {
  const res = await api.get<unknown>('/v1/parceiro/usuarios', { query: { nome: nome.trim() }, signal });
  return parseList(ClienteBusca, res.data).slice(0, CUSTOMER_SEARCH_MAX);
}

const clientesQueryOptions = (nome: string) =>
  queryOptions({
    queryKey: ['parceiro', 'usuarios', nome.trim().toLocaleLowerCase('pt-BR')],
    queryFn: ({ signal }) => searchClientes(nome, signal),
    enabled: nome.trim().length >= CLIENTE_BUSCA_MIN,
    staleTime: 30_000,
  });

export function useClientes(nome: string) {
  return useQuery(clientesQueryOptions(nome));
}
