import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BannerListResponseSchema,
  CATALOG_MESSAGES,
  CategoryParamsSchema,
  ORDER_MESSAGES,
  ProductCategorySchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductSearchQuerySchema,
  ProductTilesResponseSchema,
  type ProductListQuery,
} from '@thaiyal/contract';
import { precompressed } from '../../platform/compression.js';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../db/client.js';
import { sortAndFilter, type CachedBody, type Catalog } from './catalog.service.js';
import { recommendFor } from './recommendations.service.js';
import { searchProducts } from './search.service.js';

/**
 * Answer a pre-serialized catalog body with its ETag; `304 Not Modified` when the request's
 * `If-None-Match` names it (docs/performance.md#how-it-measures). `no-cache` makes browsers revalidate
 * so a shopper sees an admin's change on the next request. A body the client may have
 * compressed goes out as compressed once for all (`precompressed`), as soon as that is made.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, cachedBody: CachedBody): FastifyReply {
  reply.header('etag', cachedBody.etag).header('cache-control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cachedBody.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoded = precompressed(request, cachedBody, cachedBody.body);
  if (encoded) return reply.header('content-encoding', encoded.encoding).send(encoded.body);
  return reply.send(cachedBody.body);
}

function body(bodies: ReadonlyMap<string, CachedBody>, key: string): CachedBody {
  const found = bodies.get(key);
  if (!found) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
  return found;
}

/** Whether a list request asks for a sort or a price range (else its cached answer fits). */
function narrows(query: ProductListQuery): boolean {
  return query.sort !== undefined || query.min !== undefined || query.max !== undefined;
}

/**
 * The public catalog read API (docs/product.md#api; docs/architecture.md#http-api), served from
 * memory (docs/decisions/001-in-memory-catalog.md) except search, and never showing a hidden
 * product:
 * - `GET /product` → `{products}`, newest first;
 * - `GET /product/category/:category?sort=&min=&max=` → `{products}` (an unknown category is a
 *   404 `catalog.unknownCategory`); `GET /product/featured?sort=&min=&max=` → `{products}`:
 *   without `sort`, `min` or `max` the cached answer (ETag, 304), else that list sorted and
 *   narrowed (docs/product.md#category-listing; bad values 400 with their catalog reason);
 * - `GET /product/search?q=&sort=&min=&max=` → `{products}` (docs/product.md#search), from SQL
 *   (search.service.ts), `private, no-cache`;
 * - `GET /product/tiles` → `{tiles}`: each home tile's picture by category (contract
 *   `ProductTilesResponseSchema`), what home carries instead of the whole catalog
 *   (docs/performance.md#what-a-page-carries); cached (ETag, 304);
 * - `GET /product/recommend` (a visitor's stable, cached selection; a signed-in user's own,
 *   drawn from their wishlist, cart and orders by recommendations.service.ts, never cached);
 * - `GET /product/:id` → `{product}` (400 for a malformed id, 404 'Product not found'; a
 *   hidden product 404 `catalog.productUnavailable`, so its page can say it is not available);
 * - `GET /banner` → `{banners}`.
 */
export function catalogRoutes(catalog: Catalog, db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const listResponse = { 200: ProductListResponseSchema };

    app.get(
      '/product',
      { schema: { operationId: 'listProducts', summary: 'Every product on sale, newest first', response: listResponse } },
      async (request, reply) => sendCached(request, reply, body((await catalog.get()).bodies, 'all')),
    );

    app.get(
      '/product/featured',
      {
        schema: {
          operationId: 'listFeaturedProducts',
          summary: 'The featured products, sorted and narrowed by price if asked',
          querystring: ProductListQuerySchema,
          response: listResponse,
        },
      },
      async (request, reply) => {
        const snapshot = await catalog.get();
        if (!narrows(request.query)) return sendCached(request, reply, body(snapshot.bodies, 'featured'));
        return reply.header('cache-control', 'no-cache').send({ products: sortAndFilter(snapshot.featured, request.query) });
      },
    );

    app.get(
      '/product/tiles',
      {
        schema: {
          operationId: 'listTilePictures',
          summary: 'The picture of each home tile’s category',
          response: { 200: ProductTilesResponseSchema },
        },
      },
      async (request, reply) => sendCached(request, reply, body((await catalog.get()).bodies, 'tiles')),
    );

    app.get(
      '/product/search',
      {
        schema: {
          operationId: 'searchProducts',
          summary: 'Products whose name, description or category match the words',
          querystring: ProductSearchQuerySchema,
          response: listResponse,
        },
      },
      async (request, reply) => {
        const products = await searchProducts(db, await catalog.get(), request.query);
        return reply.header('cache-control', 'no-cache').send({ products });
      },
    );

    app.get(
      '/product/recommend',
      {
        schema: {
          operationId: 'listRecommendedProducts',
          summary: 'Products to recommend: a signed-in shopper’s own, else the shop’s picks',
          response: listResponse,
        },
      },
      async (request, reply) => {
        await app.sessions.authenticate(request);
        // The answer depends on who asks: caches must key on the session cookie.
        reply.header('vary', 'cookie');
        if (!request.user) return sendCached(request, reply, body((await catalog.get()).bodies, 'recommend'));
        const products = await recommendFor(db, await catalog.get(), request.user.id);
        return reply.header('cache-control', 'private, no-store').send({ products });
      },
    );

    app.get(
      '/product/category/:category',
      {
        schema: {
          operationId: 'listCategoryProducts',
          summary: 'A category’s products, sorted and narrowed by price if asked',
          params: CategoryParamsSchema,
          querystring: ProductListQuerySchema,
          response: listResponse,
          errors: ['not_found'],
        },
      },
      async (request, reply) => {
        const category = ProductCategorySchema.safeParse(request.params.category);
        if (!category.success) throw new AppError('not_found', CATALOG_MESSAGES.unknownCategory);
        const snapshot = await catalog.get();
        if (!narrows(request.query)) return sendCached(request, reply, body(snapshot.bodies, `category:${category.data}`));
        const list = snapshot.byCategory.get(category.data) ?? [];
        return reply.header('cache-control', 'no-cache').send({ products: sortAndFilter(list, request.query) });
      },
    );

    app.get(
      '/product/:id',
      {
        schema: {
          operationId: 'getProduct',
          summary: 'One product with its reviews',
          params: ProductIdParamsSchema,
          response: { 200: ProductResponseSchema },
          errors: ['not_found'],
        },
      },
      async (request, reply) => {
        const snapshot = await catalog.get();
        const cachedBody = snapshot.bodies.get(`product:${request.params.id}`);
        if (cachedBody) return sendCached(request, reply, cachedBody);
        if (snapshot.adminById.has(request.params.id)) throw new AppError('not_found', CATALOG_MESSAGES.productUnavailable);
        throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
      },
    );

    app.get(
      '/banner',
      { schema: { operationId: 'listBanners', summary: 'The home page’s banners', response: { 200: BannerListResponseSchema } } },
      async (request, reply) => sendCached(request, reply, body((await catalog.get()).bodies, 'banners')),
    );
  };
}
