import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a profile message stays on screen (spec §9: 3 seconds). */
const MESSAGE_MS = 3000;

export interface Banner {
  color: 'green.9' | 'red';
  text: string;
}

/** A message that hides itself `ms` after it was shown; showing another restarts the clock. */
export function useTimedMessage(ms = MESSAGE_MS) {
  const [message, setMessage] = useState<Banner | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (next: Banner | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show] as const;
}
