import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG_SORTEIO, ResultadoSorteio, type SimNao } from '@praca/contract';
import { client, ApiError, errorMessage } from '@/lib/api-client';
import { invalidateContemplados } from '@/features/winners/api/get-contemplados-adm';
import { answerOr } from '@/lib/api/answer';

interface SortearParams {
  idCampanha: number;
  /** The admin city. */
  codCidade: number;
  /** 'Duplica Loja' ticked: a shop that already produced a winner may produce another. */
  duplicaLoja: boolean;
  /** 'Repete Usuario' ticked: a participant who already won may win again. */
  repeteUsuario: boolean;
  /** The opening (issue 49) whose published seed hash this draw uses and reveals. */
  abertura: number;
}

const simNao = (v: boolean): SimNao => (v ? 'S' : 'N');

/** The query string of the draw: the options always spelt out, and the opening. */
function sorteioQuery(params: SortearParams): Record<string, string | number | undefined> {
  return {
    cod_cidade: params.codCidade,
    mloja: simNao(params.duplicaLoja),
    musuario: simNao(params.repeteUsuario),
    abertura: params.abertura,
  };
}

/**
 * GET /v1/adm/sorteio/{id_campanha}?cod_cidade=&mloja=&musuario=&abertura=: draws one
 * eligible coupon with the opening's seed, records the winner and answers the result (the seed
 * revealed). A GET that writes: it is
 * never retried. An answer that is not a result is an error.
 */
async function sortear(params: SortearParams): Promise<ResultadoSorteio> {
  const res = await client.GET('/v1/adm/sorteio/{id_campanha}', {
    params: { path: { id_campanha: params.idCampanha }, query: sorteioQuery(params) },
  });
  return answerOr(
    ResultadoSorteio,
    res.data,
    () => new ApiError(res.status, res.data, MSG_SORTEIO.erroAoSortear),
  );
}

/** What the draw dialog shows for a failure: the server's `erro`, else 'Erro ao sortear' (spec §8). */
export function drawErrorMessage(error: unknown): string {
  return (error instanceof ApiError ? errorMessage(error.data) : undefined) ?? MSG_SORTEIO.erroAoSortear;
}

export function useSortear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sortear,
    retry: false,
    onSuccess: () => invalidateContemplados(queryClient),
  });
}
