// No zod here: the web app's first load imports this module (docs/performance.md, "Web: the
// first load on a cheap phone").

/**
 * The web app's pages, in one table (docs/architecture.md#rendering): the web router draws
 * each path with its page, the server renders them (with the API answers each starts from,
 * the code chunk each needs and its HTTP status), the sitemap and robots.txt list them, and
 * mails link to them. Adding a page is one entry here, its component in
 * web/src/app/router.tsx, and its strings.
 */

/** Who may see a page: anyone, a signed-in shopper (else /signin), or the admin (else /). */
export type PageAccess = 'public' | 'signed-in' | 'admin';

/**
 * A web module that draws pages loaded on demand, named as Vite's build manifest names it (a
 * path inside web/): its chunk is fetched beside the entry on a first visit to one of its
 * pages. Pages without one are in the first load's chunk.
 */
export type LazyPageModule =
  | 'src/app/pages/category-page.tsx'
  | 'src/app/pages/product-page.tsx'
  | 'src/app/pages/search-page.tsx'
  | 'src/app/pages/featured-page.tsx'
  | 'src/app/pages/auth-pages.tsx'
  | 'src/app/pages/shop-pages.tsx'
  | 'src/app/pages/admin-page.tsx'
  | 'src/app/pages/info-pages.tsx'
  | 'src/app/pages/measurements-page.tsx';

/** One page of the table. */
export interface PageRoute {
  /** React Router path pattern: `:name` is a parameter, `*` any path no other page matches. */
  readonly path: string;
  readonly access: PageAccess;
  /** The module that draws the page when it is not in the first load (see {@link LazyPageModule}). */
  readonly module?: LazyPageModule;
  /**
   * API paths (without `/api`, parameters as in {@link path}) whose answers the page draws
   * first: the server renders the page from them and puts them into it, so the browser asks
   * for none of them again. A product page's `:category` is the product's own category. Only
   * answers the page draws whole: never the whole catalog (`/product`), whose size is the
   * shop's, not the page's (docs/performance.md#what-a-page-carries).
   */
  readonly data?: readonly string[];
  /**
   * Whether search engines may list the page: listed pages without parameters are in the
   * sitemap (categories and products are listed from the catalog); unlisted ones without
   * parameters are disallowed in robots.txt.
   */
  readonly listed: boolean;
}

/** API answers every page draws (the footer's contact points), beside its own {@link PageRoute.data}. */
export const EVERY_PAGE_DATA = ['/shop-info'] as const;

const info = <P extends string>(path: P) => ({ path, access: 'public', module: 'src/app/pages/info-pages.tsx', listed: true }) as const;

/** Every page of the shop (docs/product.md#screens). */
export const PAGES = {
  home: {
    path: '/',
    access: 'public',
    // The banners, the tiles' pictures and the two rows: what home draws (docs/product.md#home).
    data: ['/banner', '/product/tiles', '/product/featured', '/product/recommend'],
    listed: true,
  },
  category: {
    path: '/category/:category',
    access: 'public',
    module: 'src/app/pages/category-page.tsx',
    data: ['/product/category/:category'],
    listed: true,
  },
  product: {
    path: '/view/:viewID/:category',
    access: 'public',
    module: 'src/app/pages/product-page.tsx',
    data: ['/product/:viewID', '/product/category/:category', '/product/recommend'],
    listed: true,
  },
  /**
   * `/search?q=&sort=&min=&max=`: the products a search finds (docs/product.md#search); the server
   * puts the results into the page (not listed: one page per query).
   */
  search: { path: '/search', access: 'public', module: 'src/app/pages/search-page.tsx', listed: false },
  featured: { path: '/featured', access: 'public', module: 'src/app/pages/featured-page.tsx', data: ['/product/featured'], listed: true },
  signin: { path: '/signin', access: 'public', module: 'src/app/pages/auth-pages.tsx', listed: false },
  signup: { path: '/signup', access: 'public', module: 'src/app/pages/auth-pages.tsx', listed: false },
  otp: { path: '/otp', access: 'public', module: 'src/app/pages/auth-pages.tsx', listed: false },
  forgot: { path: '/forgot', access: 'public', module: 'src/app/pages/auth-pages.tsx', listed: false },
  /** The reset-password screen, linked from the reset mail: a web page under the API's prefix. */
  reset: { path: '/api/reset/:token', access: 'public', module: 'src/app/pages/auth-pages.tsx', listed: false },
  cart: { path: '/cartpage', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  wishlist: { path: '/wishlist', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  address: { path: '/address', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  confirmAddress: { path: '/confirm/address', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  placeOrder: { path: '/placeorder', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  /** After an order is placed: its number, the visit and what happens next (docs/product.md#order-confirmation). */
  orderPlaced: { path: '/order-placed/:orderId', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  myOrders: { path: '/myOrders', access: 'signed-in', module: 'src/app/pages/shop-pages.tsx', listed: false },
  /** The shopper's measurement profiles (docs/product.md#measurement-profiles). */
  measurements: { path: '/measurements', access: 'signed-in', module: 'src/app/pages/measurements-page.tsx', listed: false },
  admin: { path: '/admin-only', access: 'admin', module: 'src/app/pages/admin-page.tsx', listed: false },
  contact: info('/contact'),
  delivery: info('/delivery'),
  customTailoring: info('/custom/tailoring'),
  bridalAttire: info('/bridal/wedding/attire'),
  alterations: info('/alterations/repairs'),
  fabricConsultation: info('/fabric/consultation'),
  /** The brief's spelling stays; `/opportunities` redirects here ({@link PAGE_REDIRECTS}). */
  opportunities: info('/oppurtunities'),
  collaborators: info('/our/collaborators'),
  showcase: info('/work/showcase'),
  getInTouch: info('/get/in/touch'),
  ourStory: info('/our/story'),
  whyChooseUs: info('/why/choose/us'),
  customerCommitment: info('/customer/commitment'),
  dataPrivacy: info('/data/privacy'),
  /** Terms of sale, returns and alterations, FAQ: with the seller's details (docs/product.md#terms-returns-and-faq). */
  terms: info('/terms'),
  returns: info('/returns'),
  faq: info('/faq'),
  /** Any other path: the not-found page, with HTTP status 404. */
  notFound: { path: '*', access: 'public', listed: false },
} as const satisfies Record<string, PageRoute>;

/** The name of one page of {@link PAGES}. */
export type PageId = keyof typeof PAGES;

/** Paths answered with a permanent redirect to a page (docs/product.md#information-pages). */
export const PAGE_REDIRECTS: Readonly<Record<string, string>> = { '/opportunities': PAGES.opportunities.path };

/** The parameters of a page's path pattern, e.g. `{ viewID, category }` for the product page. */
export type PageParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PageParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * The path of a page with its parameters filled in (each URL-encoded), e.g.
 * `pagePath('product', { viewID, category })` → `/view/{viewID}/{category}`.
 * @throws Error when a parameter the pattern names is missing (a programming error).
 */
export function pagePath<Id extends Exclude<PageId, 'notFound'>>(
  id: Id,
  ...[params]: keyof PageParams<(typeof PAGES)[Id]['path']> extends never ? [] : [PageParams<(typeof PAGES)[Id]['path']>]
): string {
  const values = (params ?? {}) as Record<string, string>;
  return PAGES[id].path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pagePath(${id}) lacks :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The absolute URL of a page on the shop's public origin, for links in mails, e.g.
 * `pageUrl('https://thaiyal.in', 'myOrders')` → `https://thaiyal.in/myOrders`.
 * @param publicUrl the shop's `PUBLIC_URL`, without a trailing slash.
 */
export function pageUrl<Id extends Exclude<PageId, 'notFound'>>(
  publicUrl: string,
  id: Id,
  ...params: keyof PageParams<(typeof PAGES)[Id]['path']> extends never ? [] : [PageParams<(typeof PAGES)[Id]['path']>]
): string {
  return `${publicUrl}${pagePath(id, ...params)}`;
}

/** A page a path matched, with its parameters (URL-decoded). */
export interface PageMatch {
  id: PageId;
  params: Record<string, string>;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The page that draws `pathname` (no query string), matched as React Router matches it: a
 * static segment whatever its letter case, a trailing slash ignored, `:param` one whole
 * non-empty segment; any other path is `notFound`. A segment that cannot be URL-decoded
 * matches no parameter.
 */
export function matchPage(pathname: string): PageMatch {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  for (const [id, page] of Object.entries(PAGES) as Array<[PageId, PageRoute]>) {
    if (page.path === '*') continue;
    const pattern = page.path.split('/').filter((segment) => segment !== '');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      const value = decodeSegment(segment);
      if (value === undefined) return false;
      params[part.slice(1)] = value;
      return true;
    });
    if (matches) return { id, params };
  }
  return { id: 'notFound', params: {} };
}

/** Languages the shop speaks (docs/product.md#languages): English and Tamil. */
export const LANGUAGES = ['en', 'ta'] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** Whether a value names one of the shop's {@link LANGUAGES}. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The cookie holding the shopper's language (`en` or `ta`): the web app writes it when she
 * picks one, the server reads it to render her pages in it (docs/product.md#languages). It
 * holds no secret, so script may read it.
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The cookie the server sets beside the session cookies, holding `1` and nothing secret
 * (server/src/modules/auth/session-cookies.ts `SESSION_HINT_COOKIE`): the page is drawn for a
 * signed-in shopper when it is there. The session cookies themselves are HttpOnly; this one
 * script (and the service worker, which keeps pages by it) may read.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/**
 * What the server asks the web app's server rendering (web/src/entry-server.tsx, built into
 * web/dist/server/entry-server.js) to draw: docs/architecture.md#rendering.
 */
export interface PageRenderRequest {
  /** The page's path and query string, e.g. `/category/saree-blouse`. */
  url: string;
  language: Language;
  /** Whether the request carries the session hint cookie: the browser will then ask who is signed in. */
  signedIn: boolean;
  /** The API answers the page is drawn from, by API path without `/api` ({@link PageRoute.data}), each the API's own body. */
  data: Record<string, unknown>;
}

/** A page the web app rendered on the server. */
export interface PageRenderResult {
  /** The app's markup, for the inside of `<div id="root">`. */
  html: string;
  /** Elements React hoists into `<head>` (the page's `<title>`). */
  head: string;
  /** HTTP status: 200, or 404 for a page that is not found. */
  status: number;
  /** A path to answer with a redirect (302) instead: a signed-in page asked for by a visitor. */
  redirect?: string;
}

/**
 * Id of the `<script type="application/json">` that carries a page's API answers
 * (docs/architecture.md#rendering): the server writes it into the page
 * (server/src/modules/pages/template.ts `fillTemplate`), the browser reads it once
 * (web/src/lib/page-data.ts `readPageData`).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** The server rendering's entry point: renders one page; rejects when a component throws. */
export type RenderPage = (request: PageRenderRequest) => Promise<PageRenderResult>;
