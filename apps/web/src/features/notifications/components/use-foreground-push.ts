import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { listenToServiceWorker, NOTIFICACOES_QUERY_KEY } from '@/lib/push-listen';

/**
 * While a logged-in page is open: a push the service worker received is stored as the
 * person's notification and the badge reloads (spec §4 foreground push); a click on a
 * notification goes to its page through the router.
 */
export function useForegroundPush(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      listenToServiceWorker({
        onPush: (payload) => {
          // lib/push (and the contract's schema) only when a push arrives.
          import('@/lib/push')
            .then((m) => m.storeForegroundPush(payload))
            .catch((error: unknown) => console.warn('[push] notificação não registrada', error))
            .finally(() => void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }));
        },
        onOpen: (path) => void navigate(path),
      }),
    [queryClient, navigate],
  );
}
