import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { disablePush } from '@/lib/push';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';

/**
 * POST /v1/logout revokes the token, and this browser stops receiving the person's pushes; a
 * failure changes nothing for the person.
 */
export async function logout(): Promise<void> {
  void disablePush();
  try {
    await api.post('/v1/logout', undefined, { signal: AbortSignal.timeout(3000) });
  } catch {
    // Ignored (brief): the session is cleared locally anyway.
  }
}

/** "Sair": tell the server, forget the session and the cached data, go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    clearSession();
    queryClient.clear();
    await navigate(paths.login, { replace: true });
  }, [navigate]);
}
