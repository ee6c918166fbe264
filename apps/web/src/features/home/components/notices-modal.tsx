import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { AvisoPublico } from '@praca/contract';
import { OnMount } from '@/lib/lazy-with-preload';
import { useAvisos } from '../api/get-avisos';

export { NOTICES_TITLE } from './notices-title';

const NONE: AvisoPublico[] = [];

/**
 * The popup (Modal, list, DOMPurify) is a chunk of its own, so the home page's code stays
 * small: it is fetched only when there are notices not seen yet.
 */
const NoticesDialog = lazy(() => import('./notices-dialog'));

/**
 * When the popup opens: once per login. Reloading, or coming back to the home page, in the
 * same login does not bring the same notices back; a notice not seen yet does, and so does
 * the next login. What was seen lives in sessionStorage (memory when it is unavailable).
 */
const SEEN_KEY = 'praca.avisos_vistos';
let memory: { viewer: string; ids: number[] } | null = null;

function storage(): Storage | null {
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

function readSeen(viewer: string): Set<number> {
  let record = memory;
  try {
    const raw = storage()?.getItem(SEEN_KEY);
    if (raw) record = JSON.parse(raw) as { viewer: string; ids: number[] };
  } catch {
    // Unreadable: fall back to memory.
  }
  return new Set(record && record.viewer === viewer ? record.ids.map(Number) : []);
}

/** Only the latest login is remembered, so the record never grows. */
function markSeen(viewer: string, ids: number[]): void {
  memory = { viewer, ids: [...new Set([...readSeen(viewer), ...ids])] };
  try {
    storage()?.setItem(SEEN_KEY, JSON.stringify(memory));
  } catch {
    // Private mode: memory only.
  }
}

/** Test hook: forget which notices were seen. */
export function resetNoticesShown(): void {
  memory = null;
  try {
    storage()?.removeItem(SEEN_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The notices popup (spec §2): on load, when the city has notices not seen in this login. */
export function NoticesModal({ codCidade, viewer }: { codCidade: number; viewer: string }) {
  const query = useAvisos(codCidade);
  const [state, setState] = useState<'waiting' | 'open' | 'done'>('waiting');
  const avisos = query.data ?? NONE;
  // Decided once, when the list arrives.
  if (state === 'waiting' && avisos.length > 0) {
    const seen = readSeen(viewer);
    setState(avisos.some((a) => !seen.has(a.id_aviso)) ? 'open' : 'done');
  }
  const opened = state === 'open';
  // Mounted from the opening on, so it keeps its closing transition and focus return.
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  const [ready, setReady] = useState(false);
  const onDialogMount = useCallback(() => setReady(true), []);

  useEffect(() => {
    if (opened)
      markSeen(
        viewer,
        avisos.map((a) => a.id_aviso),
      );
  }, [opened, viewer, avisos]);

  const close = () => setState('done');

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NoticesDialog opened={opened && ready} onClose={close} avisos={avisos} />
      <OnMount onMount={onDialogMount} />
    </Suspense>
  );
}
