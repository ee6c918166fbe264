import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AvaliacaoBody } from '@praca/contract';
import { client, ApiError } from '@/lib/api-client';

/** The rating as the form's check (the contract's schema) answers it. */
type AvaliacaoDados = z.output<typeof AvaliacaoBody>;

/** POST /v1/estabelecimentos/avaliacoes (the body the form checked); 202 means it waits for approval. */
async function createAvaliacao(body: AvaliacaoDados): Promise<{ id_avaliacao: number }> {
  const res = await client.POST('/v1/estabelecimentos/avaliacoes', { body });
  if (res.status !== 202) throw new ApiError(res.status, res.data, `Erro ${res.status}`);
  return res.data;
}

export function useCreateAvaliacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAvaliacao,
    // The new review is pending: the moderation lists change, the public one not yet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['avaliacoes-pendentes'] }),
  });
}
