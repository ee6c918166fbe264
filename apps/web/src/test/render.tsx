import type { ReactElement, ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '@/app/theme';

/**
 * The app's theme, adjusted for jsdom: every element has a zero-size box there, which
 * Mantine's popovers take for "scrolled out of view" and hide.
 */
const testTheme = mergeThemeOverrides(
  theme,
  createTheme({ components: { Popover: { defaultProps: { hideDetached: false } } } }),
);

export function TestProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const queryClient =
    client ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <MantineProvider theme={testTheme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders a UI inside the app's providers and a memory router; other paths show their name. */
export function renderWithApp(ui: ReactElement, { path = '/', extraRoutes = [] as string[] } = {}) {
  const router = createMemoryRouter(
    [{ path, element: ui }, ...extraRoutes.map((p) => ({ path: p, element: <p>Página {p}</p> }))],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />, { wrapper: TestProviders }) };
}

export { jsonResponse } from './mock-api';
