import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, TurismoItem } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface TurismoAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** 0–4, or null for every type. */
  tipo: number | null;
  /** 1-based. */
  pagina: number;
}

export interface TurismoAdmPage {
  itens: TurismoItem[];
  /** X-Total-Count: items on every page. */
  total: number;
}

/** GET /v1/adm/turismo: one page (20) of the city's tourism items, optionally of one type. */
async function getTurismoAdm(params: TurismoAdmParams, signal?: AbortSignal): Promise<TurismoAdmPage> {
  const res = await client.GET('/v1/adm/turismo', {
    params: {
      query: {
        cod_cidade: params.codCidade,
        tipo: params.tipo ?? undefined,
        pagina: params.pagina,
        limite: PAGE_SIZE,
      },
    },
    signal,
  });
  const itens = parseList(TurismoItem, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

/** Every admin tourism query (list, one item): what a change invalidates. */
export const turismoAdmQueryKey = ['adm', 'turismo'] as const;

const turismoAdmQueryOptions = (params: TurismoAdmParams) =>
  queryOptions({
    queryKey: [...turismoAdmQueryKey, 'lista', params.codCidade, params.tipo, params.pagina],
    queryFn: ({ signal }) => getTurismoAdm(params, signal),
    enabled: params.codCidade > 0,
    staleTime: 0,
    // Keep the page on screen while the next one loads, but never another city's items.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === params.codCidade ? previous : undefined,
  });

export function useTurismoAdm(params: TurismoAdmParams) {
  return useQuery(turismoAdmQueryOptions(params));
}
