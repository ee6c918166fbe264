import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContestacaoAdmin, type DecisaoContestacaoBody, type StatusContestacao } from '@praca/contract';
import { client } from '@/lib/api-client';
import { estabelecimentosAdmQueryKey } from '@/lib/api/query-keys';
import { parseList } from '@/lib/parse-list';

/** The residents' complaints of a city (issue 37), for its admins. */
const admKey = ['adm', 'contestacoes'] as const;

/** GET /v1/adm/contestacoes?cod_cidade=&status=: the city's, newest first. */
export function useContestacoesAdm(codCidade: number, status: StatusContestacao | '') {
  return useQuery({
    queryKey: [...admKey, codCidade, status],
    queryFn: async ({ signal }) =>
      parseList(
        ContestacaoAdmin,
        (
          await client.GET('/v1/adm/contestacoes', {
            params: { query: status ? { cod_cidade: codCidade, status } : { cod_cidade: codCidade } },
            signal,
          })
        ).data,
      ),
    enabled: codCidade > 0,
    staleTime: 0,
  });
}

/** POST /v1/adm/contestacoes/{id}/decisao: accept or refuse once (409 when already decided). */
export function useDecidirContestacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: DecisaoContestacaoBody }) =>
      ContestacaoAdmin.parse(
        (
          await client.POST('/v1/adm/contestacoes/{id_contestacao}/decisao', {
            params: { path: { id_contestacao: id } },
            body,
          })
        ).data,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: admKey }),
        // The shop's card counts its accepted complaints.
        queryClient.invalidateQueries({ queryKey: estabelecimentosAdmQueryKey }),
      ]),
  });
}
