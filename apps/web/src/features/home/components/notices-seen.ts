import type { AvisoPublico } from '@praca/contract';

/**
 * When the popup opens: once per login. Reloading, or coming back to the home page, in the
 * same login does not bring the same notices back; a notice not seen yet does, and so does
 * the next login. What was seen lives in sessionStorage (memory when it is unavailable).
 */
export const SEEN_KEY = 'praca.avisos_vistos';
let memory: { viewer: string; ids: number[] } | null = null;

export function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Who is looking, per login: the user id and a fingerprint (FNV-1a) of the session token. */
export function noticesViewer(idUsuario: number, token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${idUsuario}.${h.toString(16)}`;
}

export function readSeen(viewer: string): Set<number> {
  let record = memory;
  try {
    const raw = storage()?.getItem(SEEN_KEY);
    if (raw) record = JSON.parse(raw) as { viewer: string; ids: number[] };
  } catch {
    // Unreadable: fall back to memory.
  }
  return new Set(record && record.viewer === viewer ? record.ids.map(Number) : []);
}

export function setMemory(record: { viewer: string; ids: number[] } | null) {
  memory = record;
  return record;
}

/** Whether the list has a notice this viewer has not seen in this login (the popup opens). */
export function hasUnseen(avisos: AvisoPublico[], viewer: string): boolean {
  if (avisos.length === 0) return false;
  const seen = readSeen(viewer);
  return avisos.some((a) => !seen.has(a.id_aviso));
}
