import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { InfoKey } from '../features/info/components/info-article';
import { paths } from '../lib/paths';
import { RootLayout } from './layout/root-layout';
import { PageErrorBoundary } from './page-error-boundary';
import { CategoryPage } from './pages/category-page';
import { HomePage } from './pages/home-page';
import { ProductPage } from './pages/product-page';

/**
 * A page whose code is fetched on first visit (docs/decisions/013-first-load.md: only home, the
 * category listing and the product page, where shared links land, are in the first load; the
 * server preloads the others' chunks on a first visit to them). `load` is a module of pages; many pages of one
 * module share its chunk.
 */
function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const loadShop = () => import('./pages/shop-pages');
const loadAuth = () => import('./pages/auth-pages');
const loadInfo = () => import('./pages/info-pages');

const FeaturedPage = lazyPage(() => import('./pages/featured-page'), 'FeaturedPage');
const SigninPage = lazyPage(loadAuth, 'SigninPage');
const SignupPage = lazyPage(loadAuth, 'SignupPage');
const OtpPage = lazyPage(loadAuth, 'OtpPage');
const ForgotPage = lazyPage(loadAuth, 'ForgotPage');
const ResetPage = lazyPage(loadAuth, 'ResetPage');
const CartPage = lazyPage(loadShop, 'CartPage');
const WishlistPage = lazyPage(loadShop, 'WishlistPage');
const AddressPage = lazyPage(loadShop, 'AddressPage');
const ConfirmAddressPage = lazyPage(loadShop, 'ConfirmAddressPage');
const PlaceOrderPage = lazyPage(loadShop, 'PlaceOrderPage');
const MyOrdersPage = lazyPage(loadShop, 'MyOrdersPage');
const AdminPage = lazyPage(() => import('./pages/admin-page'), 'AdminPage');
const ContactPage = lazyPage(loadInfo, 'ContactPage');
const NotFoundPage = lazyPage(loadInfo, 'NotFoundPage');
const InfoPage = lazy(async () => ({ default: (await loadInfo()).InfoPage }));

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

/**
 * Every route of docs/product.md#screens routes table, under the shared layout (which shows a lazily loaded
 * page's loading state and catches a page that fails, see RootLayout).
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.categoryPattern, element: <CategoryPage /> },
      { path: paths.viewPattern, element: <ProductPage /> },
      { path: paths.featured, element: <FeaturedPage /> },
      { path: paths.signin, element: <SigninPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.otp, element: <OtpPage /> },
      { path: paths.forgot, element: <ForgotPage /> },
      { path: paths.resetPattern, element: <ResetPage /> },
      { path: paths.cartpage, element: <CartPage /> },
      { path: paths.wishlist, element: <WishlistPage /> },
      { path: paths.address, element: <AddressPage /> },
      { path: paths.confirmAddress, element: <ConfirmAddressPage /> },
      { path: paths.placeorder, element: <PlaceOrderPage /> },
      { path: paths.myOrders, element: <MyOrdersPage /> },
      { path: paths.adminOnly, element: <AdminPage /> },
      { path: paths.contact, element: <ContactPage /> },
      ...infoRoutes.map(([path, infoKey]): RouteObject => ({ path, element: <InfoPage key={infoKey} infoKey={infoKey} /> })),
      { path: paths.opportunitiesAlias, element: <Navigate to={paths.info.opportunities} replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's routes, inside a `BrowserRouter` (React Router's declarative mode: its data
 * router, about 17 KiB gzip more, would bring loaders and fetchers the app does not use). A
 * page that fails to render, or whose code cannot be fetched, shows the error page until the
 * shopper goes elsewhere.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <PageErrorBoundary resetKey={location.pathname}>{element}</PageErrorBoundary>;
}
