import { Navigate, Outlet, redirect } from 'react-router';
import type { Sessao } from '@praca/contract';
import { paths } from '@/config/paths';
import { getSession, isAdmin, isLoggedIn, isPartner, useSession } from '@/lib/session';

/**
 * Route guards (spec §2, §6). They are comfort only: the server checks every call.
 * A loader redirects before anything renders; the component reacts when the session ends
 * while a page is open (logout in another tab).
 */
export type Role = 'usuario' | 'parceiro' | 'admin';

const loginFor: Record<Role, string> = {
  usuario: paths.login,
  parceiro: paths.parceiro.login,
  admin: paths.admin.login,
};

export function hasRole(session: Sessao | null, role: Role): boolean {
  if (role === 'parceiro') return isPartner(session);
  if (role === 'admin') return isAdmin(session);
  return isLoggedIn(session);
}

export function guardLoader(role: Role) {
  return () => {
    if (!hasRole(getSession(), role)) throw redirect(loginFor[role]);
    return null;
  };
}

/**
 * When the session changes in another tab (someone logs in there as another user), this tab
 * goes to its login page, which must not wipe the new session of the other tab.
 */
let keepSessionUntil = 0;

/** True once, shortly after a guard sent this tab to a login page because the session changed. */
export function consumeKeepSession(): boolean {
  const keep = Date.now() < keepSessionUntil;
  keepSessionUntil = 0;
  return keep;
}

export function RequireRole({ role }: { role: Role }) {
  const session = useSession();
  if (!hasRole(session, role)) {
    keepSessionUntil = Date.now() + 2000;
    return <Navigate to={loginFor[role]} replace />;
  }
  return <Outlet />;
}
