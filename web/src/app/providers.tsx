import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { setSessionExpiredHandler } from '../lib/api';
import { hasSessionHint } from '../lib/session-hint';
import { authUserQuery } from '../features/auth/api/auth-check';
import { ServerRenderContext, type ServerRender } from './render-context';
import { clearSession } from './session';

/**
 * Connects the API client to the query cache (a failed token refresh clears the session:
 * docs/architecture.md#sessions-and-cookies) and says who the shopper is as far as the cookies
 * tell: without the server's session hint cookie she is a visitor, known without a request
 * (docs/decisions/013-first-load.md), as the server rendered the page. With it, the auth
 * check (`GET /api/auth/check`) is left to the first `useAuth`, which asks once the page is
 * hydrated: the server drew the page with the check pending, and so must the first render here.
 * @param cookies `document.cookie`, or the same string in a test.
 */
export function connectSession(queryClient: QueryClient, cookies: string = document.cookie): void {
  setSessionExpiredHandler(() => clearSession(queryClient));
  if (!hasSessionHint(cookies)) queryClient.setQueryData(authUserQuery.queryKey, null);
}

/** What {@link AppProviders} gives every component. */
export interface AppProvidersProps {
  queryClient: QueryClient;
  /** The i18next instance of the page's language: the browser's one, or the server's for the request's language. */
  i18n: I18n;
  /** The server's render in progress (entry-server.tsx); none in the browser. */
  serverRender?: ServerRender;
  /** The router (BrowserRouter or StaticRouter) with the app's routes. */
  children: ReactNode;
}

/**
 * The app's providers, the same in the browser and on the server so both draw the same tree:
 * React's StrictMode, the server render's context, i18next and TanStack Query's client.
 */
export function AppProviders({ queryClient, i18n, serverRender, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <ServerRenderContext value={serverRender ?? null}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </I18nextProvider>
      </ServerRenderContext>
    </StrictMode>
  );
}
