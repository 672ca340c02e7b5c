import { createContext, use } from 'react';
import { Navigate } from 'react-router';

/**
 * What a page decided while it was rendered on the server, besides its HTML: its HTTP status
 * and whether it sends the shopper elsewhere. The server's render (entry-server.tsx) provides
 * one per request; in the browser there is none.
 */
export interface ServerRender {
  /** 200 unless the page says otherwise (404: not found). */
  status: number;
  /** Path to answer with a redirect (302) instead of the page. */
  redirect?: string;
}

/** The render in progress on the server, or null in the browser. */
export const ServerRenderContext = createContext<ServerRender | null>(null);

/**
 * Sets the HTTP status of the page being rendered on the server (404 for a page that is not
 * found: docs/architecture.md#rendering); does nothing in the browser.
 * @param status an HTTP status code.
 */
export function useHttpStatus(status: number): void {
  const render = use(ServerRenderContext);
  if (render) render.status = status;
}

/**
 * Sends the shopper to `to` (replacing the current entry): on the server, the page is answered
 * with a redirect (HTTP 302) before any script runs; in the browser, React Router navigates.
 */
export function Redirect({ to }: { to: string }) {
  const render = use(ServerRenderContext);
  if (render) {
    render.redirect ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
