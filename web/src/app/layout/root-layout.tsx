import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { AppProductActions } from '../product-actions-provider';
import { AppToaster } from './app-toaster';
import { Footer } from './footer';
import { Header } from './header';

const loadDrawer = () => import('./drawer');
const Drawer = lazy(loadDrawer);

/**
 * The frame of every page: header, main content, footer, the side drawer and the toasts
 * (SPEC §2). The drawer closes on every route change. A thin bar shows while a lazily
 * loaded page is on its way.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  // The drawer is open for the route it was opened on, so any route change closes it.
  const routeKey = `${location.pathname}${location.search}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === routeKey;
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => {
    setOpenOn(null);
    toggleRef.current?.focus({ preventScroll: true });
  }, []);

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
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label={t('common.pleaseWait')} className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-rose-600" />
      )}
      <Header
        menuOpen={menuOpen}
        onMenuToggle={toggleMenu}
        onMenuIntent={() => void loadDrawer()}
        toggleRef={toggleRef}
      />
      <AppProductActions>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 sm:py-6">
          <Outlet />
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
