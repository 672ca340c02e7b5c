import { imageSrcSet, imageUrlAt } from '@thaiyal/contract';
import type { CatalogSnapshot } from '../catalog/index.js';
import type { CatalogPage } from '../seo/index.js';

/**
 * What a page's HTML asks the browser to fetch ahead of its scripts (docs/decisions/013-first-load.md):
 * the page's largest picture, and the JavaScript chunks of a page loaded on demand.
 */

/**
 * The `sizes` the web app draws each page's first picture at, so a preload picks the very file
 * the `<img>` will ask for. Kept in step with web/src: banner-carousel.tsx (home),
 * product-card.tsx (a category's first card) and product-gallery.tsx (a product's first picture).
 */
const LCP_IMAGE_SIZES = {
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
 * @param page the catalog page the path matched (seo `catalogPage`), or undefined for any other.
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

/** The manifest key of the Tamil strings' chunk, preloaded for a page rendered in Tamil. */
export const TAMIL_STRINGS_MODULE = 'src/i18n/ta.json';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as it is read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** Vite's build manifest: chunks by key (a source path such as `src/app/pages/product-page.tsx`, or `_name.js`). */
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files to fetch, besides the entry, for `module` (a key of the manifest, e.g. a
 * lazily loaded page's module, the page table's `module`, or {@link TAMIL_STRINGS_MODULE}): its
 * chunk and the chunks that one imports, as absolute paths, minus whatever the entry already
 * holds. Empty for no module, or one the manifest does not know.
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
