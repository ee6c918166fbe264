import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { whileLeaving } from '@/app/guards';
import { paths } from '@/config/paths';
import { client } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';

/**
 * POST /v1/logout revokes the token, and this browser stops receiving the person's pushes; a
 * failure changes nothing for the person.
 */
async function logout(): Promise<void> {
  // lib/push is its own chunk (decision 016); best effort, never awaited.
  void import('@/lib/push').then((m) => m.disablePush()).catch(() => undefined);
  try {
    await client.POST('/v1/logout', { signal: AbortSignal.timeout(3000) });
  } catch {
    // Ignored (brief): the session is cleared locally anyway.
  }
}

/**
 * "Sair": tell the server, forget the session and the cached data, go to plain /login (never
 * with the `?next=` of the page that was open: the next person starts from the home).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    () =>
      whileLeaving(async () => {
        await logout();
        clearSession();
        queryClient.clear();
        await navigate(paths.login, { replace: true });
      }),
    [navigate],
  );
}
