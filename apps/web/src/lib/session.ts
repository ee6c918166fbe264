import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { SessaoSchema, type Sessao } from '@praca/contract';

/**
 * The session config (spec §3) lives in localStorage; the user id also under its own key
 * (spec §9). Logged in means a non-empty token (spec §4).
 */
export const SESSION_KEY = 'praca.sessao';
export const USER_ID_KEY = 'praca.id_usuario';

const s = SessaoSchema.shape;
/** The contract's shape, tolerant of a missing or odd optional field; only the token is required. */
const SessaoTolerante = z.object({
  token: s.token.min(1),
  id_usuario: z.coerce.number().int().catch(0),
  nome: s.nome.catch(''),
  email: s.email.catch(''),
  cod_cidade: z.coerce.number().int().catch(0),
  cidade: s.cidade.catch(''),
  uf: s.uf.catch(''),
  parceiro: s.parceiro.catch(false),
  admin: s.admin.catch(false),
  superadmin: s.superadmin.catch(false),
  estabelecimentos: s.estabelecimentos.catch({}),
});

/** A login answer as a session, or null when it carries no token. */
export function toSession(data: unknown): Sessao | null {
  const parsed = SessaoTolerante.safeParse(data);
  return parsed.success ? parsed.data : null;
}

let cached: Sessao | null | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Sessao | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    return toSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

function emit(): void {
  listeners.forEach((l) => l());
}

export function getSession(): Sessao | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function getToken(): string | null {
  return getSession()?.token || null;
}

export function setSession(session: Sessao): void {
  const st = storage();
  st?.setItem(SESSION_KEY, JSON.stringify(session));
  st?.setItem(USER_ID_KEY, String(session.id_usuario));
  cached = session;
  emit();
}

export function clearSession(): void {
  const st = storage();
  st?.removeItem(SESSION_KEY);
  st?.removeItem(USER_ID_KEY);
  cached = null;
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logged in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_KEY || e.key === null) {
      cached = undefined;
      emit();
    }
  });
}

export function useSession(): Sessao | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

export const isLoggedIn = (session: Sessao | null): session is Sessao => Boolean(session?.token);
export const isPartner = (session: Sessao | null): boolean => isLoggedIn(session) && session.parceiro;
export const isAdmin = (session: Sessao | null): boolean => isLoggedIn(session) && session.admin;
