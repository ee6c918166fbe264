import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { vendasQueryKey } from './get-vendas';

/** DELETE /v1/parceiro/vendas/{id_venda} (200). */
async function deleteVenda(idVenda: number): Promise<void> {
  await client.DELETE('/v1/parceiro/vendas/{id_venda}', { params: { path: { id_venda: idVenda } } });
}

export function useDeleteVenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVenda,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendasQueryKey }),
  });
}
