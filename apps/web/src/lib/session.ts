import { useSyncExternalStore } from 'react';
import type { Sessao } from '@praca/contract';

/**
 * The session config (spec §3) lives in localStorage; the user id also under its own key
 * (spec §9). Logged in means a non-empty token (spec §4).
 */
export const SESSION_KEY = 'praca.sessao';
export const USER_ID_KEY = 'praca.id_usuario';

/*
 * A hand-written guard of the contract's SessaoSchema (no zod on the consumer's first load,
 * decision 016): tolerant of a missing or odd optional field; only the token is required.
 */
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const bool = (v: unknown): boolean => (typeof v === 'boolean' ? v : false);
function int(v: unknown): number {
  if (typeof v === 'bigint' || typeof v === 'symbol') return 0;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : 0;
}
function stringRecord(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const entries = Object.entries(v);
  return entries.every(([, x]) => typeof x === 'string')
    ? (Object.fromEntries(entries) as Record<string, string>)
    : {};
}

/** A login answer as a session, or null when it carries no token. */
export function toSession(data: unknown): Sessao | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.token !== 'string' || d.token.length === 0) return null;
  return {
    token: d.token,
    id_usuario: int(d.id_usuario),
    nome: str(d.nome),
    email: str(d.email),
    cod_cidade: int(d.cod_cidade),
    cidade: str(d.cidade),
    uf: str(d.uf),
    parceiro: bool(d.parceiro),
    admin: bool(d.admin),
    superadmin: bool(d.superadmin),
    estabelecimentos: stringRecord(d.estabelecimentos),
  };
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
