import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** One client for the app. Client errors (4xx) are final; a network or 5xx error is retried once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});
