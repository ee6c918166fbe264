import './mantine-styles';
import '@mantine/notifications/styles.css';
import './fonts.css';
import './global.css';

import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toasts' container (transitions, portal, scroll-bar compensation) is its own chunk,
 * fetched right after the first render; `notifications.show` before it arrives is kept in
 * the store and shown once it mounts (decision 016).
 */
const NotificationsHost = lazy(() => import('./notifications-host'));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
