import { lazy, Suspense, type ComponentProps } from 'react';

const ErrorState = lazy(() => import('@/components/query-states').then((m) => ({ default: m.ErrorState })));

/**
 * The home's failed-load alert, fetched only when a list fails (decision 016): the alert and
 * its close button stay off the consumer's first load.
 */
export function LazyErrorState(props: ComponentProps<typeof ErrorState>) {
  return (
    <Suspense fallback={null}>
      <ErrorState {...props} />
    </Suspense>
  );
}
