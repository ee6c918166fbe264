import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Contestacao, ContestacaoCriada, type ContestacaoBody } from '@praca/contract';
import { api } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** The resident's own complaints about the statement (issue 37). */
const minhasKey = ['contestacoes'] as const;

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
