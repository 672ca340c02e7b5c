import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setSessionExpiredHandler } from '../lib/api';
import { authUserQuery } from '../features/auth/api/auth-check';
import { clearSession } from './session';

/**
 * Connects the API client to the query cache (a failed token refresh clears the session,
 * SPEC §4 and §8) and starts the auth check at once (SPEC §2: on start the product checks
 * authentication).
 */
export function connectSession(queryClient: QueryClient): void {
  setSessionExpiredHandler(() => clearSession(queryClient));
  void queryClient.prefetchQuery(authUserQuery);
}

/** The app's providers: TanStack Query's client (i18next is global; main puts the router inside them). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
