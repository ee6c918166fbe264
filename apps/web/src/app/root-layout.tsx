import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Not on the first load's path (decision 016): the first page is there before anyone navigates. */
const NavigationProgress = lazy(() => import('./navigation-progress'));

/** Around every page: a thin bar while a route's code or data loads, and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      ) : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
