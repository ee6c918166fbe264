import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EstabelecimentoParceiro, type ImagemDoParceiro } from '@praca/contract';
import { client } from '@/lib/api-client';
import { storeShop } from './get-estabelecimentos-parceiro';

interface RemoveInput {
  id: number;
  imagem: ImagemDoParceiro;
}

/** DELETE /v1/parceiro/estabelecimentos/{id}/foto (or /logo): the shop shows its placeholder. */
async function deleteImagemParceiro({ id, imagem }: RemoveInput): Promise<EstabelecimentoParceiro> {
  const init = { params: { path: { id } } };
  const res =
    imagem === 'logo'
      ? await client.DELETE('/v1/parceiro/estabelecimentos/{id}/logo', init)
      : await client.DELETE('/v1/parceiro/estabelecimentos/{id}/foto', init);
  return EstabelecimentoParceiro.parse(res.data);
}

export function useDeleteImagemParceiro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImagemParceiro,
    onSuccess: (shop) => storeShop(queryClient, shop),
  });
}
