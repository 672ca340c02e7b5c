import { matchPage, PAGES, type LazyPageModule, type PageId, type PageRoute } from '@thaiyal/contract/pages';
import { createElement, use, type ComponentType, type ReactElement } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { redirects } from '../lib/paths';
import { RootLayout } from './layout/root-layout';
import { PageErrorBoundary } from './page-error-boundary';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';

/**
 * The modules of pages fetched on a first visit to one of them, by the name the contract's page
 * table gives them (contract/src/pages.ts `module`): only home and the not-found page are in
 * the first load (docs/performance.md); the server fetches a page's module beside the entry on a
 * first visit to it, so a shared product link still draws at once.
 */
const pageModules = {
  'src/app/pages/category-page.tsx': () => import('./pages/category-page'),
  'src/app/pages/product-page.tsx': () => import('./pages/product-page'),
  'src/app/pages/search-page.tsx': () => import('./pages/search-page'),
  'src/app/pages/featured-page.tsx': () => import('./pages/featured-page'),
  'src/app/pages/auth-pages.tsx': () => import('./pages/auth-pages'),
  'src/app/pages/shop-pages.tsx': () => import('./pages/shop-pages'),
  'src/app/pages/admin-page.tsx': () => import('./pages/admin-page'),
  'src/app/pages/info-pages.tsx': () => import('./pages/info-pages'),
  'src/app/pages/measurements-page.tsx': () => import('./pages/measurements-page'),
} satisfies Record<LazyPageModule, () => Promise<unknown>>;

type PageModules = typeof pageModules;
type ModuleOf<Id extends PageId> = (typeof PAGES)[Id] extends { module: infer M extends LazyPageModule } ? M : never;

/** A module's promise, marked fulfilled once it has come, as React's `use` reads a promise it may use at once. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loading = new Map<LazyPageModule, TrackedPromise<unknown>>();

/** Fetches a page module once; its promise says when it has come. */
function loadModule(module: LazyPageModule): TrackedPromise<unknown> {
  let promise = loading.get(module);
  if (!promise) {
    const tracked: TrackedPromise<unknown> = pageModules[module]().then(
      (value) => {
        tracked.status = 'fulfilled';
        tracked.value = value;
        return value;
      },
      (error: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = error;
        // A later visit tries again (say, after a new version replaced the chunks).
        loading.delete(module);
        throw error;
      },
    );
    tracked.status = 'pending';
    loading.set(module, tracked);
    promise = tracked;
  }
  return promise;
}

/**
 * Fetches the code of the page at `pathname`, if it is not in the first load. The browser awaits
 * it before hydrating the server's HTML (main.tsx): the page is then drawn at once, in the same
 * pass as the rest, instead of waiting behind a Suspense boundary while, say, the auth check
 * changes what it would draw (a hydration mismatch). The server preloads the same chunk.
 */
export function preloadPage(pathname: string): Promise<unknown> | undefined {
  const module = (PAGES[matchPage(pathname).id] as PageRoute).module;
  return module ? loadModule(module) : undefined;
}

/**
 * The component `name` of the module the page table names for page `id`, fetched on first use
 * (Suspense shows the loading bar meanwhile); drawn at once when the module has come, like the
 * first load's pages.
 */
function lazyPage<Id extends PageId, Name extends keyof Awaited<ReturnType<PageModules[ModuleOf<Id>]>>>(id: Id, name: Name) {
  const module = (PAGES[id] as unknown as { module: ModuleOf<Id> }).module;
  function LazyPage(props: object) {
    const loaded = use(loadModule(module) as Promise<unknown>) as Record<Name, ComponentType<object>>;
    return createElement(loaded[name], props);
  }
  LazyPage.displayName = `LazyPage(${String(name)})`;
  return LazyPage as ComponentType;
}

const CategoryPage = lazyPage('category', 'CategoryPage');
const ProductPage = lazyPage('product', 'ProductPage');
const SearchPage = lazyPage('search', 'SearchPage');
const FeaturedPage = lazyPage('featured', 'FeaturedPage');
const SigninPage = lazyPage('signin', 'SigninPage');
const SignupPage = lazyPage('signup', 'SignupPage');
const OtpPage = lazyPage('otp', 'OtpPage');
const ForgotPage = lazyPage('forgot', 'ForgotPage');
const ResetPage = lazyPage('reset', 'ResetPage');
const CartPage = lazyPage('cart', 'CartPage');
const WishlistPage = lazyPage('wishlist', 'WishlistPage');
const AddressPage = lazyPage('address', 'AddressPage');
const ConfirmAddressPage = lazyPage('confirmAddress', 'ConfirmAddressPage');
const PlaceOrderPage = lazyPage('placeOrder', 'PlaceOrderPage');
const MyOrdersPage = lazyPage('myOrders', 'MyOrdersPage');
const OrderPlacedPage = lazyPage('orderPlaced', 'OrderPlacedPage');
const MeasurementsPage = lazyPage('measurements', 'MeasurementsPage');
const AdminPage = lazyPage('admin', 'AdminPage');
const ContactPage = lazyPage('contact', 'ContactPage');
const InfoPage = lazyPage('delivery', 'InfoPage') as ComponentType<{ infoKey: InfoPageId }>;

/** The information pages, each drawn by InfoPage with its own copy (info.{id}.* strings). */
type InfoPageId = Extract<
  PageId,
  | 'delivery'
  | 'customTailoring'
  | 'bridalAttire'
  | 'alterations'
  | 'fabricConsultation'
  | 'opportunities'
  | 'collaborators'
  | 'showcase'
  | 'getInTouch'
  | 'ourStory'
  | 'whyChooseUs'
  | 'customerCommitment'
  | 'dataPrivacy'
  | 'terms'
  | 'returns'
  | 'faq'
>;

const info = (id: InfoPageId) => <InfoPage key={id} infoKey={id} />;

/** What draws each page of the contract's table: one entry per page, checked by the type. */
const pageElements: Record<PageId, ReactElement> = {
  home: <HomePage />,
  category: <CategoryPage />,
  product: <ProductPage />,
  search: <SearchPage />,
  featured: <FeaturedPage />,
  signin: <SigninPage />,
  signup: <SignupPage />,
  otp: <OtpPage />,
  forgot: <ForgotPage />,
  reset: <ResetPage />,
  cart: <CartPage />,
  wishlist: <WishlistPage />,
  address: <AddressPage />,
  confirmAddress: <ConfirmAddressPage />,
  placeOrder: <PlaceOrderPage />,
  myOrders: <MyOrdersPage />,
  orderPlaced: <OrderPlacedPage />,
  measurements: <MeasurementsPage />,
  admin: <AdminPage />,
  contact: <ContactPage />,
  delivery: info('delivery'),
  customTailoring: info('customTailoring'),
  bridalAttire: info('bridalAttire'),
  alterations: info('alterations'),
  fabricConsultation: info('fabricConsultation'),
  opportunities: info('opportunities'),
  collaborators: info('collaborators'),
  showcase: info('showcase'),
  getInTouch: info('getInTouch'),
  ourStory: info('ourStory'),
  whyChooseUs: info('whyChooseUs'),
  customerCommitment: info('customerCommitment'),
  dataPrivacy: info('dataPrivacy'),
  terms: info('terms'),
  returns: info('returns'),
  faq: info('faq'),
  notFound: <NotFoundPage />,
};

/**
 * Every page of the contract's table under the shared layout (which shows a lazily loaded
 * page's loading state), and its redirects.
 */
const routes: RouteObject[] = [
  {
    path: PAGES.home.path,
    element: <RootLayout />,
    children: [
      ...(Object.keys(PAGES) as PageId[]).map((id): RouteObject =>
        id === 'home' ? { index: true, element: pageElements.home } : { path: PAGES[id].path, element: pageElements[id] },
      ),
      ...Object.entries(redirects).map(([from, to]): RouteObject => ({ path: from, element: <Navigate to={to} replace /> })),
    ],
  },
];

/**
 * The app's routes, inside a router (`BrowserRouter` in the browser, `StaticRouter` on the
 * server; React Router's declarative mode: its data router, about 17 KiB gzip more, would
 * bring loaders and fetchers the app does not use). A page that fails to render, or whose
 * code cannot be fetched, shows the error page until the shopper goes elsewhere.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <PageErrorBoundary resetKey={location.pathname}>{element}</PageErrorBoundary>;
}
