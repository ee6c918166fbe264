import '@/lib/zod-jitless';
import '@/lib/app-started';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { reloadOnce } from '@/lib/chunk-reload';
import { MSG_SESSAO_EXPIRADA } from '@praca/contract/plain';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado em index.html');

/**
 * Runs `step` in a task of its own, after the browser had the chance to paint, answer input or
 * read the network. The app starts in three tasks (evaluating the bundle, starting the router,
 * rendering) instead of one: Lighthouse counts the time of each task beyond 50 ms as blocking,
 * and the router's start, which asks for the first screen's code and data, weighed as much as
 * evaluating the whole bundle (decision 023). Not a top-level await: that splits the entry
 * chunk in two.
 */
const inNextTask = (step: () => void) => setTimeout(step, 0);

// A chunk of an older build is gone (a deploy): reload once into the new one (issue 51).
window.addEventListener('vite:preloadError', (e) => {
  if (reloadOnce()) e.preventDefault();
});

inNextTask(() => {
  const router = createAppRouter();

  // Spec §4: a 401 answer on any authenticated call ends the session and goes to /login.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    // The toasts' code loads with this rare moment, not with the first page.
    void import('@/lib/notify').then(({ notifyWarning }) =>
      notifyWarning(MSG_SESSAO_EXPIRADA, { id: 'sessao-expirada' }),
    );
    void router.navigate(paths.login, { replace: true });
  });

  inNextTask(() => {
    const reactRoot = createRoot(root);
    // A transition, so React renders the first screen in slices and the browser can paint and
    // answer input in between, instead of one long task (decision 021).
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
  });
});
