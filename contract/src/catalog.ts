// No zod here: the home page imports these constants, and a schema built at module top level
// would pull zod into its first load whenever a lazily loaded page shares this module
// (docs/decisions/013-first-load.md). The category schemas live in product.ts.
import { LIMITS } from './limits.js';

/**
 * Product categories, in docs/product.md#limits order. The slug is the URL segment
 * (`/category/{slug}`) and the stored value; `label` is what the category select shows
 * (docs/product.md#limits: party-wear-chudithar is labelled gather-chudithar).
 */
export const PRODUCT_CATEGORIES = [
  'saree-blouse',
  'aariwork-blouse',
  'embroidery-blouse',
  'designer-blouse',
  'neck-design-blouse',
  'sleeve-blouse',
  'umbrella-chudithar',
  'party-wear-chudithar',
  'cotton-chudithar',
  'aliya-cut-chudithar',
  'casual-chudithar',
  'neck-design-chudithar',
  'sleeve-design-chudithar',
  'maxi-frock',
  'gather-frock',
  'ball-frock',
  'fleet-frock',
  'neck-design-frock',
  'sleeve-design-frock',
  'gown-pattupavadai',
  'trending-pattupavadai',
  'kids-dress-pattupavadai',
  'palazzo-pant',
  'gather-pant',
  'patiala-pant',
  'casual-pant',
  'semi-patiala-pant',
  'nightwear',
] as const;

/** One of docs/product.md#limits 28 product category slugs (its schema, ProductCategorySchema, is in product.ts). */
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The select's label of each category (docs/product.md#limits); the slug itself unless docs/product.md names another. */
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = Object.fromEntries(
  PRODUCT_CATEGORIES.map((slug) => [slug, slug === 'party-wear-chudithar' ? 'gather-chudithar' : slug]),
) as Record<ProductCategory, string>;

/** Banner categories, spelled as docs/product.md#limits spells them ('blowse' included). */
export const BANNER_CATEGORIES = ['blowse', 'embroidery', 'aari', 'custom'] as const;
/** One of docs/product.md#limits banner categories (a banner may also lead elsewhere: {@link BannerLink}). */
export type BannerCategory = (typeof BANNER_CATEGORIES)[number];

/**
 * Where a banner of each banner category leads when clicked (docs/product.md#home: a banner opens
 * /category/{category}); banner categories are not product categories, so each maps to one.
 */
const BANNER_TARGET_CATEGORY: Record<BannerCategory, ProductCategory> = {
  blowse: 'saree-blouse',
  embroidery: 'embroidery-blouse',
  aari: 'aariwork-blouse',
  custom: 'designer-blouse',
};

/** A banner that leads to the featured page (docs/product.md#home). */
export const BANNER_FEATURED = 'featured';

/**
 * Every value a banner's `category` may take (docs/product.md#home, docs/product.md#entities): the
 * four banner categories, then every product category's slug, then `featured`. None of the
 * three lists shares a value with another, so a value names its destination alone.
 */
export const BANNER_LINKS = [...BANNER_CATEGORIES, ...PRODUCT_CATEGORIES, BANNER_FEATURED] as const;
/** Where a banner leads, as stored in its `category` (its schema, BannerLinkSchema, is in product.ts). */
export type BannerLink = (typeof BANNER_LINKS)[number];

/**
 * The product category a banner opens, or `featured` for the featured page (docs/product.md#home):
 * a banner category through {@link BANNER_TARGET_CATEGORY}, a product category as itself.
 */
export function bannerTarget(link: BannerLink): ProductCategory | typeof BANNER_FEATURED {
  if (link === BANNER_FEATURED) return BANNER_FEATURED;
  return (BANNER_CATEGORIES as readonly string[]).includes(link)
    ? BANNER_TARGET_CATEGORY[link as BannerCategory]
    : (link as ProductCategory);
}

/** A home tile section (docs/product.md#home, docs/product.md#limits tile counts 6/8/6/4/6). */
export interface HomeSection {
  /** i18n key suffix and heading: blouse, chudithar, frock, pattupavadai, pant. */
  key: 'blouse' | 'chudithar' | 'frock' | 'pattupavadai' | 'pant';
  categories: readonly ProductCategory[];
}

/**
 * The home page's five tile sections with 6, 8, 6, 4 and 6 tiles (docs/product.md#screens, docs/product.md#limits). docs/product.md's
 * counts exceed the chudithar, pattupavadai and pant categories by one each, so the extra
 * tile shows the nearest garment a shopper looks for there: patiala pants (worn with a
 * chudithar), ball frocks (girls' festive wear beside pattupavadai) and nightwear.
 */
export const HOME_SECTIONS: readonly HomeSection[] = [
  { key: 'blouse', categories: PRODUCT_CATEGORIES.slice(0, 6) },
  { key: 'chudithar', categories: [...PRODUCT_CATEGORIES.slice(6, 13), 'patiala-pant'] },
  { key: 'frock', categories: PRODUCT_CATEGORIES.slice(13, 19) },
  { key: 'pattupavadai', categories: [...PRODUCT_CATEGORIES.slice(19, 22), 'ball-frock'] },
  { key: 'pant', categories: [...PRODUCT_CATEGORIES.slice(22, 27), 'nightwear'] },
];

/**
 * Title of a category page: the slug with dashes turned into spaces, title-cased
 * (docs/product.md#category-listing). `'saree-blouse'` → `'Saree Blouse'`.
 */
export function categoryTitle(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The orders a product list can be sorted in (docs/product.md#category-listing). */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc'] as const;
/** `newest`, `price-asc` (low to high) or `price-desc` (high to low). */
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * A list's sort and price range as a page's address carries them (docs/product.md#category-listing):
 * `sort`, and `min`/`max` in rupees. On the search page `q` too.
 */
export interface ListQuery {
  q?: string;
  sort?: ProductSort;
  min?: number;
  max?: number;
}

/** Rupees as the API takes them: 0 to 1,00,00,000 with at most 2 decimals (product.ts `rupeesParam`). */
function rupees(value: string | null): number | undefined {
  const text = value?.trim() ?? '';
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return undefined;
  const amount = Number(text);
  return amount <= 10_000_000 ? amount : undefined;
}

/**
 * The list query of a page's address (`?q=&sort=&min=&max=`), keeping only what the API would
 * accept, so a hand-edited link never ends on an error: an unknown sort, a price that is not a
 * number of rupees and a `max` below `min` are dropped, `q` is trimmed (and dropped when empty or
 * longer than LIMITS.maxSearchLength). The server's page rendering and the web app read addresses
 * with this one function, so both ask the API the same question.
 */
export function readListQuery(params: URLSearchParams): ListQuery {
  const query: ListQuery = {};
  const q = params.get('q')?.trim() ?? '';
  if (q && q.length <= LIMITS.maxSearchLength) query.q = q;
  const sort = params.get('sort');
  if ((PRODUCT_SORTS as readonly (string | null)[]).includes(sort)) query.sort = sort as ProductSort;
  const min = rupees(params.get('min'));
  const max = rupees(params.get('max'));
  if (min !== undefined) query.min = min;
  if (max !== undefined && (min === undefined || max >= min)) query.max = max;
  return query;
}

/**
 * The query string of `query` in one fixed order (`q`, `sort`, `min`, `max`), without `?`; '' when
 * empty. The key under which the server puts a sorted list into the page, and the API call's query.
 */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort) params.set('sort', query.sort);
  if (query.min !== undefined) params.set('min', String(query.min));
  if (query.max !== undefined) params.set('max', String(query.max));
  return params.toString();
}

/** `query` without its search words: a category's or the featured list ignores `q`. */
export function withoutSearch(query: ListQuery): ListQuery {
  const list: ListQuery = {};
  if (query.sort !== undefined) list.sort = query.sort;
  if (query.min !== undefined) list.min = query.min;
  if (query.max !== undefined) list.max = query.max;
  return list;
}
