import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EstabelecimentoAdmin, EstabelecimentoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { invalidateEstabelecimentos } from './get-estabelecimentos-adm';
import { answerOrNull } from '@/lib/api/answer';

/**
 * POST /v1/adm/estabelecimentos (super-admin only): a new shop with its whole list of
 * sellers (201, the saved shop). The body goes out as the contract normalises it (CNPJ and
 * CEP formatted, numbers as numbers).
 */
async function createEstabelecimento(body: EstabelecimentoBody): Promise<EstabelecimentoAdmin | null> {
  const res = await client.POST('/v1/adm/estabelecimentos', { body: EstabelecimentoBody.parse(body) });
  return answerOrNull(EstabelecimentoAdmin, res.data);
}

export function useCreateEstabelecimento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstabelecimento,
    onSuccess: (saved) => invalidateEstabelecimentos(queryClient, saved?.id_estabelecimento),
  });
}
