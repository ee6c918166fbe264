import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, ReciboAdmin, type StatusRecibo } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';
import { recibosAdmQueryKey } from './keys';

export interface RecibosAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** '' for every status. */
  status: StatusRecibo | '';
  /** 0 for every shop. */
  idEstabelecimento: number;
  /** 1-based. */
  pagina: number;
}

export interface RecibosAdmPage {
  itens: ReciboAdmin[];
  /** X-Total-Count. */
  total: number;
}

/** The list's filters as the request (and the export) sends them. */
export const recibosAdmFilters = (
  p: Pick<RecibosAdmParams, 'codCidade' | 'status' | 'idEstabelecimento'>,
) => ({
  cod_cidade: p.codCidade,
  status: p.status || undefined,
  id_estabelecimento: p.idEstabelecimento > 0 ? p.idEstabelecimento : undefined,
});

/** GET /v1/adm/recibos: a page of the city's receipts (issue 53), newest first. */
async function getRecibosAdm(params: RecibosAdmParams, signal?: AbortSignal): Promise<RecibosAdmPage> {
  const res = await client.GET('/v1/adm/recibos', {
    params: { query: { ...recibosAdmFilters(params), pagina: params.pagina, limite: PAGE_SIZE } },
    signal,
  });
  const itens = parseList(ReciboAdmin, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

const recibosAdmQueryOptions = (params: RecibosAdmParams) =>
  queryOptions({
    queryKey: [
      ...recibosAdmQueryKey,
      params.codCidade,
      params.status,
      params.idEstabelecimento,
      params.pagina,
    ],
    queryFn: ({ signal }) => getRecibosAdm(params, signal),
    enabled: params.codCidade > 0,
    staleTime: 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === params.codCidade ? previous : undefined,
  });

export function useRecibosAdm(params: RecibosAdmParams) {
  return useQuery(recibosAdmQueryOptions(params));
}
