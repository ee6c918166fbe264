import { Navigate, Outlet, redirect, useLocation } from 'react-router';
import type { Sessao } from '@praca/contract';
import { routerBasename } from '@/config/env';
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

/** The query parameter of /login that names where to go after a consumer logs in. */
export const NEXT_PARAM = 'next';

export function hasRole(session: Sessao | null, role: Role): boolean {
  if (role === 'parceiro') return isPartner(session);
  if (role === 'admin') return isAdmin(session);
  return isLoggedIn(session);
}

/**
 * A same-app path to return to after login, or null. Only a relative path that starts with
 * one '/' passes: `//evil.com`, `/\evil.com`, `https://…`, `javascript:…` and anything with
 * control characters are refused, so the parameter can never send anyone off the app.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  try {
    // Resolved against a dummy origin, a real relative path stays on that origin.
    const url = new URL(next, 'http://praca.invalid');
    if (url.origin !== 'http://praca.invalid') return null;
  } catch {
    return null;
  }
  if (next === paths.login || next.startsWith(`${paths.login}?`)) return null;
  return next;
}

/** The consumer login with `?next=` for the page asked for (not for the home page itself). */
export function loginWithNext(role: Role, pathAndSearch: string): string {
  const login = loginFor[role];
  if (role !== 'usuario') return login;
  const next = safeNextPath(pathAndSearch);
  if (!next || next === paths.home) return login;
  return `${login}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`;
}

/** The request's path and query relative to the router basename (`/praca/perfil` → `/perfil`). */
function routePath(requestUrl: string): string {
  const url = new URL(requestUrl);
  const base = routerBasename();
  let path = url.pathname;
  if (base !== '/' && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
  return `${path}${url.search}`;
}

export function guardLoader(role: Role) {
  return ({ request }: { request: Request }) => {
    if (!hasRole(getSession(), role)) throw redirect(loginWithNext(role, routePath(request.url)));
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

/**
 * True while this tab's own 'Sair' ends the session: the guarded page then waits for the
 * logout's plain /login instead of sending the next person to a login with its `?next=`.
 */
let leaving = false;

/** Runs this tab's logout (`end`) with the guards told that the session ends on purpose. */
export async function whileLeaving(end: () => Promise<void>): Promise<void> {
  leaving = true;
  try {
    await end();
  } finally {
    leaving = false;
  }
}

export function RequireRole({ role }: { role: Role }) {
  const session = useSession();
  const location = useLocation();
  if (!hasRole(session, role)) {
    if (leaving) return null;
    // A successful account removal ends the session on purpose and then shows its
    // congratulation page on the same route; only entering the route needs the session
    // (the loader above checks that).
    if (role === 'usuario' && location.pathname === paths.remocaoUsuario) return <Outlet />;
    keepSessionUntil = Date.now() + 2000;
    return <Navigate to={loginWithNext(role, `${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}
