import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppProductActions } from '../product-actions-provider';
import { PageLoading } from '../pages/error-page';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollRestoration } from './scroll-restoration';
import { AppToaster } from './app-toaster';
import { finishHydration } from '../../lib/hydration';

const loadDrawer = () => import('./drawer');

/**
 * Says the page is wholly hydrated (lib/hydration.ts) once React has hydrated the Suspense
 * boundary around the page, which it does after the rest of the app. Renders nothing.
 */
function HydrationDone() {
  useEffect(() => finishHydration(), []);
  return null;
}
const Drawer = lazy(loadDrawer);

/**
 * The frame of every page: header, main content, footer, the side drawer and the toasts
 * (docs/product.md#screens). The drawer closes on every route change. A thin bar shows while a
 * lazily loaded page is on its way in the browser (PageLoading); the server renders every page
 * whole. The toaster is always drawn: the product page, in the first load, toasts (Added to
 * cart), so the toasts' code is in the entry anyway.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  // The drawer is open for the history entry it was opened on, so any navigation closes it,
  // also one to the page already shown (the drawer's Home on home makes a new entry).
  const routeKey = location.key;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === routeKey;
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Closed by the shopper (backdrop, Escape, the close button): focus goes back to the toggle
  // once the close has committed, after any effect of the drawer still pending from its opening
  // (its autofocus), which would otherwise take focus into a panel about to go.
  const returnFocus = useRef(false);
  const closeMenu = useCallback(() => {
    returnFocus.current = true;
    setOpenOn(null);
    toggleRef.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (menuOpen || !returnFocus.current) return;
    returnFocus.current = false;
    toggleRef.current?.focus({ preventScroll: true });
  }, [menuOpen]);

  const toggleMenu = () => {
    setDrawerLoaded(true);
    setOpenOn(menuOpen ? null : routeKey);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-rose-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Header menuOpen={menuOpen} onMenuToggle={toggleMenu} onMenuIntent={() => void loadDrawer()} toggleRef={toggleRef} />
      <AppProductActions>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 sm:py-6">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <HydrationDone />
          </Suspense>
        </main>
      </AppProductActions>
      <Footer />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <Drawer open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
      <AppToaster />
      <ScrollRestoration />
    </div>
  );
}
