import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  AdminProductListResponseSchema,
  BANNER_IMAGE_ASPECT,
  BannerFieldsSchema,
  BannerResponseSchema,
  CATALOG_MESSAGES,
  compareAtIsAbovePrice,
  LIMITS,
  MessageResponseSchema,
  PRODUCT_IMAGE_ASPECT,
  ProductFieldsSchema,
  ProductIdParamsSchema,
  ProductPatchBodySchema,
  ProductPatchFieldsSchema,
  ProductResponseSchema,
  RecordIdParamsSchema,
  SearchPageQuerySchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { ImageFolder, ImageStore } from '../../platform/image-store.js';
import { adminOnly } from '../../platform/admin-guard.js';
import {
  deleteBanner,
  deleteProduct,
  insertBanner,
  insertProduct,
  pageOfAdminProducts,
  planImages,
  rupeesToPaise,
  toggleFeatured,
  updateProduct,
  type ProductChanges,
} from './admin-products.service.js';
import { discardSavedImages, releaseImages } from './image-references.js';
import { MULTIPART_OPTIONS, readMultipartForm } from '../../platform/multipart-form.js';

type Issue = { path: (string | number)[]; message: string };

/**
 * Check a form's text fields against a contract schema; a failure is one 400 listing every
 * issue (with `extra` ones, e.g. a missing image), the first in the message.
 * @throws AppError('bad_request') with `issues`.
 */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>, extra: Issue[]): z.output<S> {
  const parsed = schema.safeParse(fields);
  const issues: Issue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const field = issue.path[0];
        const missing = typeof field === 'string' && !(field in fields);
        return {
          path: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
          message: missing ? `${field} is required` : issue.message,
        };
      });
  const first = issues[0];
  const fieldOf = (issue: Issue) => issue.path[1];
  // A zod issue names its field in the message ('price: Too small…'); the extra ones are
  // already whole sentences ('Add at least one image').
  const message = first
    ? fieldOf(first) === undefined || first.message.startsWith(`${String(fieldOf(first))} `)
      ? first.message
      : `${String(fieldOf(first))}: ${first.message}`
    : extra[0]?.message;
  issues.push(...extra);
  if (message !== undefined) throw new AppError('bad_request', message, issues);
  return (parsed as { data: z.output<S> }).data;
}

/**
 * Refuse a compare-at price (MRP) at or below the price (docs/product.md#product-detail: the
 * "Special offer" line stands only beside a higher MRP).
 * @throws AppError('bad_request', CATALOG_MESSAGES.compareAtNotAbovePrice).
 */
function assertCompareAtAbovePrice(price: number, compareAtPrice: number | null | undefined): void {
  if (compareAtIsAbovePrice(price, compareAtPrice)) return;
  throw new AppError('bad_request', CATALOG_MESSAGES.compareAtNotAbovePrice, [
    { path: ['body', 'compareAtPrice'], message: CATALOG_MESSAGES.compareAtNotAbovePrice },
  ]);
}

/**
 * An edit's checked fields (JSON or multipart, prices in rupees) → the service's changes, prices
 * in paise; `imageOrder` passed through.
 */
function toChanges(fields: {
  name?: string | undefined;
  nameTa?: string | undefined;
  description?: string | undefined;
  descriptionTa?: string | undefined;
  category?: ProductChanges['category'];
  price?: number | undefined;
  compareAtPrice?: number | null | undefined;
  priceIncludesFabric?: boolean | undefined;
  isFeatured?: boolean | undefined;
  hidden?: boolean | undefined;
  imageOrder?: string[] | undefined;
}): ProductChanges & { imageOrder?: string[] } {
  const { price, compareAtPrice, ...rest } = fields;
  const changes: ProductChanges & { imageOrder?: string[] } = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (price !== undefined) changes.pricePaise = rupeesToPaise(price);
  if (compareAtPrice !== undefined) changes.compareAtPricePaise = compareAtPrice === null ? null : rupeesToPaise(compareAtPrice);
  return changes;
}

/**
 * Store uploaded images one after another (the image store decodes, strips metadata, crops
 * and writes every WebP width). If one is refused, the ones already stored are removed
 * before the error goes on: a refused upload leaves no file behind.
 * @throws AppError('unsupported_media_type' | 'too_large') from the image store.
 */
async function saveAll(
  images: ImageStore,
  files: readonly Buffer[],
  folder: ImageFolder,
  aspect: number,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const file of files) urls.push(await images.saveImage(file, folder, aspect));
  } catch (error) {
    await discardSavedImages(images, urls, log);
    throw error;
  }
  return urls;
}

/** The admin routes' Fastify instance, with the contract's zod schemas as types. */
type AdminApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every group of product and banner routes shares: the app, the database and the admin guard. */
interface AdminProductContext {
  app: AdminApp;
  db: Db;
  onRequest: ReturnType<typeof adminOnly>;
}

/**
 * The product as the admin sees it (hidden ones too), from the catalog as rebuilt after the
 * write (the caller invalidates it first, so shoppers too see the change on their next request).
 * @throws AppError('not_found', ADMIN_MESSAGES.productNotFound) when it is gone.
 */
async function adminProduct(app: AdminApp, id: string) {
  const product = (await app.catalog.get()).adminById.get(id);
  if (!product) throw new AppError('not_found', ADMIN_MESSAGES.productNotFound);
  return product;
}

/** `POST /product` (multipart): a new product with its pictures; a refused one leaves no file. */
function createProductRoute({ app, db, onRequest }: AdminProductContext): void {
  app.post(
    '/product',
    {
      onRequest,
      schema: {
        operationId: 'createProduct',
        summary: 'Create a product from a multipart form with its pictures',
        response: { 201: ProductResponseSchema },
        errors: ['bad_request', 'too_large', 'unsupported_media_type'],
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, { fileField: 'images', maxFiles: LIMITS.maxProductImages });
      const missingImage: Issue[] = form.files.length === 0 ? [{ path: ['body', 'images'], message: ADMIN_MESSAGES.imageRequired }] : [];
      const fields = parseFields(ProductFieldsSchema, form.fields, missingImage);
      assertCompareAtAbovePrice(fields.price, fields.compareAtPrice);
      const imageUrls = await saveAll(app.images, form.files, 'products', PRODUCT_IMAGE_ASPECT, request.log);
      let id: string;
      try {
        id = await insertProduct(db, {
          name: fields.name,
          nameTa: fields.nameTa ?? '',
          description: fields.description,
          descriptionTa: fields.descriptionTa ?? '',
          category: fields.category,
          pricePaise: rupeesToPaise(fields.price),
          compareAtPricePaise: fields.compareAtPrice == null ? null : rupeesToPaise(fields.compareAtPrice),
          priceIncludesFabric: fields.priceIncludesFabric ?? false,
          imageUrls,
        });
      } catch (error) {
        await discardSavedImages(app.images, imageUrls, request.log);
        throw error;
      }
      if (form.discardedFiles > 0) request.log.info({ discarded: form.discardedFiles }, 'images past the sixth not stored');
      app.catalog.invalidate();
      return reply.status(201).send({ product: await adminProduct(app, id) });
    },
  );
}

/** `GET /product/admin` (a page of every product, hidden ones too) and `PUT /product/:id` (toggle featured). */
function listAndFeatureRoutes({ app, db, onRequest }: AdminProductContext): void {
  app.get(
    '/product/admin',
    {
      onRequest,
      schema: {
        operationId: 'listAdminProducts',
        summary: 'A page of every product, hidden ones too, newest first',
        querystring: SearchPageQuerySchema,
        response: { 200: AdminProductListResponseSchema },
        errors: ['bad_request'],
      },
    },
    async (request) => pageOfAdminProducts((await app.catalog.get()).adminProducts, request.query),
  );

  app.put(
    '/product/:id',
    {
      onRequest,
      schema: {
        operationId: 'toggleFeatured',
        summary: 'Flip whether a product is featured on the home page',
        params: ProductIdParamsSchema,
        response: { 200: ProductResponseSchema },
        errors: ['not_found'],
      },
    },
    async (request) => {
      await toggleFeatured(db, request.params.id);
      app.catalog.invalidate();
      return { product: await adminProduct(app, request.params.id) };
    },
  );
}

/** What a product edit asks for: the changed fields (prices in paise), new picture files and the pictures' order. */
interface ProductEdit {
  changes: ProductChanges;
  files: Buffer[];
  imageOrder: string[] | undefined;
}

/**
 * Read a product edit (docs/product.md#editing-a-product): multipart when pictures change
 * (ProductPatchFieldsSchema, new files in `images`), JSON otherwise (ProductPatchBodySchema).
 * @throws AppError('bad_request') for bad fields, more than the pictures allowed, or a
 *   multipart edit that changes nothing.
 */
async function readProductEdit(request: FastifyRequest): Promise<ProductEdit> {
  if (!request.isMultipart()) {
    // Any JSON value: a non-object fails the schema with its own message.
    const fields = parseFields(ProductPatchBodySchema, request.body as Record<string, unknown>, []);
    return { changes: toChanges(fields), files: [], imageOrder: undefined };
  }
  const form = await readMultipartForm(request, { fileField: 'images', maxFiles: LIMITS.maxProductImages });
  const tooMany: Issue[] = form.discardedFiles > 0 ? [{ path: ['body', 'images'], message: CATALOG_MESSAGES.tooManyImages }] : [];
  const { imageOrder, ...changes } = toChanges(parseFields(ProductPatchFieldsSchema, form.fields, tooMany));
  if (Object.keys(changes).length === 0 && form.files.length === 0 && imageOrder === undefined) {
    throw new AppError('bad_request', CATALOG_MESSAGES.nothingToChange);
  }
  return { changes, files: form.files, imageOrder };
}

/**
 * `PATCH /product/:id`: edit a product and its pictures. A refused edit changes nothing and
 * leaves no new file; the pictures it removed are released once no order shows them.
 */
function editProductRoute({ app, db, onRequest }: AdminProductContext): void {
  app.patch(
    '/product/:id',
    {
      onRequest,
      schema: {
        operationId: 'updateProduct',
        summary: 'Edit a product: JSON fields, or a multipart form with new pictures and their order',
        params: ProductIdParamsSchema,
        response: { 200: ProductResponseSchema },
        errors: ['bad_request', 'not_found', 'too_large', 'unsupported_media_type'],
      },
    },
    async (request) => {
      const id = request.params.id;
      const { changes, files, imageOrder } = await readProductEdit(request);
      const picturesChange = files.length > 0 || imageOrder !== undefined;
      // Checked before any file is written, against the catalog as it is; the transaction
      // checks again on the locked rows.
      const known = (await app.catalog.get()).adminById.get(id);
      if (!known) throw new AppError('not_found', ADMIN_MESSAGES.productNotFound);
      if (picturesChange) planImages(known.images, imageOrder, files.length);
      const uploadedUrls = await saveAll(app.images, files, 'products', PRODUCT_IMAGE_ASPECT, request.log);
      let removed: string[];
      try {
        removed = await updateProduct(db, id, changes, picturesChange ? { imageOrder, uploadedUrls } : undefined);
      } catch (error) {
        await discardSavedImages(app.images, uploadedUrls, request.log);
        throw error;
      }
      app.catalog.invalidate();
      await releaseImages(db, app.images, removed, request.log);
      return { product: await adminProduct(app, id) };
    },
  );
}

/** `DELETE /product/:id`: its image files go unless an order line or cancelled-order record still shows them. */
function deleteProductRoute({ app, db, onRequest }: AdminProductContext): void {
  app.delete(
    '/product/:id',
    {
      onRequest,
      schema: {
        operationId: 'deleteProduct',
        summary: 'Delete a product; its pictures go once no order shows them',
        params: ProductIdParamsSchema,
        response: { 200: MessageResponseSchema },
        errors: ['not_found'],
      },
    },
    async (request) => {
      const imageUrls = await deleteProduct(db, request.params.id);
      app.catalog.invalidate();
      await releaseImages(db, app.images, imageUrls, request.log);
      return { message: ADMIN_MESSAGES.productDeleted };
    },
  );
}

/** `POST /banner` (multipart) and `DELETE /banner/:id` (docs/product.md#admin-dashboard). */
function bannerRoutes({ app, db, onRequest }: AdminProductContext): void {
  app.post(
    '/banner',
    {
      onRequest,
      schema: {
        operationId: 'createBanner',
        summary: 'Upload a banner from a multipart form with its picture and optional text',
        response: { 201: BannerResponseSchema },
        errors: ['bad_request', 'too_large', 'unsupported_media_type'],
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, { fileField: 'image', maxFiles: 1 });
      const missingImage: Issue[] =
        form.files.length === 0 ? [{ path: ['body', 'image'], message: ADMIN_MESSAGES.bannerImageRequired }] : [];
      const fields = parseFields(BannerFieldsSchema, form.fields, missingImage);
      const [imageUrl] = await saveAll(app.images, form.files, 'banners', BANNER_IMAGE_ASPECT, request.log);
      try {
        const banner = await insertBanner(db, {
          category: fields.category,
          imageUrl: imageUrl!,
          text: {
            headline: fields.headline ?? '',
            headlineTa: fields.headlineTa ?? '',
            line: fields.line ?? '',
            lineTa: fields.lineTa ?? '',
          },
        });
        app.catalog.invalidate();
        return reply.status(201).send({ banner });
      } catch (error) {
        await discardSavedImages(app.images, [imageUrl!], request.log);
        throw error;
      }
    },
  );

  app.delete(
    '/banner/:id',
    {
      onRequest,
      schema: {
        operationId: 'deleteBanner',
        summary: 'Delete a banner',
        params: RecordIdParamsSchema,
        response: { 200: MessageResponseSchema },
        errors: ['not_found'],
      },
    },
    async (request) => {
      const imageUrl = await deleteBanner(db, request.params.id);
      app.catalog.invalidate();
      await releaseImages(db, app.images, [imageUrl], request.log);
      return { message: ADMIN_MESSAGES.bannerDeleted };
    },
  );
}

/**
 * Admin product and banner writes (docs/product.md#roles-and-permissions, docs/product.md#api; docs/product.md#admin-dashboard–4), every route
 * admin only (401 visitor, 403 customer), every write followed by `catalog.invalidate()` so
 * shoppers see it on their next request:
 * - `POST /product` (multipart: name, description, price as text, category, optional
 *   `priceIncludesFabric` 'true' or 'false' (default false), `images`
 *   repeated; only the first 6 kept) → 201 `{product}`; 400 bad fields or no image, 413 a
 *   file over 10 MB or 40 MP, 415 not an image (decided by decoding the bytes).
 * - `GET /product/admin?limit=&cursor=&q=` → `{products, nextCursor}`: a page of every product,
 *   hidden ones too, each with `hidden`, newest first, narrowed to a name in English or Tamil
 *   (docs/product.md#lists-by-page); 400 for a bad limit, cursor or search.
 * - `PUT /product/:id` toggles featured → `{product}`; 404 unknown.
 * - `PATCH /product/:id` edits a product (docs/product.md#editing-a-product):
 *   JSON (contract ProductPatchBodySchema), or multipart when pictures change
 *   (ProductPatchFieldsSchema: the fields as text, new files in `images`, `imageOrder`) →
 *   `{product}` with `hidden`; 400 bad fields, a compare-at price not above the price, no
 *   picture or more than 6, a picture order naming a picture the product lacks; 404 unknown;
 *   413/415 as for `POST /product`. A refused edit changes nothing and leaves no new file;
 *   the pictures it removed are released once no order shows them.
 * - `DELETE /product/:id` → `{message}`; the product's image files are removed unless an
 *   order line or cancelled-order record still shows them (image-references.ts).
 * - `POST /banner` (multipart: category, `image`, optional `headline`, `headlineTa`, `line`,
 *   `lineTa`, contract BannerFieldsSchema) → 201 `{banner}`; 400 a text too long or sent twice.
 * - `DELETE /banner/:id` → `{message}`; its image files removed.
 */
export function adminProductRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    await fastify.register(fastifyMultipart, MULTIPART_OPTIONS);
    const context: AdminProductContext = { app: fastify.withTypeProvider<ZodTypeProvider>(), db, onRequest: adminOnly(fastify) };
    createProductRoute(context);
    listAndFeatureRoutes(context);
    editProductRoute(context);
    deleteProductRoute(context);
    bannerRoutes(context);
  };
}
