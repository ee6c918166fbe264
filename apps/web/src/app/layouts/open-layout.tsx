import { useSession, isLoggedIn } from '@/lib/session';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/**
 * Pages anyone may read, with or without a session (issue 36: the draws and their records): a
 * logged-in person keeps the app's menus around them, anyone else gets the public column.
 */
export function OpenLayout() {
  const session = useSession();
  return isLoggedIn(session) ? <AppLayout /> : <PublicLayout />;
}
