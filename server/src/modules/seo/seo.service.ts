import {
  categoryTitle,
  formatRupeesExact,
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
import type { CatalogSnapshot } from '../catalog/index.js';

/**
 * What search engines and share previews read (docs/product.md#share-previews): each page's
 * share-preview head (title, description, canonical link, Open Graph and Twitter tags) and the
 * crawler files (sitemap, robots.txt), from the contract's page table (contract/src/pages.ts
 * `PAGES`) and the in-memory catalog. The page around the head is the pages module's
 * (modules/pages: rendering, preloads, the answers a page carries).
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
const SITE_NAME = 'Thaiyal';
const SITE_DESCRIPTION =
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
const DISALLOWED_PATHS: readonly string[] = [
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
