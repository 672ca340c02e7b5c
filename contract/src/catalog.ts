// No zod here: the home page imports these constants, and a schema built at module top level
// would pull zod into its first load whenever a lazily loaded page shares this module
// (docs/decisions/013-first-load.md). The category schemas live in product.ts.
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
/** One of docs/product.md#limits banner categories (its schema, BannerCategorySchema, is in product.ts). */
export type BannerCategory = (typeof BANNER_CATEGORIES)[number];

/**
 * Where a banner of each banner category leads when clicked (docs/product.md#home: a banner opens
 * /category/{category}); banner categories are not product categories, so each maps to one.
 */
export const BANNER_TARGET_CATEGORY: Record<BannerCategory, ProductCategory> = {
  blowse: 'saree-blouse',
  embroidery: 'embroidery-blouse',
  aari: 'aariwork-blouse',
  custom: 'designer-blouse',
};

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
