import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Around every page: a thin bar while a route's code or data loads, and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          aria-label="Carregando a página"
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
        />
      ) : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
