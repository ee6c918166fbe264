import { useEffect, useRef, type RefObject } from 'react';

/** How much of the message must be on screen to count as seen. */
const SEEN_RATIO = 0.5;

/**
 * Calls `onClose` `ms` after the element was first seen on screen (spec §9: the editors' red
 * alert closes after 5 s, the profile's messages after 3 s). A message that opens out of view
 * (above a long form, below the fold of a phone) waits for the person to get there, so it
 * never closes unseen. `key` changes on every show: a new show starts over. Where the browser
 * cannot tell (no IntersectionObserver, e.g. jsdom) the clock starts at once.
 */
export function useCloseOnceSeen(
  ref: RefObject<HTMLElement | null>,
  key: unknown,
  ms: number | undefined,
  onClose: (() => void) | undefined,
): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !ms || key === null || key === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer ??= setTimeout(() => close.current?.(), ms);
    };
    if (typeof IntersectionObserver !== 'function') {
      start();
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= SEEN_RATIO)) {
          observer.disconnect();
          start();
        }
      },
      { threshold: [SEEN_RATIO] },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [ref, key, ms]);
}
