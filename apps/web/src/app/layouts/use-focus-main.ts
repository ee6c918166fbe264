import type { MouseEvent } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_ID = 'conteudo';

/** After an in-app navigation, move focus to the new page so screen readers announce it. */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

export function skipToMain(e: MouseEvent<HTMLAnchorElement>): void {
  e.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}
