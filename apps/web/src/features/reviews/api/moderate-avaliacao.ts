import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AprovarAvaliacaoBody } from '@praca/contract';
import { client } from '@/lib/api-client';

/** POST …/aprovar/{id} {ies_aprovacao: 'S', den_resposta}: approve with an optional answer. */
async function aprovarAvaliacao({ id, resposta }: { id: number; resposta: string }): Promise<void> {
  const body = AprovarAvaliacaoBody.parse({ ies_aprovacao: 'S', den_resposta: resposta });
  await client.POST('/v1/adm/estabelecimentos/avaliacao/aprovar/{id_avaliacao}', {
    params: { path: { id_avaliacao: id } },
    body,
  });
}

/** DELETE …/aprovar/{id}: delete the review. */
async function excluirAvaliacao(id: number): Promise<void> {
  await client.DELETE('/v1/adm/estabelecimentos/avaliacao/aprovar/{id_avaliacao}', {
    params: { path: { id_avaliacao: id } },
  });
}

/** The moderation list reloads; the shop's public rating and the shop lists change too. */
function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['avaliacoes-pendentes'] }),
    queryClient.invalidateQueries({ queryKey: ['avaliacoes'] }),
    queryClient.invalidateQueries({ queryKey: ['estabelecimentos'] }),
  ]);
}

export function useAprovarAvaliacao() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: aprovarAvaliacao, onSuccess: () => refresh(queryClient) });
}

export function useExcluirAvaliacao() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: excluirAvaliacao, onSuccess: () => refresh(queryClient) });
}
