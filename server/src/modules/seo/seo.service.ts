import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  categoryTitle,
  formatRupeesExact,
  imageSrcSet,
  imageUrlAt,
  PRODUCT_CATEGORIES,
  SHARE_IMAGE_WIDTH,
  shareImageUrl,
  type Product,
  type ProductCategory,
} from '@thaiyal/contract';
import type { Catalog, CatalogSnapshot } from '../catalog/catalog.service.js';

/**
 * Share previews, sitemap and robots rules (docs/product.md#share-previews): what a link shared on WhatsApp or
 * found by a search engine shows before the web app runs.
 */

/** What one page's `<head>` says about it: the document title, description, preview picture. */
export interface PageHead {
  /** Full document title, e.g. 'Kanchi Silk Blouse · Thaiyal'. */
  title: string;
  description: string;
  /** Absolute URL of the page (og:url). */
  url: string;
  /** Absolute URL of the preview picture, or undefined when the shop has none to show. */
  image: { url: string; width: number; height: number; alt: string } | undefined;
  /** og:type: 'product' for a product page, 'website' otherwise. */
  type: 'website' | 'product';
}

/** Site name, and the words every page without its own say (they match index.html's description). */
export const SITE_NAME = 'Thaiyal';
export const SITE_DESCRIPTION =
  "Thaiyal: custom tailoring and ready designs for women's and girls' garments, with a home visit for measuring in Pollachi. Cash on delivery.";

/**
 * The picture a preview names is the stored share JPEG (contract `shareImageUrl`,
 * `SHARE_IMAGE_WIDTH` wide): preview fetchers such as WhatsApp's do not reliably take WebP.
 * Product pictures are 3:4 portrait; banners 16:7 (contract images.ts).
 */
const PRODUCT_PREVIEW = { width: SHARE_IMAGE_WIDTH, height: Math.round((SHARE_IMAGE_WIDTH * 4) / 3) };
const BANNER_PREVIEW = { width: SHARE_IMAGE_WIDTH, height: Math.round((SHARE_IMAGE_WIDTH * 7) / 16) };
/** Longest description a preview carries; longer ones are cut at a word with '…'. */
export const MAX_DESCRIPTION_CHARS = 200;

/**
 * Every public page of docs/product.md#screens routes table that a search engine may list, beside the
 * catalog's own (home, categories, products): the featured row, delivery, contact and the
 * information pages. Kept in step with web/src/lib/paths.ts.
 */
export const PUBLIC_PAGES = [
  '/featured',
  '/delivery',
  '/contact',
  '/custom/tailoring',
  '/bridal/wedding/attire',
  '/alterations/repairs',
  '/fabric/consultation',
  '/oppurtunities',
  '/our/collaborators',
  '/work/showcase',
  '/get/in/touch',
  '/our/story',
  '/why/choose/us',
  '/customer/commitment',
  '/data/privacy',
] as const;

/** Paths no search engine should crawl: the API and every signed-in or checkout screen (docs/product.md#screens). */
export const DISALLOWED_PATHS = [
  '/api/',
  '/admin-only',
  '/cartpage',
  '/wishlist',
  '/address',
  '/confirm/address',
  '/placeorder',
  '/myOrders',
  '/otp',
  '/signin',
  '/signup',
  '/forgot',
] as const;

/** Escape text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Escape text for XML content (the sitemap). */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/** Collapse whitespace and cut to {@link MAX_DESCRIPTION_CHARS} at a word boundary. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION_CHARS) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** An absolute URL on the shop's public origin for a path or an already absolute URL. */
function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function isCategory(slug: string): slug is ProductCategory {
  return (PRODUCT_CATEGORIES as readonly string[]).includes(slug);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A page of the catalog: home, a known category's listing or a known product's page. */
type CatalogPage = { kind: 'home' } | { kind: 'category'; slug: ProductCategory } | { kind: 'product'; product: Product };

/**
 * The catalog page at `path` (no query string; segments URL-decoded), or undefined for any
 * other path, an unknown category or product. A product's page is known by its id whatever
 * category the link carried.
 */
function catalogPage(snapshot: CatalogSnapshot, path: string): CatalogPage | undefined {
  const segments = path.split('/').filter(Boolean).map(safeDecode);
  if (segments.length === 0) return { kind: 'home' };
  if (segments[0] === 'view' && segments.length === 3) {
    const product = snapshot.byId.get(segments[1]!);
    return product ? { kind: 'product', product } : undefined;
  }
  if (segments[0] === 'category' && segments.length === 2 && isCategory(segments[1]!)) return { kind: 'category', slug: segments[1] };
  return undefined;
}

/** The path the web app links a catalog page by (its canonical spelling). */
function catalogPagePath(page: CatalogPage): string {
  if (page.kind === 'home') return '/';
  if (page.kind === 'category') return `/category/${page.slug}`;
  return `/view/${encodeURIComponent(page.product._id)}/${encodeURIComponent(page.product.category)}`;
}

function defaultHead(snapshot: CatalogSnapshot, publicUrl: string, path: string): PageHead {
  const banner = snapshot.banners[0];
  return {
    title: SITE_NAME,
    description: SITE_DESCRIPTION,
    url: absolute(publicUrl, path),
    image: banner ? { url: absolute(publicUrl, shareImageUrl(banner.image)), ...BANNER_PREVIEW, alt: SITE_NAME } : undefined,
    type: 'website',
  };
}

function productImage(product: Product, publicUrl: string): PageHead['image'] {
  const first = product.images[0];
  return first ? { url: absolute(publicUrl, shareImageUrl(first)), ...PRODUCT_PREVIEW, alt: product.name } : undefined;
}

/**
 * The head of the page at `path` (no query string): a known product's `/view/{id}/{category}`
 * gets its name and price, description and first picture; a known `/category/{slug}` its title,
 * design count, lowest price and newest product's picture; anything else, including an unknown
 * product or category, the shop's default words and first banner. The canonical URL of a
 * product names its real category, whatever category the shared link carried.
 */
export function pageHead(snapshot: CatalogSnapshot, publicUrl: string, path: string): PageHead {
  const page = catalogPage(snapshot, path);
  if (page?.kind === 'product') {
    const { product } = page;
    return {
      title: `${product.name} · ${SITE_NAME}`,
      description: shortDescription(
        `${formatRupeesExact(product.price)}. ${product.description} Stitched to your measurements in Pollachi; cash on delivery.`,
      ),
      url: absolute(publicUrl, catalogPagePath(page)),
      image: productImage(product, publicUrl),
      type: 'product',
    };
  }
  if (page?.kind === 'category') {
    const { slug } = page;
    const title = categoryTitle(slug);
    const list = snapshot.byCategory.get(slug) ?? [];
    const newest = list[0];
    const from = list.length > 0 ? Math.min(...list.map((product) => product.price)) : undefined;
    const designs =
      list.length === 0
        ? 'New designs are on their way.'
        : `${list.length} design${list.length === 1 ? '' : 's'} from ${formatRupeesExact(from!)}.`;
    return {
      title: `${title} · ${SITE_NAME}`,
      description: shortDescription(
        `${title} stitched to your measurements by Thaiyal in Pollachi. ${designs} Home visit for measuring; cash on delivery.`,
      ),
      url: absolute(publicUrl, catalogPagePath(page)),
      image: newest ? productImage(newest, publicUrl) : defaultHead(snapshot, publicUrl, path).image,
      type: 'website',
    };
  }
  return defaultHead(snapshot, publicUrl, path);
}

/** The `<title>`, description, Open Graph and Twitter tags of a head, every value escaped. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:width', String(head.image.width)),
      meta('property', 'og:image:height', String(head.image.height)),
      meta('property', 'og:image:alt', head.image.alt),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url));
  return tags.join('\n    ');
}

/**
 * index.html with `head`'s tags in place of its own `<title>` and description (which are
 * removed wherever they are) just before `</head>`.
 */
export function injectHead(indexHtml: string, head: PageHead): string {
  const stripped = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) return stripped;
  return `${stripped.slice(0, at)}  ${headTags(head)}\n  ${stripped.slice(at)}`;
}

/**
 * The `sizes` the web app draws each page's first picture at, so a preload picks the very file
 * the `<img>` will ask for. Kept in step with web/src: banner-carousel.tsx (home),
 * product-card.tsx (a category's first card) and product-gallery.tsx (a product's first picture).
 */
export const LCP_IMAGE_SIZES = {
  banner: '(min-width: 1152px) 1120px, 100vw',
  card: '(min-width: 768px) 25vw, 50vw',
  gallery: '(min-width: 768px) 50vw, 100vw',
} as const;

/** Width the web app names in the `src` of those pictures (their srcset fallback). */
const LCP_SRC_WIDTH = { banner: 640, card: 320, gallery: 640 } as const;

/** A `<link rel="preload" as="image">` for a page's largest picture. */
export interface ImagePreload {
  href: string;
  srcset: string | undefined;
  sizes: string;
}

/**
 * Cards of a category whose pictures the page preloads: the two rows a phone shows first (two
 * columns). Any of them can be the largest paint (equal sizes; sub-pixel rounding decides).
 */
export const CATEGORY_PRELOADS = 4;

/**
 * What the web app needs first on a page, put into its index.html so the first paint waits
 * for no request the app would only make after its JavaScript ran (docs/decisions/013-first-load.md):
 * - `preloads`: the page's largest picture (home: the first banner; a product: its first
 *   picture; a category: the pictures of its first {@link CATEGORY_PRELOADS} cards), fetched
 *   by the HTML, the first at high priority.
 * - `data`: the API's own answers the page renders, keyed by API path without `/api`; the
 *   web app (web/src/features/catalog/api/page-data.ts) seeds its query cache with them. Home:
 *   `/banner`, `/product` (the tiles' pictures), `/product/featured` and `/product/recommend`
 *   (a visitor's selection); a category: `/product/category/{slug}`; a product: `/product/{id}`.
 *   Every answer the first render has is one less re-render, a long task on a slow phone,
 *   when it would have arrived.
 */
export interface PageBoot {
  preloads: ImagePreload[];
  data: Record<string, string>;
  /** JavaScript chunks of a lazily loaded page, fetched beside the entry ({@link pageModulePreloads}). */
  modules?: string[];
}

function imagePreloads(urls: ReadonlyArray<string | undefined>, kind: keyof typeof LCP_IMAGE_SIZES): ImagePreload[] {
  return urls
    .filter((url): url is string => url !== undefined)
    .map((url) => ({ href: imageUrlAt(url, LCP_SRC_WIDTH[kind]), srcset: imageSrcSet(url), sizes: LCP_IMAGE_SIZES[kind] }));
}

/** The {@link PageBoot} of the page at `path` (no query string); other pages get nothing. */
export function pageBoot(snapshot: CatalogSnapshot, path: string): PageBoot {
  const page = catalogPage(snapshot, path);
  const answer = (key: string): string | undefined => snapshot.bodies.get(key)?.body;
  if (page?.kind === 'home') {
    const data: Record<string, string> = {};
    const home: Array<[string, string]> = [
      ['/banner', 'banners'],
      ['/product', 'all'],
      ['/product/featured', 'featured'],
      ['/product/recommend', 'recommend'],
    ];
    for (const [apiPath, key] of home) {
      const body = answer(key);
      if (body) data[apiPath] = body;
    }
    return { preloads: imagePreloads([snapshot.banners[0]?.image], 'banner'), data };
  }
  if (page?.kind === 'product') {
    const { product } = page;
    const body = answer(`product:${product._id}`);
    if (body) {
      // The page also shows the product's category and a visitor's recommendations.
      const data: Record<string, string> = { [`/product/${product._id}`]: body };
      const sameCategory = answer(`category:${product.category}`);
      if (sameCategory) data[`/product/category/${product.category}`] = sameCategory;
      const recommend = answer('recommend');
      if (recommend) data['/product/recommend'] = recommend;
      return { preloads: imagePreloads([product.images[0]], 'gallery'), data };
    }
  }
  if (page?.kind === 'category') {
    const { slug } = page;
    const body = answer(`category:${slug}`);
    return {
      preloads: imagePreloads(
        (snapshot.byCategory.get(slug) ?? []).slice(0, CATEGORY_PRELOADS).map((product) => product.images[0]),
        'card',
      ),
      data: body ? { [`/product/category/${slug}`]: body } : {},
    };
  }
  return { preloads: [], data: {} };
}

/**
 * The web module holding the page at `path`, for the pages the web app loads lazily (kept in
 * step with web/src/app/router.tsx): the page's code is then fetched with the entry, not after
 * it (docs/decisions/013-first-load.md). Home, category listings and product pages (where shared links land) are in
 * the entry itself: undefined.
 */
export function pageModule(path: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0];
  if (first === undefined || (first === 'category' && segments.length === 2) || (first === 'view' && segments.length === 3)) {
    return undefined;
  }
  if (path === '/featured') return 'src/app/pages/featured-page.tsx';
  if (['/signin', '/signup', '/otp', '/forgot'].includes(path) || (first === 'api' && segments[1] === 'reset' && segments.length === 3)) {
    return 'src/app/pages/auth-pages.tsx';
  }
  if (['/cartpage', '/wishlist', '/address', '/confirm/address', '/placeorder', '/myOrders'].includes(path)) {
    return 'src/app/pages/shop-pages.tsx';
  }
  if (path === '/admin-only') return 'src/app/pages/admin-page.tsx';
  // The contact page, the information pages and the not-found page.
  return 'src/app/pages/info-pages.tsx';
}

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as it is read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files to fetch, besides the entry, for the page at `path`: its lazily loaded
 * page chunk and the chunks that one imports, as absolute paths, minus whatever the entry
 * already holds. Empty for pages in the entry, or a module the manifest does not know.
 */
export function pageModulePreloads(manifest: BuildManifest, path: string): string[] {
  const module = pageModule(path);
  if (!module || !manifest[module]) return [];
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, inEntry);
  const needed = new Set<string>();
  collect(module, needed);
  return [...needed].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/** Id of the `<script type="application/json">` holding {@link PageBoot.data} (read by web/src/features/catalog/api/page-data.ts). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` become `\u003c`, `\u003e`,
 * `\u0026` (JSON has them only inside strings, where the escapes mean the same), so no text
 * from the catalog can close the element or start markup.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * index.html with a page's boot: the pictures' preloads at the top of `<head>` (before the
 * scripts and styles, so the browser asks for them first) and the data just before `</body>`.
 */
export function injectBoot(indexHtml: string, boot: PageBoot): string {
  let html = indexHtml;
  const links = boot.preloads.map(
    ({ href, srcset, sizes }, index) =>
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${
        srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : ''
      }${index === 0 ? ' fetchpriority="high"' : ''} />`,
  );
  if (links.length > 0) {
    // After the charset and viewport metas (they must come first), before anything fetched.
    const at = html.search(/<(?:script|link|style|title)\b/i);
    const headEnd = html.search(/<\/head>/i);
    const where = at >= 0 && (headEnd < 0 || at < headEnd) ? at : headEnd;
    if (where >= 0) html = `${html.slice(0, where)}${links.map((link) => `${link}\n    `).join('')}${html.slice(where)}`;
  }
  const modules = (boot.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  if (modules.length > 0) {
    const headEnd = html.search(/<\/head>/i);
    if (headEnd >= 0) html = `${html.slice(0, headEnd)}  ${modules.join('\n    ')}\n  ${html.slice(headEnd)}`;
  }
  const entries = Object.entries(boot.data);
  if (entries.length > 0) {
    const json = `{${entries.map(([key, body]) => `${JSON.stringify(key)}:${body}`).join(',')}}`;
    const script = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafeJson(json)}</script>`;
    const bodyEnd = html.search(/<\/body>/i);
    if (bodyEnd >= 0) html = `${html.slice(0, bodyEnd)}  ${script}\n  ${html.slice(bodyEnd)}`;
  }
  return html;
}

/**
 * Renders the web app's index.html for a client route, with that page's head (docs/product.md#share-previews)
 * and boot (docs/decisions/013-first-load.md).
 */
export interface PageRenderer {
  /** index.html for `path` (no query string); rejects only when index.html cannot be read. */
  render(path: string): Promise<RenderedPage>;
}

/** A rendered page. */
export interface RenderedPage {
  html: string;
  /**
   * The same object is answered for this path until the catalog changes (home, a category, a
   * product: the pages shared links and first visits land on), so it may be compressed once
   * and kept with it (platform/compression.ts `precompressed`). False for other paths, which
   * are rendered afresh.
   */
  shared: boolean;
}

/** What {@link createPageRenderer} renders from. */
export interface PageRendererOptions {
  indexHtmlPath: string;
  catalog: Catalog;
  publicUrl: string;
  /**
   * API answers every page uses, put into every page's data beside its own (API path without
   * `/api` → JSON body), e.g. `/shop-info` for the footer: one request less on every first
   * load. Fixed while the server runs.
   */
  everyPage?: Record<string, string>;
}

/**
 * A {@link PageRenderer} over the built `index.html` at `indexHtmlPath`, read once on first use
 * (the build does not change while the server runs) and the in-memory catalog.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  let indexHtml: Promise<string> | undefined;
  // Vite's manifest beside index.html; without one (a build without it), no module preloads.
  const manifestPath = join(dirname(options.indexHtmlPath), '.vite', 'manifest.json');
  let manifest: Promise<BuildManifest> | undefined;
  // The catalog's pages of each snapshot, by path; forgotten with the snapshot.
  const sharedPages = new WeakMap<CatalogSnapshot, Map<string, RenderedPage>>();
  return {
    async render(path) {
      indexHtml ??= readFile(options.indexHtmlPath, 'utf8');
      indexHtml.catch(() => {
        indexHtml = undefined;
      });
      const [html, snapshot] = await Promise.all([indexHtml, options.catalog.get()]);
      const cached = sharedPages.get(snapshot)?.get(path);
      if (cached) return cached;
      manifest ??= readFile(manifestPath, 'utf8')
        .then((text) => JSON.parse(text) as BuildManifest)
        .catch(() => ({}));
      const boot = pageBoot(snapshot, path);
      const page = injectBoot(injectHead(html, pageHead(snapshot, options.publicUrl, path)), {
        preloads: boot.preloads,
        data: { ...options.everyPage, ...boot.data },
        modules: pageModulePreloads(await manifest, path),
      });
      // Only the catalog's own pages are kept, by their exact path (their number is the
      // catalog's), never any path asked for.
      const known = catalogPage(snapshot, path);
      if (!known || catalogPagePath(known) !== path) return { html: page, shared: false };
      const rendered: RenderedPage = { html: page, shared: true };
      let pages = sharedPages.get(snapshot);
      if (!pages) sharedPages.set(snapshot, (pages = new Map()));
      pages.set(path, rendered);
      return rendered;
    },
  };
}

/**
 * `sitemap.xml` (sitemaps.org 0.9): home, the public pages, every category and every product,
 * as absolute URLs; a product's `lastmod` is the day it was added.
 */
export function sitemapXml(snapshot: CatalogSnapshot, publicUrl: string): string {
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(absolute(publicUrl, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const lines = [
    entry('/'),
    ...PUBLIC_PAGES.map((path) => entry(path)),
    ...PRODUCT_CATEGORIES.map((slug) => entry(`/category/${slug}`)),
    ...snapshot.products.map((product) =>
      entry(`/view/${encodeURIComponent(product._id)}/${encodeURIComponent(product.category)}`, product.createdAt),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** `robots.txt`: every crawler may read the shop, but not the API or the private screens. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
