import { useEffect, useState } from 'react';
import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** How long a page may take before the spinner appears (decision 031). */
export const SPINNER_DELAY_MS = 500;

/**
 * Shown while a route's code or the first data loads. The spinner itself appears only once the
 * wait passes half a second: a quick load does not flash it, and the browser does not draw a
 * spinning frame every 16 ms while the page starts. Screen readers hear 'Carregando…' at once.
 */
export function FullPageLoader() {
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSpinner(true), SPINNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Center mih="50vh" role="status">
      {spinner ? <Loader aria-hidden="true" /> : null}
      <VisuallyHidden>Carregando…</VisuallyHidden>
    </Center>
  );
}
