import { startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import type { AvisoPublico } from '@praca/contract';
import { OnMount } from '@/lib/lazy-with-preload';
import { useAvisos } from '../api/get-avisos';
import { NoticesDialog } from './lazy-parts';
import { readSeen, SEEN_KEY, setMemory, storage } from './notices-seen';

export { noticesViewer } from './notices-seen';

export { NOTICES_TITLE } from './notices-title';

const NONE: AvisoPublico[] = [];

/** Only the latest login is remembered, so the record never grows. */
function markSeen(viewer: string, ids: number[]): void {
  const record = setMemory({ viewer, ids: [...new Set([...readSeen(viewer), ...ids])] });
  try {
    storage()?.setItem(SEEN_KEY, JSON.stringify(record));
  } catch {
    // Private mode: memory only.
  }
}

/** Test hook: forget which notices were seen. */
export function resetNoticesShown(): void {
  setMemory(null);
  try {
    storage()?.removeItem(SEEN_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The notices popup (spec §2): on load, when the city has notices not seen in this login. */
export function NoticesModal({
  codCidade,
  viewer,
  onSettled,
}: {
  codCidade: number;
  viewer: string;
  /**
   * Called once the popup has painted, or once it is known that it will not open (no
   * notices, all seen, or the list failed): the home holds its biggest list until then.
   */
  onSettled?: () => void;
}) {
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
  // A transition, so React renders the opening in slices (decision 023).
  const onDialogMount = useCallback(() => startTransition(() => setReady(true)), []);

  useEffect(() => {
    if (opened)
      markSeen(
        viewer,
        avisos.map((a) => a.id_aviso),
      );
  }, [opened, viewer, avisos]);

  const settled = !query.isPending && (state === 'done' || avisos.length === 0 || (opened && ready));
  useEffect(() => {
    if (!settled || !onSettled) return;
    // After the next frame, so the popup's first paint comes before anything waiting on it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(onSettled, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [settled, onSettled]);

  const close = () => setState('done');

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NoticesDialog opened={opened && ready} onClose={close} avisos={avisos} />
      <OnMount onMount={onDialogMount} />
    </Suspense>
  );
}
