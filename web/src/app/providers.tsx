import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setSessionExpiredHandler } from '../lib/api';
import { hasSessionHint } from '../lib/session-hint';
import { authUserQuery } from '../features/auth/api/auth-check';
import { clearSession } from './session';

/**
 * Connects the API client to the query cache (a failed token refresh clears the session,
 * docs/product.md#states-and-transitions, docs/product.md#messages) and checks authentication at once (docs/product.md#screens: on start the product checks
 * authentication): without the server's session hint cookie the shopper is a visitor, known
 * without a request (docs/decisions/013-first-load.md); with it, `GET /api/auth/check` decides.
 * @param cookies `document.cookie`, or the same string in a test.
 */
export function connectSession(queryClient: QueryClient, cookies: string = document.cookie): void {
  setSessionExpiredHandler(() => clearSession(queryClient));
  if (!hasSessionHint(cookies)) {
    queryClient.setQueryData(authUserQuery.queryKey, null);
    return;
  }
  void queryClient.prefetchQuery(authUserQuery);
}

/** The app's providers: TanStack Query's client (i18next is global; main puts the router inside them). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
