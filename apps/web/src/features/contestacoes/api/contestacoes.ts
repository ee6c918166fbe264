import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Contestacao,
  ContestacaoAdmin,
  ContestacaoCriada,
  type ContestacaoBody,
  type DecisaoContestacaoBody,
  type StatusContestacao,
} from '@praca/contract';
import { api } from '@/lib/api-client';
import { extratoQueryKey } from '@/features/coupons/api/get-extrato';
import { estabelecimentosAdmQueryKey } from '@/lib/api/query-keys';
import { parseList } from '@/lib/parse-list';

/** The resident's complaints (issue 37): theirs, and the city's for its admins. */
const minhasKey = ['contestacoes'] as const;
const admKey = ['adm', 'contestacoes'] as const;

/** GET /v1/contestacoes: mine, newest first. */
export function useMinhasContestacoes() {
  return useQuery(
    queryOptions({
      queryKey: minhasKey,
      queryFn: async ({ signal }) =>
        parseList(Contestacao, (await api.get<unknown>('/v1/contestacoes', { signal })).data),
      staleTime: 0,
    }),
  );
}

/** POST /v1/contestacoes: 201 `{id_contestacao, status: 'aberta'}`. */
export function useAbrirContestacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContestacaoBody) =>
      ContestacaoCriada.parse((await api.post<unknown>('/v1/contestacoes', body)).data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: minhasKey }),
  });
}

/** GET /v1/adm/contestacoes?cod_cidade=&status=: the city's, newest first. */
export function useContestacoesAdm(codCidade: number, status: StatusContestacao | '') {
  return useQuery({
    queryKey: [...admKey, codCidade, status],
    queryFn: async ({ signal }) =>
      parseList(
        ContestacaoAdmin,
        (
          await api.get<unknown>('/v1/adm/contestacoes', {
            query: status ? { cod_cidade: codCidade, status } : { cod_cidade: codCidade },
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
      ContestacaoAdmin.parse((await api.post<unknown>(`/v1/adm/contestacoes/${id}/decisao`, body)).data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: admKey }),
        // The shop's card counts its accepted complaints; the admin's own statement may change.
        queryClient.invalidateQueries({ queryKey: estabelecimentosAdmQueryKey }),
        queryClient.invalidateQueries({ queryKey: extratoQueryKey }),
      ]),
  });
}
