import { useCallback, useRef, useState } from 'react';

/** How long a profile message stays on screen once seen (spec §9: 3 seconds). */
export const MESSAGE_MS = 3000;

export interface Banner {
  color: 'green.9' | 'red';
  text: string;
  /** Changes on every show, so the same text shown again starts over. */
  seq: number;
}

/**
 * A profile message: `show({ color, text })` shows one, `show(null)` or `hide()` hides it. It
 * is drawn by FormAlert with `closeAfterMs={MESSAGE_MS}`, so its 3 seconds run from the moment
 * it was first seen, not from when it opened out of view.
 */
export function useTimedMessage() {
  const [message, setMessage] = useState<Banner | null>(null);
  const shown = useRef(0);
  const show = useCallback((next: Omit<Banner, 'seq'> | null) => {
    shown.current += 1;
    setMessage(next ? { ...next, seq: shown.current } : null);
  }, []);
  const hide = useCallback(() => setMessage(null), []);
  return [message, show, hide] as const;
}
