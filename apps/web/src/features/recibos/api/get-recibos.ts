import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, Recibo } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';
import { recibosQueryKey } from './keys';

export interface RecibosPage {
  itens: Recibo[];
  /** X-Total-Count: receipts on every page. */
  total: number;
}

/** GET /v1/recibos: one page of the resident's own receipts, newest first, with the total. */
async function getRecibos(pagina: number, signal?: AbortSignal): Promise<RecibosPage> {
  const res = await client.GET('/v1/recibos', { params: { query: { pagina, limite: PAGE_SIZE } }, signal });
  const itens = parseList(Recibo, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

const recibosQueryOptions = (pagina: number) =>
  queryOptions({
    queryKey: [...recibosQueryKey, pagina],
    queryFn: ({ signal }) => getRecibos(pagina, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useRecibos(pagina: number) {
  return useQuery(recibosQueryOptions(pagina));
}
