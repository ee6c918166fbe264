import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificacaoUsuario } from '@praca/contract';
import { api } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push';

/** `DELETE /v1/usuarios/notificacao/{id_message}` (204): how a person dismisses a notification. */
async function deleteNotificacao(idMessage: number): Promise<void> {
  await api.delete(`/v1/usuarios/notificacao/${idMessage}`);
}

/**
 * Deletes one notification: the item leaves the list (and the badge) at once, and the list is
 * loaded again afterwards; a failure puts it back.
 */
export function useDeleteNotificacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificacao,
    onMutate: async (idMessage: number) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICACOES_QUERY_KEY });
      const before = queryClient.getQueryData<NotificacaoUsuario[]>(NOTIFICACOES_QUERY_KEY);
      if (before) {
        queryClient.setQueryData<NotificacaoUsuario[]>(
          NOTIFICACOES_QUERY_KEY,
          before.filter((n) => n.id_message !== idMessage),
        );
      }
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(NOTIFICACOES_QUERY_KEY, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }),
  });
}
