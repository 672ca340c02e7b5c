import { z } from './zod.js';
import { BANNER_LINKS, PRODUCT_CATEGORIES, PRODUCT_SORTS } from './catalog.js';
import { LIMITS } from './limits.js';
import { freeText } from './text.js';

/** One of docs/product.md#limits 28 product category slugs. */
export const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES);

/**
 * Where a banner leads (docs/product.md#home): one of docs/product.md#limits banner categories,
 * a product category's slug, or `featured`.
 */
export const BannerLinkSchema = z.enum(BANNER_LINKS);

/** An id as the API carries it: a UUID (products, banners, users, cancelled orders). */
export const IdSchema = z.uuid();

/**
 * Rupees as the API carries them: a positive number with at most two decimals
 * (docs/decisions/002-money-in-paise.md; docs/product.md#admin-dashboard). Stored as integer paise.
 */
export const RupeesSchema = z
  .number()
  // At least one paisa: a positive amount that rounds to 0 paise (1e-300) is no amount.
  .min(0.01)
  .max(10_000_000)
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    message: 'At most 2 decimals',
  });

/**
 * Messages of the catalog: finding products, their availability, reviews' stars and the
 * admin's product edits (docs/product.md#search, #category-listing, #reviews,
 * #admin-dashboard). Each has the reason `catalog.<key>` (errors.ts).
 */
export const CATALOG_MESSAGES = {
  /** 404 of `GET /product/category/:c` for a slug that is not one of the 28. */
  unknownCategory: 'Unknown category',
  /** A hidden product: 404 on `GET /product/:id`, 409 when added to a cart or ordered. */
  productUnavailable: 'This product is not available at the moment.',
  /** `GET /product/search` without a word to look for. */
  searchQueryRequired: 'Type a word to search for',
  /** `GET /product/search` with a longer `q`. */
  searchQueryTooLong: `Search for at most ${LIMITS.maxSearchLength} characters`,
  /** A `sort` other than the three. */
  sortInvalid: 'Sort by newest, price-asc or price-desc',
  /** A `min` or `max` that is not a number of rupees. */
  priceFilterInvalid: 'Give the price range in rupees, such as 500 or 499.50',
  /** `min` above `max`. */
  priceRangeReversed: 'The lowest price must not be above the highest price',
  /** `POST /comment` without whole stars from 1 to 5. */
  starsInvalid: `Choose from ${LIMITS.minStars} to ${LIMITS.maxStars} stars`,
  /** A compare-at price (MRP) at or below the price. */
  compareAtNotAbovePrice: 'The compare-at price (MRP) must be above the price',
  /** `PATCH /product/:id` that names nothing to change. */
  nothingToChange: 'Send at least one field to change',
  /** A multipart `isFeatured` or `hidden` other than 'true' or 'false'. */
  flagInvalid: "Send 'true' or 'false'",
  /** A product edit that would leave more pictures than LIMITS.maxProductImages. */
  tooManyImages: `A product can have at most ${LIMITS.maxProductImages} pictures`,
  /** A product edit that would leave no picture. */
  imageRequired: 'A product needs at least one picture',
  /** An `imageOrder` entry that is neither one of the product's pictures nor `new:<n>` of an uploaded file. */
  imageOrderUnknown: "Each entry of the picture order must be one of this product's pictures or a new upload",
  /** An uploaded file that `imageOrder` does not place. */
  imageOrderIncomplete: 'Every new picture must have its place in the picture order',
  /** The same picture twice in `imageOrder`. */
  imageOrderRepeated: 'A picture can appear only once in the picture order',
} as const;

/** The price rule's message of the product forms (docs/product.md#validation). */
const PRICE_TEXT_MESSAGE = 'Price must be a number of rupees with at most 2 decimals';

/**
 * A review as shown on the detail page (docs/product.md#reviews): `stars` a whole number 1
 * to 5; null only on reviews written before reviews had stars.
 */
export const ReviewSchema = z.object({
  username: z.string(),
  comment: z.string(),
  stars: z.number().int().min(LIMITS.minStars).max(LIMITS.maxStars).nullable(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof ReviewSchema>;

/**
 * A product's rating (docs/product.md#reviews): the average of its reviews' stars rounded to
 * one decimal (4.333… → 4.3), and how many reviews have stars; `{average: null, count: 0}`
 * when none has.
 */
export const RatingSchema = z.object({
  average: z.number().min(LIMITS.minStars).max(LIMITS.maxStars).nullable(),
  count: z.number().int().nonnegative(),
});
export type Rating = z.infer<typeof RatingSchema>;

/**
 * A product (docs/product.md#entities). `price` and `compareAtPrice` in rupees
 * (`compareAtPrice` null, or above `price`: the "Special offer" line shows only then);
 * `priceIncludesFabric` whether the price includes the fabric, else it is for the stitching
 * alone (the shopper gives her fabric at the home visit: docs/product.md#product-detail);
 * `nameTa`, `descriptionTa` the Tamil text, '' when the shop wrote none (the English is shown
 * instead); `images` are URLs of the default width (see images.ts), at most 6
 * (docs/product.md#limits); `reviews` newest first. `hidden` is present only in the admin's
 * lists and answers (`GET /product/admin`, `PATCH /product/:id`, …): the public never sees a
 * hidden product.
 */
export const ProductSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  nameTa: z.string(),
  description: z.string(),
  descriptionTa: z.string(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  priceIncludesFabric: z.boolean(),
  category: ProductCategorySchema,
  images: z.array(z.string()).max(LIMITS.maxProductImages),
  isFeatured: z.boolean(),
  rating: RatingSchema,
  reviews: z.array(ReviewSchema),
  createdAt: z.iso.datetime(),
  hidden: z.boolean().optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/** `GET /product`, `/product/category/:c`, `/product/featured`, `/product/recommend`, `/product/search`, `/product/admin`. */
export const ProductListResponseSchema = z.object({ products: z.array(ProductSchema) });
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

/**
 * `GET /product/tiles`: the picture each home tile shows (docs/product.md#home), by category
 * slug: the first picture of the newest product of that category that has a picture, as a URL
 * of the default width (images.ts). A category with no such product has no key: its tile is
 * the plain fabric panel. Home carries this instead of the whole catalog
 * (docs/performance.md#what-a-page-carries), so its size does not grow with the catalog:
 * at most one URL for each of the 28 categories (the five sections' 30 tiles name 28, two
 * twice: contract catalog.ts `HOME_SECTIONS`).
 */
export const ProductTilesResponseSchema = z.object({ tiles: z.partialRecord(ProductCategorySchema, z.string()) });
export type ProductTilesResponse = z.infer<typeof ProductTilesResponseSchema>;

/** `GET /product/:id`, `PUT /product/:id`, `PATCH /product/:id`, `POST /product`, `POST /comment`. */
export const ProductResponseSchema = z.object({ product: ProductSchema });
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

/** Path params naming a product. A non-UUID is a 400, an unknown one a 404. */
export const ProductIdParamsSchema = z.object({ id: IdSchema }).strict();

/** Path params naming a category: any string, so an unknown one is a 404 with a message. */
export const CategoryParamsSchema = z.object({ category: z.string().max(100) }).strict();

/** Rupees as a query parameter: '' counts as not given; otherwise 0 to ₹1,00,00,000 with at most 2 decimals. */
const rupeesParam = z
  .string({ error: CATALOG_MESSAGES.priceFilterInvalid })
  .trim()
  .regex(/^(\d{1,8}(\.\d{1,2})?)?$/, CATALOG_MESSAGES.priceFilterInvalid)
  .transform((value) => (value === '' ? undefined : Number(value)))
  .pipe(z.number().max(10_000_000, CATALOG_MESSAGES.priceFilterInvalid).optional());

/**
 * The sort and price range every product list takes (docs/product.md#category-listing); an
 * empty value counts as not given (a form's blank field).
 */
const listQueryShape = {
  sort: z
    .string({ error: CATALOG_MESSAGES.sortInvalid })
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.enum(PRODUCT_SORTS, { error: CATALOG_MESSAGES.sortInvalid }).optional())
    .optional(),
  min: rupeesParam.optional(),
  max: rupeesParam.optional(),
};

/** `min` ≤ `max` when both are given. */
function rangeInOrder(query: { min?: number | undefined; max?: number | undefined }): boolean {
  return query.min === undefined || query.max === undefined || query.min <= query.max;
}

/**
 * Query of `GET /product/category/:c` and `GET /product/featured` (docs/product.md#category-listing):
 * `sort` (`newest`, the default, `price-asc`, `price-desc`; ties newest first), `min` and `max`
 * in rupees (either may be left out; both bounds included). Other parameters are ignored.
 * A bad value is a 400 with its catalog message.
 */
export const ProductListQuerySchema = z
  .object(listQueryShape)
  .refine(rangeInOrder, { message: CATALOG_MESSAGES.priceRangeReversed, path: ['min'] });
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

/**
 * Query of `GET /product/search` (docs/product.md#search): `q`, the words to look for (1 to
 * LIMITS.maxSearchLength characters after trimming), and the list's `sort`, `min`, `max`;
 * without `sort` the best matches come first.
 */
export const ProductSearchQuerySchema = z
  .object({
    q: freeText({
      typeMessage: CATALOG_MESSAGES.searchQueryRequired,
      min: 1,
      minMessage: CATALOG_MESSAGES.searchQueryRequired,
      max: LIMITS.maxSearchLength,
      maxMessage: CATALOG_MESSAGES.searchQueryTooLong,
    }),
    ...listQueryShape,
  })
  .refine(rangeInOrder, { message: CATALOG_MESSAGES.priceRangeReversed, path: ['min'] });
export type ProductSearchQuery = z.output<typeof ProductSearchQuerySchema>;

const productName = freeText({ min: 1, max: LIMITS.maxNameLength });
const productDescription = freeText({ min: 1, max: LIMITS.maxDescriptionLength });
/** Tamil text is optional: '' (or only spaces) means none, and the English is shown. */
const tamilName = freeText({ max: LIMITS.maxNameLength });
const tamilDescription = freeText({ max: LIMITS.maxDescriptionLength });
/** A price typed into a form (multipart text): a positive number of rupees, ≤ 2 decimals. */
const rupeesText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, PRICE_TEXT_MESSAGE)
  .transform(Number)
  .pipe(RupeesSchema);
/** A compare-at price typed into a form: '' for none (null), else as a price. */
const compareAtText = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d{1,2})?)?$/, PRICE_TEXT_MESSAGE)
  .transform((value) => (value === '' ? null : Number(value)))
  .pipe(RupeesSchema.nullable());

/** A multipart flag: the text 'true' or 'false'. */
const flagText = z.enum(['true', 'false'], { error: CATALOG_MESSAGES.flagInvalid }).transform((value) => value === 'true');

/**
 * The create-product form's text fields (docs/product.md#validation Product form;
 * docs/product.md#admin-dashboard). Price comes as text in multipart and must be a positive
 * number of rupees, ≤ 2 decimals. `nameTa`, `descriptionTa` (optional, '' for none) are the
 * Tamil text; `priceIncludesFabric` (optional 'true' or 'false', else false) whether the price
 * includes the fabric; `compareAtPrice` (optional, '' for none) the MRP, which the server also checks
 * is above the price ({@link compareAtIsAbovePrice}; not a refinement here, so forms can
 * extend this object).
 */
export const ProductFieldsSchema = z
  .object({
    name: productName,
    nameTa: tamilName.optional(),
    description: productDescription,
    descriptionTa: tamilDescription.optional(),
    category: ProductCategorySchema,
    price: rupeesText,
    compareAtPrice: compareAtText.optional(),
    priceIncludesFabric: flagText.optional(),
  })
  .strict();
export type ProductFields = z.input<typeof ProductFieldsSchema>;

/**
 * Whether a compare-at price may stand beside a price (docs/product.md#product-detail: the
 * "Special offer" line needs an MRP above the price): none (null or undefined), or above it.
 */
export function compareAtIsAbovePrice(price: number, compareAtPrice: number | null | undefined): boolean {
  return compareAtPrice === null || compareAtPrice === undefined || compareAtPrice > price;
}

/**
 * `PATCH /product/:id` as JSON (docs/product.md#admin-dashboard): any of the product's
 * editable fields, at least one. `compareAtPrice: null` removes the compare-at price;
 * `nameTa: ''` or `descriptionTa: ''` removes the Tamil text. Prices in rupees.
 */
export const ProductPatchBodySchema = z
  .object({
    name: productName.optional(),
    nameTa: tamilName.optional(),
    description: productDescription.optional(),
    descriptionTa: tamilDescription.optional(),
    price: RupeesSchema.optional(),
    compareAtPrice: RupeesSchema.nullable().optional(),
    priceIncludesFabric: z.boolean().optional(),
    category: ProductCategorySchema.optional(),
    isFeatured: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: CATALOG_MESSAGES.nothingToChange });
export type ProductPatchBody = z.output<typeof ProductPatchBodySchema>;

/**
 * One entry of a multipart edit's picture order: an image URL the product has now (kept), or
 * `new:<n>`, the n-th file of this upload (counting from 0).
 */
export const ImageOrderEntrySchema = z.string().min(1).max(300);

/**
 * `PATCH /product/:id` as multipart, when pictures change (docs/product.md#admin-dashboard):
 * the JSON body's fields as text (prices as typed, `compareAtPrice` '' for none, flags 'true'
 * or 'false'), the new pictures as files in `images`, and `imageOrder`, repeated once per
 * picture of the product after the edit, in order (see {@link ImageOrderEntrySchema}).
 * Without `imageOrder` the product keeps its pictures and the new ones follow them.
 */
export const ProductPatchFieldsSchema = z
  .object({
    name: productName.optional(),
    nameTa: tamilName.optional(),
    description: productDescription.optional(),
    descriptionTa: tamilDescription.optional(),
    price: rupeesText.optional(),
    compareAtPrice: compareAtText.optional(),
    priceIncludesFabric: flagText.optional(),
    category: ProductCategorySchema.optional(),
    isFeatured: flagText.optional(),
    hidden: flagText.optional(),
    imageOrder: z
      .union([ImageOrderEntrySchema, z.array(ImageOrderEntrySchema)])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
  })
  .strict();
export type ProductPatchFields = z.output<typeof ProductPatchFieldsSchema>;

/**
 * `POST /comment` body (docs/product.md#reviews; docs/product.md#validation Review: 'Must be
 * filled'): the comment, then whole stars from 1 to 5 when given. Without `stars` (the first
 * clients' `{productId, userComment}`) the review is listed and left out of the rating; stars
 * given must be whole from 1 to 5 (null is refused as any other bad value).
 */
export const CommentBodySchema = z
  .object({
    productId: IdSchema,
    userComment: freeText({ min: 1, minMessage: 'Must be filled', max: LIMITS.maxCommentLength }),
    stars: z
      .number({ error: CATALOG_MESSAGES.starsInvalid })
      .int(CATALOG_MESSAGES.starsInvalid)
      .min(LIMITS.minStars, CATALOG_MESSAGES.starsInvalid)
      .max(LIMITS.maxStars, CATALOG_MESSAGES.starsInvalid)
      .optional(),
  })
  .strict();
export type CommentBody = z.infer<typeof CommentBodySchema>;

/**
 * A banner (docs/product.md#entities); `image` a URL of the default width; `headline`,
 * `headlineTa`, `line`, `lineTa` the text shown over the picture in the page's language
 * (docs/product.md#home), '' when the shop wrote none.
 */
export const BannerSchema = z.object({
  _id: IdSchema,
  image: z.string(),
  category: BannerLinkSchema,
  headline: z.string(),
  headlineTa: z.string(),
  line: z.string(),
  lineTa: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** `GET /banner`. */
export const BannerListResponseSchema = z.object({ banners: z.array(BannerSchema) });
export type BannerListResponse = z.infer<typeof BannerListResponseSchema>;
/** `POST /banner`. */
export const BannerResponseSchema = z.object({ banner: BannerSchema });
/** A banner's text as typed: trimmed, '' (or only spaces) for none, at most `max` characters. */
const bannerText = (max: number) => freeText({ max });

/**
 * The banner form's text fields (docs/product.md#validation Banner form): `category`, and
 * optionally the text shown over the picture (docs/product.md#home), each '' for none:
 * `headline`, `headlineTa` up to LIMITS.maxBannerHeadlineLength characters, `line`, `lineTa`
 * up to LIMITS.maxBannerLineLength.
 */
export const BannerFieldsSchema = z
  .object({
    category: BannerLinkSchema,
    headline: bannerText(LIMITS.maxBannerHeadlineLength).optional(),
    headlineTa: bannerText(LIMITS.maxBannerHeadlineLength).optional(),
    line: bannerText(LIMITS.maxBannerLineLength).optional(),
    lineTa: bannerText(LIMITS.maxBannerLineLength).optional(),
  })
  .strict();
export type BannerFields = z.input<typeof BannerFieldsSchema>;
