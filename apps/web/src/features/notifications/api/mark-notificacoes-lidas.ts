import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificacaoUsuario } from '@praca/contract';
import { client } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push-listen';

/** `POST /v1/usuarios/notificacao/lidas` (204): the notifications the page showed are read. */
async function markNotificacoesLidas(idMessages: number[]): Promise<void> {
  await client.POST('/v1/usuarios/notificacao/lidas', { body: { id_message: idMessages } });
}

/**
 * Marks what the page shows as read: they leave the bell's badge at once (it counts the unread,
 * domain §8) and both lists load again afterwards; the page's list keeps them.
 */
export function useMarkNotificacoesLidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificacoesLidas,
    onMutate: async (idMessages: number[]) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICACOES_QUERY_KEY, exact: true });
      const read = new Set(idMessages);
      queryClient.setQueryData<NotificacaoUsuario[]>(NOTIFICACOES_QUERY_KEY, (unread) =>
        unread?.filter((n) => !read.has(n.id_message)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }),
  });
}
