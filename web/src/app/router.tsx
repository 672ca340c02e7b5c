import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { InfoKey } from '../features/info/components/info-article';
import { paths } from '../lib/paths';
import { RootLayout } from './layout/root-layout';
import { CategoryPage } from './pages/category-page';
import { AppLoading, ErrorPage } from './pages/error-page';
import { HomePage } from './pages/home-page';
import { ProductPage } from './pages/product-page';

type ShopPages = typeof import('./pages/shop-pages');
type AuthPages = typeof import('./pages/auth-pages');

/** A route whose screen is fetched on first visit (issue "Performance" §3: only home, category and product are eager). */
function lazyShop(name: keyof ShopPages): RouteObject['lazy'] {
  return async () => ({ Component: (await import('./pages/shop-pages'))[name] });
}

function lazyAuth(name: keyof AuthPages): RouteObject['lazy'] {
  return async () => ({ Component: (await import('./pages/auth-pages'))[name] });
}

function lazyInfo(infoKey: InfoKey): RouteObject['lazy'] {
  return async () => {
    const { InfoPage } = await import('./pages/info-pages');
    return { Component: () => <InfoPage infoKey={infoKey} /> };
  };
}

const infoRoutes: Array<[string, InfoKey]> = [
  [paths.info.customTailoring, 'customTailoring'],
  [paths.info.bridalAttire, 'bridalAttire'],
  [paths.info.alterations, 'alterations'],
  [paths.info.fabricConsultation, 'fabricConsultation'],
  [paths.info.opportunities, 'opportunities'],
  [paths.info.collaborators, 'collaborators'],
  [paths.info.showcase, 'showcase'],
  [paths.info.getInTouch, 'getInTouch'],
  [paths.info.ourStory, 'ourStory'],
  [paths.info.whyChooseUs, 'whyChooseUs'],
  [paths.info.customerCommitment, 'customerCommitment'],
  [paths.info.dataPrivacy, 'dataPrivacy'],
  [paths.delivery, 'delivery'],
];

/** Every route of SPEC §2's routes table, under the shared layout. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: AppLoading,
    children: [
      { index: true, Component: HomePage },
      { path: paths.categoryPattern, Component: CategoryPage },
      { path: paths.viewPattern, Component: ProductPage },
      { path: paths.featured, lazy: async () => ({ Component: (await import('./pages/featured-page')).FeaturedPage }) },
      { path: paths.signin, lazy: lazyAuth('SigninPage') },
      { path: paths.signup, lazy: lazyAuth('SignupPage') },
      { path: paths.otp, lazy: lazyAuth('OtpPage') },
      { path: paths.forgot, lazy: lazyAuth('ForgotPage') },
      { path: paths.resetPattern, lazy: lazyAuth('ResetPage') },
      { path: paths.cartpage, lazy: lazyShop('CartPage') },
      { path: paths.wishlist, lazy: lazyShop('WishlistPage') },
      { path: paths.address, lazy: lazyShop('AddressPage') },
      { path: paths.confirmAddress, lazy: lazyShop('ConfirmAddressPage') },
      { path: paths.placeorder, lazy: lazyShop('PlaceOrderPage') },
      { path: paths.myOrders, lazy: lazyShop('MyOrdersPage') },
      { path: paths.adminOnly, lazy: async () => ({ Component: (await import('./pages/admin-page')).AdminPage }) },
      { path: paths.contact, lazy: async () => ({ Component: (await import('./pages/info-pages')).ContactPage }) },
      ...infoRoutes.map(([path, infoKey]): RouteObject => ({ path, lazy: lazyInfo(infoKey) })),
      { path: paths.opportunitiesAlias, element: <Navigate to={paths.info.opportunities} replace /> },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/info-pages')).NotFoundPage }) },
    ],
  },
];

/** The browser router of the app (React Router data mode). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
