import { queryOptions, useQuery } from '@tanstack/react-query';
import { CpfComprovacaoAdmin, PAGE_SIZE, type StatusCpfComprovacao } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

export interface CpfComprovacoesAdmParams {
  /** The admin city (0: none chosen, nothing is asked). */
  codCidade: number;
  /** '' for every status. */
  status: StatusCpfComprovacao | '';
  /** 1-based. */
  pagina: number;
}

export interface CpfComprovacoesAdmPage {
  itens: CpfComprovacaoAdmin[];
  /** X-Total-Count. */
  total: number;
}

/** GET /v1/adm/cpf-comprovacoes: a page of the city's CPF proofs (issue 52), newest first. */
async function getCpfComprovacoesAdm(
  params: CpfComprovacoesAdmParams,
  signal?: AbortSignal,
): Promise<CpfComprovacoesAdmPage> {
  const res = await client.GET('/v1/adm/cpf-comprovacoes', {
    params: {
      query: {
        cod_cidade: params.codCidade,
        status: params.status || undefined,
        pagina: params.pagina,
        limite: PAGE_SIZE,
      },
    },
    signal,
  });
  const itens = parseList(CpfComprovacaoAdmin, res.data);
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= itens.length ? header : itens.length;
  return { itens, total };
}

/** Every admin query of CPF proofs: what a decision invalidates. */
export const cpfComprovacoesAdmQueryKey = ['adm', 'cpf-comprovacoes'] as const;

const cpfComprovacoesAdmQueryOptions = (params: CpfComprovacoesAdmParams) =>
  queryOptions({
    queryKey: [...cpfComprovacoesAdmQueryKey, params.codCidade, params.status, params.pagina],
    queryFn: ({ signal }) => getCpfComprovacoesAdm(params, signal),
    enabled: params.codCidade > 0,
    // The photos' links last minutes: a list read again has fresh ones.
    staleTime: 0,
    refetchInterval: 5 * 60_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === params.codCidade ? previous : undefined,
  });

export function useCpfComprovacoesAdm(params: CpfComprovacoesAdmParams) {
  return useQuery(cpfComprovacoesAdmQueryOptions(params));
}
