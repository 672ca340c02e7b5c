import { z } from './zod.js';
import { BANNER_CATEGORIES, PRODUCT_CATEGORIES } from './catalog.js';
import { LIMITS } from './limits.js';

/** One of docs/product.md#limits 28 product category slugs. */
export const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES);

/** One of docs/product.md#limits banner categories. */
export const BannerCategorySchema = z.enum(BANNER_CATEGORIES);

/** An id as the API carries it: a UUID (products, banners, users, cancelled orders). */
export const IdSchema = z.uuid();

/**
 * Rupees as the API carries them: a positive number with at most two decimals
 * (docs/decisions/002-money-in-paise.md; docs/product.md#admin-dashboard). Stored as integer paise.
 */
export const RupeesSchema = z
  .number()
  .positive()
  .max(10_000_000)
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    message: 'At most 2 decimals',
  });

/** A review as shown on the detail page (docs/product.md#product-detail). */
export const ReviewSchema = z.object({
  username: z.string(),
  comment: z.string(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof ReviewSchema>;

/**
 * A product (docs/architecture.md#http-api). `price` in rupees; `images` are URLs of the default width
 * (see images.ts), at most 6 (docs/product.md#limits).
 */
export const ProductSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  category: ProductCategorySchema,
  images: z.array(z.string()).max(LIMITS.maxProductImages),
  isFeatured: z.boolean(),
  reviews: z.array(ReviewSchema),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

/** `GET /product`, `/product/category/:c`, `/product/featured`, `/product/recommend`. */
export const ProductListResponseSchema = z.object({ products: z.array(ProductSchema) });
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

/** `GET /product/:id`, `PUT /product/:id`, `POST /product`, `POST /comment`. */
export const ProductResponseSchema = z.object({ product: ProductSchema });
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

/** Path params naming a product. A non-UUID is a 400, an unknown one a 404. */
export const ProductIdParamsSchema = z.object({ id: IdSchema }).strict();

/** Path params naming a category: any string, so an unknown one is a 404 with a message. */
export const CategoryParamsSchema = z.object({ category: z.string().max(100) }).strict();

/**
 * The create-product form's text fields (docs/product.md#validation Product form; docs/product.md#admin-dashboard).
 * Price comes as text in multipart and must be a positive number of rupees, ≤ 2 decimals.
 */
export const ProductFieldsSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.maxNameLength),
    description: z.string().trim().min(1).max(LIMITS.maxDescriptionLength),
    category: ProductCategorySchema,
    price: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Price must be a number of rupees with at most 2 decimals')
      .transform(Number)
      .pipe(RupeesSchema),
  })
  .strict();
export type ProductFields = z.input<typeof ProductFieldsSchema>;

/** `POST /comment` body (docs/product.md#entities Comment, docs/product.md#validation Review: 'Must be filled'). */
export const CommentBodySchema = z
  .object({
    productId: IdSchema,
    userComment: z.string().trim().min(1, 'Must be filled').max(LIMITS.maxCommentLength),
  })
  .strict();
export type CommentBody = z.infer<typeof CommentBodySchema>;

/** A banner (docs/product.md#entities); `image` a URL of the default width. */
export const BannerSchema = z.object({
  _id: IdSchema,
  image: z.string(),
  category: BannerCategorySchema,
});
export type Banner = z.infer<typeof BannerSchema>;

/** `GET /banner`. */
export const BannerListResponseSchema = z.object({ banners: z.array(BannerSchema) });
/** `POST /banner`. */
export const BannerResponseSchema = z.object({ banner: BannerSchema });
/** The banner form's text field (docs/product.md#validation Banner form). */
export const BannerFieldsSchema = z.object({ category: BannerCategorySchema }).strict();
