import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AvaliacaoBody } from '@praca/contract';
import { client, ApiError } from '@/lib/api-client';

export type AvaliacaoInput = AvaliacaoBody;

/**
 * The first broken rule of the rating form, in the spec's words: the stars are checked
 * before the text (spec §5), so 'Escolha o número de estrelas!' wins when both are missing.
 */
export function ratingFormError(input: AvaliacaoInput): string | null {
  const parsed = AvaliacaoBody.safeParse(input);
  if (parsed.success) return null;
  const byField = (field: keyof AvaliacaoInput) =>
    parsed.error.issues.find((i) => i.path[0] === field)?.message;
  return byField('nro_estrelas') ?? byField('den_avaliacao') ?? parsed.error.issues[0]?.message ?? null;
}

/** POST /v1/estabelecimentos/avaliacoes; 202 means it waits for approval. */
async function createAvaliacao(input: AvaliacaoInput): Promise<{ id_avaliacao: number }> {
  const body = AvaliacaoBody.parse(input);
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
