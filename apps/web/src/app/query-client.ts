import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** One client for the whole app, so route loaders can start fetches before their page renders. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; network failures and 5xx get two more tries.
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
