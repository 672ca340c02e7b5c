import { useSyncExternalStore } from 'react';

/**
 * Whether the page the server rendered is wholly hydrated (docs/architecture.md#rendering).
 * React hydrates a Suspense boundary, such as the one around every page, after the rest of the
 * app, when it gets to it: what the shopper's data changes in the meantime (say, the auth check
 * answering) would make the boundary's first render differ from the server's HTML. So
 * whatever changes what a page draws waits for this. True unless the browser's start is
 * hydrating (`startHydration`), and again once the page's boundary has hydrated
 * (`HydrationDone`, web/src/app/layout/root-layout.tsx).
 */
let hydrated = true;
const listeners = new Set<() => void>();

/** The browser's start is about to hydrate the server's HTML. */
export function startHydration(): void {
  hydrated = false;
}

/**
 * The page's last Suspense boundary has hydrated (or, under the development server, the app
 * has first rendered). Marks `<html data-hydrated>`, for tests that must not act on the
 * server's HTML before React has taken it over.
 */
export function finishHydration(): void {
  document.documentElement.dataset.hydrated = '';
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page is wholly hydrated ({@link startHydration}); false on the server and while hydrating. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => hydrated,
  );
}
