import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n, pageLanguage } from '../i18n';
import { startHydration } from '../lib/hydration';
import { createQueryClient } from '../lib/query-client';
import { giveEntryItsOwnKey } from './layout/scroll-restoration';
import { seedFromPage } from './page-data';
import { AppProviders, connectSession } from './providers';
import { AppRoutes, preloadPage } from './router';

/**
 * The browser's start (docs/architecture.md#rendering): the query cache gets the answers the
 * server drew the page from and the visitor-or-not the server assumed; the strings of the
 * page's language and, for a page not in the first load, its code (both preloaded by the
 * server's HTML) are loaded; then React hydrates the server's HTML in one pass (or, under the
 * development server, which renders nothing, draws the app afresh).
 * @returns React's root, once the app is hydrated or rendering.
 * @throws Error when the document has no `#root`.
 */
export async function startApp(doc: Document = document): Promise<Root> {
  const queryClient = createQueryClient();
  connectSession(queryClient, doc.cookie);
  seedFromPage(queryClient, doc);
  giveEntryItsOwnKey();
  const [i18n] = await Promise.all([initI18n(pageLanguage(doc)), preloadPage(window.location.pathname)?.catch(() => undefined)]);
  const root = doc.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  const app = (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  if (root.hasChildNodes()) {
    startHydration();
    // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser
    // between them (a plain hydrateRoot does the app's frame in one long task). What is on
    // screen is the server's HTML meanwhile.
    let hydrating: Root | undefined;
    startTransition(() => {
      hydrating = hydrateRoot(root, app);
    });
    return hydrating!;
  }
  const created = createRoot(root);
  created.render(app);
  return created;
}
