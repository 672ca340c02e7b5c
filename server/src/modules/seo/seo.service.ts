import {
  categoryTitle,
  EVERY_PAGE_DATA,
  formatRupeesExact,
  imageSrcSet,
  imageUrlAt,
  matchPage,
  PAGES,
  pagePath,
  PRODUCT_CATEGORIES,
  SHARE_IMAGE_WIDTH,
  shareImageUrl,
  type Language,
  type PageMatch,
  type PageRoute,
  type Product,
  type ProductCategory,
} from '@thaiyal/contract';
import type { CatalogSnapshot } from '../catalog/catalog.service.js';

/**
 * What a page's HTML carries besides the app's markup (docs/architecture.md#rendering): its
 * share-preview head, the preloads of its largest picture and its code, the API answers it is
 * drawn from; and the crawler files (sitemap, robots.txt). Pages, their data and their code
 * come from the contract's page table (contract/src/pages.ts `PAGES`).
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
  /** og:locale: the page's language as Open Graph names it, `en_IN` or `ta_IN`. */
  locale: OgLocale;
}

/** Open Graph's name of each of the shop's languages (docs/product.md#share-previews). */
export const OG_LOCALES = { en: 'en_IN', ta: 'ta_IN' } as const satisfies Record<Language, string>;
/** `en_IN` or `ta_IN`. */
export type OgLocale = (typeof OG_LOCALES)[Language];

/**
 * What a product's preview adds after its price and description, in the page's language
 * (docs/product.md#share-previews).
 */
const PRODUCT_PREVIEW_TAIL: Record<Language, string> = {
  en: 'Stitched to your measurements in Pollachi; cash on delivery.',
  ta: 'பொள்ளாச்சியில் உங்கள் அளவுக்கே தைத்துத் தருகிறோம்; ஆடை கிடைத்ததும் பணம்.',
};

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

const pageRoutes = Object.values(PAGES) as PageRoute[];

/**
 * The pages without parameters that a search engine may list, besides home and the catalog's
 * categories and products (listed from the catalog): the featured row, delivery, contact and
 * the information pages. From the contract's page table (`listed`).
 */
export const PUBLIC_PAGES: readonly string[] = pageRoutes
  .filter((page) => page.listed && page.path !== PAGES.home.path && !/[:*]/.test(page.path))
  .map((page) => page.path);

/**
 * Paths no search engine should crawl: the API and every page the table does not list (sign-in,
 * cart, checkout, orders, the dashboard), from the contract's page table.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  ...pageRoutes.filter((page) => !page.listed && !/[:*]/.test(page.path)).map((page) => page.path),
];

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

/** A page of the catalog: home, a known category's listing, a known product's page or the featured row. */
export type CatalogPage =
  { kind: 'home' } | { kind: 'featured' } | { kind: 'category'; slug: ProductCategory } | { kind: 'product'; product: Product };

/**
 * The catalog page a path matched (contract `matchPage`), or undefined for any other page, an
 * unknown category or product. A product's page is known by its id whatever category the
 * link carried.
 */
export function catalogPage(snapshot: CatalogSnapshot, match: PageMatch): CatalogPage | undefined {
  if (match.id === 'home') return { kind: 'home' };
  if (match.id === 'featured') return { kind: 'featured' };
  if (match.id === 'product') {
    const product = snapshot.byId.get(match.params.viewID ?? '');
    return product ? { kind: 'product', product } : undefined;
  }
  if (match.id === 'category' && isCategory(match.params.category ?? ''))
    return { kind: 'category', slug: match.params.category as ProductCategory };
  return undefined;
}

/** The path the web app links a catalog page by (its canonical spelling). */
export function catalogPagePath(page: CatalogPage): string {
  if (page.kind === 'home') return PAGES.home.path;
  if (page.kind === 'featured') return PAGES.featured.path;
  if (page.kind === 'category') return pagePath('category', { category: page.slug });
  return pagePath('product', { viewID: page.product._id, category: page.product.category });
}

function defaultHead(snapshot: CatalogSnapshot, publicUrl: string, path: string, language: Language): PageHead {
  const banner = snapshot.banners[0];
  return {
    title: SITE_NAME,
    description: SITE_DESCRIPTION,
    url: absolute(publicUrl, path),
    image: banner ? { url: absolute(publicUrl, shareImageUrl(banner.image)), ...BANNER_PREVIEW, alt: SITE_NAME } : undefined,
    type: 'website',
    locale: OG_LOCALES[language],
  };
}

/** A product's name and description in `language`: the shop's Tamil when it wrote some, else the English (docs/product.md#languages). */
function productText(product: Product, language: Language): { name: string; description: string } {
  const tamil = language === 'ta';
  return {
    name: tamil && product.nameTa.trim() ? product.nameTa : product.name,
    description: tamil && product.descriptionTa.trim() ? product.descriptionTa : product.description,
  };
}

function productImage(product: Product, publicUrl: string, language: Language = 'en'): PageHead['image'] {
  const first = product.images[0];
  return first
    ? { url: absolute(publicUrl, shareImageUrl(first)), ...PRODUCT_PREVIEW, alt: productText(product, language).name }
    : undefined;
}

/**
 * The head of the page at `path` (no query string): a known product's `/view/{id}/{category}`
 * gets its name and price, description and first picture; a known `/category/{slug}` its title,
 * design count, lowest price and newest product's picture; anything else, including an unknown
 * product or category, the shop's default words and first banner. The canonical URL of a
 * product names its real category, whatever category the shared link carried. A product's
 * preview follows the page's `language` (docs/product.md#share-previews): on a Tamil page its
 * Tamil name and description when the shop wrote them, with Tamil closing words; `og:locale`
 * is `ta_IN` or `en_IN` on every page.
 */
export function pageHead(snapshot: CatalogSnapshot, publicUrl: string, path: string, language: Language = 'en'): PageHead {
  const page = catalogPage(snapshot, matchPage(path));
  if (page?.kind === 'product') {
    const { product } = page;
    const text = productText(product, language);
    return {
      title: `${text.name} · ${SITE_NAME}`,
      description: shortDescription(`${formatRupeesExact(product.price)}. ${text.description} ${PRODUCT_PREVIEW_TAIL[language]}`),
      url: absolute(publicUrl, catalogPagePath(page)),
      image: productImage(product, publicUrl, language),
      type: 'product',
      locale: OG_LOCALES[language],
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
      image: newest ? productImage(newest, publicUrl) : defaultHead(snapshot, publicUrl, path, language).image,
      type: 'website',
      locale: OG_LOCALES[language],
    };
  }
  return defaultHead(snapshot, publicUrl, path, language);
}

/**
 * The description, canonical link, Open Graph and Twitter tags of a head, every value escaped,
 * and its `<title>` unless the page draws its own (`title: false`: the web app's `<title>`,
 * in the page's language).
 */
export function headTags(head: PageHead, options: { title?: boolean } = {}): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    ...(options.title === false ? [] : [`<title>${escapeHtml(head.title)}</title>`]),
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', head.locale),
    ...Object.values(OG_LOCALES)
      .filter((locale) => locale !== head.locale)
      .map((locale) => meta('property', 'og:locale:alternate', locale)),
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

function imagePreloads(urls: ReadonlyArray<string | undefined>, kind: keyof typeof LCP_IMAGE_SIZES): ImagePreload[] {
  return urls
    .filter((url): url is string => url !== undefined)
    .map((url) => ({ href: imageUrlAt(url, LCP_SRC_WIDTH[kind]), srcset: imageSrcSet(url), sizes: LCP_IMAGE_SIZES[kind] }));
}

/**
 * The page's largest picture, preloaded by its HTML ahead of the stylesheet and scripts, the
 * first at high priority (docs/decisions/013-first-load.md): home its first banner, a product
 * its first picture, a category (and the featured row) the pictures of its first
 * {@link CATEGORY_PRELOADS} cards. Other pages: none.
 */
export function pageImagePreloads(snapshot: CatalogSnapshot, page: CatalogPage | undefined): ImagePreload[] {
  if (page?.kind === 'home') return imagePreloads([snapshot.banners[0]?.image], 'banner');
  if (page?.kind === 'product') return imagePreloads([page.product.images[0]], 'gallery');
  const cards = page?.kind === 'category' ? (snapshot.byCategory.get(page.slug) ?? []) : page?.kind === 'featured' ? snapshot.featured : [];
  return imagePreloads(
    cards.slice(0, CATEGORY_PRELOADS).map((product) => product.images[0]),
    'card',
  );
}

/**
 * The catalog's answer to `GET /api{apiPath}` as the catalog routes send it, or undefined when
 * it has none (an unknown category or product). A visitor's `/product/recommend`.
 */
function catalogAnswer(snapshot: CatalogSnapshot, apiPath: string): string | undefined {
  const key =
    apiPath === '/banner'
      ? 'banners'
      : apiPath === '/product'
        ? 'all'
        : apiPath === '/product/featured'
          ? 'featured'
          : apiPath === '/product/recommend'
            ? 'recommend'
            : apiPath.startsWith('/product/category/')
              ? `category:${apiPath.slice('/product/category/'.length)}`
              : apiPath.startsWith('/product/')
                ? `product:${apiPath.slice('/product/'.length)}`
                : undefined;
  return key === undefined ? undefined : snapshot.bodies.get(key)?.body;
}

/** What the server knows of a product page's product: its answer, or `{product: null}` when the catalog has none. */
const NO_PRODUCT = '{"product":null}';
/** A product the shop has hidden: its page says it is not available (docs/product.md#hidden-products). */
const HIDDEN_PRODUCT = '{"product":null,"unavailable":true}';

/**
 * The API answers the page `match` is drawn from (its `data` in the contract's page table, and
 * every page's `everyPage` answers), by API path without `/api`, each the JSON body the API
 * sends: the server renders the page from them and puts them into it, so the browser asks for
 * none of them again (docs/architecture.md#rendering). A product page's `:category` is the
 * product's own; an unknown product is `{product: null}` (its page says 'Product not found' at
 * once); an unknown category carries nothing.
 * @param everyPage answers of {@link EVERY_PAGE_DATA}, by API path.
 */
export function pageAnswers(
  snapshot: CatalogSnapshot,
  match: PageMatch,
  everyPage: Readonly<Record<string, string>>,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const apiPath of EVERY_PAGE_DATA) {
    const body = everyPage[apiPath];
    if (body !== undefined) answers[apiPath] = body;
  }
  const page = PAGES[match.id] as PageRoute;
  if (!page.data) return answers;
  const params = { ...match.params };
  if (match.id === 'product') {
    const product = snapshot.byId.get(params.viewID ?? '');
    if (!product) {
      const hidden = snapshot.adminById.has(params.viewID ?? '');
      return { ...answers, [`/product/${params.viewID ?? ''}`]: hidden ? HIDDEN_PRODUCT : NO_PRODUCT };
    }
    params.category = product.category;
  }
  if (match.id === 'category' && !isCategory(params.category ?? '')) return answers;
  for (const pattern of page.data) {
    const apiPath = pattern.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
    const body = catalogAnswer(snapshot, apiPath);
    if (body !== undefined) answers[apiPath] = body;
  }
  return answers;
}

/**
 * The web module that draws the page at `path` when it is loaded on demand (the contract's
 * page table, `module`), so the page's code is fetched with the entry, not after it; undefined
 * for the pages in the first load (home, not found).
 */
export function pageModule(path: string): string | undefined {
  return (PAGES[matchPage(path).id] as PageRoute).module;
}

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as it is read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files to fetch, besides the entry, for `module` (a key of the manifest, e.g. a
 * lazily loaded page's module or the Tamil strings): its chunk and the chunks that one imports,
 * as absolute paths, minus whatever the entry already holds. Empty for no module, or one the
 * manifest does not know.
 */
export function modulePreloads(manifest: BuildManifest, module: string | undefined): string[] {
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

/** {@link modulePreloads} of the page at `path` ({@link pageModule}). */
export function pageModulePreloads(manifest: BuildManifest, path: string): string[] {
  return modulePreloads(manifest, pageModule(path));
}

/**
 * `sitemap.xml` (sitemaps.org 0.9): home, the public pages ({@link PUBLIC_PAGES}), every
 * category and every product, as absolute URLs; a product's `lastmod` is the day it was added.
 */
export function sitemapXml(snapshot: CatalogSnapshot, publicUrl: string): string {
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(absolute(publicUrl, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const lines = [
    entry(PAGES.home.path),
    ...PUBLIC_PAGES.map((path) => entry(path)),
    ...PRODUCT_CATEGORIES.map((slug) => entry(pagePath('category', { category: slug }))),
    ...snapshot.products.map((product) => entry(catalogPagePath({ kind: 'product', product }), product.createdAt)),
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
