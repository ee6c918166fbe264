import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificacaoUsuario } from '@praca/contract';
import { client } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push';

/** `DELETE /v1/usuarios/notificacao/{id_message}` (204): how a person dismisses a notification. */
async function deleteNotificacao(idMessage: number): Promise<void> {
  await client.DELETE('/v1/usuarios/notificacao/{id_message}', {
    params: { path: { id_message: idMessage } },
  });
}

/**
 * Deletes one notification: the item leaves the list (and the badge) at once, and the lists are
 * loaded again afterwards; a failure puts it back.
 */
export function useDeleteNotificacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificacao,
    onMutate: async (idMessage: number) => {
      // The bell's unread list and the page's list share the key's start.
      await queryClient.cancelQueries({ queryKey: NOTIFICACOES_QUERY_KEY });
      const before = queryClient.getQueriesData<NotificacaoUsuario[]>({ queryKey: NOTIFICACOES_QUERY_KEY });
      queryClient.setQueriesData<NotificacaoUsuario[]>({ queryKey: NOTIFICACOES_QUERY_KEY }, (list) =>
        list?.filter((n) => n.id_message !== idMessage),
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }),
  });
}
