import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The app's one TanStack Query client (docs/architecture.md#code-shape: server state lives in TanStack Query).
 * A 4xx is an answer, not a hiccup, so it is never retried; other failures get one retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
