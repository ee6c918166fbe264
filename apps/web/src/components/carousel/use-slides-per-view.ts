import { useCallback, useSyncExternalStore } from 'react';

/** Slides per view: `base` below the smallest width, then `{ minWidthPx: count }`. */
export interface SlidesPerView {
  base: number;
  from?: Record<number, number>;
}

const query = (px: number) => `(min-width: ${px}px)`;

/** How many slides fit now, following the window's width (spec §9 breakpoints in px). */
export function useSlidesPerView({ base, from = {} }: SlidesPerView): number {
  const steps = Object.entries(from)
    .map(([w, n]) => [Number(w), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const key = steps.map(([w, n]) => `${w}:${n}`).join(',');

  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const lists = key
        .split(',')
        .filter(Boolean)
        .map((s) => window.matchMedia(query(Number(s.split(':')[0]))));
      lists.forEach((l) => l.addEventListener?.('change', notify));
      return () => lists.forEach((l) => l.removeEventListener?.('change', notify));
    },
    [key],
  );

  const read = () => {
    if (typeof window === 'undefined' || !window.matchMedia) return base;
    let n = base;
    for (const [w, count] of steps) if (window.matchMedia(query(w)).matches) n = count;
    return n;
  };

  return useSyncExternalStore(subscribe, read, () => base);
}
