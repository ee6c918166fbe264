import '@/lib/zod-jitless';
import '@/lib/app-started';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { notifications } from '@mantine/notifications';
import { MSG } from '@praca/contract/plain';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const router = createAppRouter();

// Spec §4: a 401 answer on any authenticated call ends the session and goes to /login.
setUnauthorizedHandler(() => {
  queryClient.clear();
  notifications.show({ id: 'sessao-expirada', color: 'yellow', message: MSG.naoAutenticado });
  void router.navigate(paths.login, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado em index.html');

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
