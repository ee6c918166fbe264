import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditoriaItem, PAGE_SIZE } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface AuditoriaAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** Text in the author's name or e-mail; '' for everyone. */
  q: string;
  /** One of ENTIDADES_AUDITADAS, or '' for all. */
  entidade: string;
  /** Days `YYYY-MM-DD` on the programme's clock, or '' for no bound. */
  de: string;
  ate: string;
  /** 1-based. */
  pagina: number;
}

export interface AuditoriaAdmPage {
  itens: AuditoriaItem[];
  /** X-Total-Count: entries on every page, counted up to the server's cap. */
  total: number;
  /** X-Total-Count-Exact: false when there are more than `total`. */
  exato: boolean;
}

/** Both days given and the first after the last: the server refuses it, so it is not asked. */
export const datesInverted = ({ de, ate }: { de: string; ate: string }): boolean =>
  de !== '' && ate !== '' && de > ate;

/**
 * GET /v1/adm/auditoria: one page (20) of the city's audit log, newest first, filtered by
 * author (name or e-mail), entity and days.
 */
async function getAuditoriaAdm(params: AuditoriaAdmParams, signal?: AbortSignal): Promise<AuditoriaAdmPage> {
  const res = await client.GET('/v1/adm/auditoria', {
    params: {
      query: {
        cod_cidade: params.codCidade,
        q: params.q.trim() || undefined,
        entidade: params.entidade || undefined,
        de: params.de || undefined,
        ate: params.ate || undefined,
        pagina: params.pagina,
        limite: PAGE_SIZE,
      },
    },
    signal,
  });
  const itens = parseList(AuditoriaItem, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total, exato: res.headers.get('x-total-count-exact') !== 'false' };
}

const auditoriaAdmQueryKey = ['adm', 'auditoria'] as const;

const auditoriaAdmQueryOptions = (params: AuditoriaAdmParams) =>
  queryOptions({
    queryKey: [
      ...auditoriaAdmQueryKey,
      'lista',
      params.codCidade,
      params.q.trim(),
      params.entidade,
      params.de,
      params.ate,
      params.pagina,
    ],
    queryFn: ({ signal }) => getAuditoriaAdm(params, signal),
    enabled: params.codCidade > 0 && !datesInverted(params),
    // Every write of the city adds to it: always asked again when the screen opens.
    staleTime: 0,
    // Keep the page on screen while the next one loads, but never another city's entries.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === params.codCidade ? previous : undefined,
  });

export function useAuditoriaAdm(params: AuditoriaAdmParams) {
  return useQuery(auditoriaAdmQueryOptions(params));
}
