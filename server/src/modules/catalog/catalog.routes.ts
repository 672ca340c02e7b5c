import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CATALOG_MESSAGES, CategoryParamsSchema, ProductCategorySchema, ProductIdParamsSchema } from '@thaiyal/contract';
import { precompressed } from '../../platform/compression.js';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../db/client.js';
import type { CachedBody, Catalog } from './catalog.service.js';
import { recommendFor } from './recommendations.service.js';

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
  if (!found) throw new AppError('not_found', 'Product not found');
  return found;
}

/**
 * The public catalog read API (docs/product.md#api; docs/architecture.md#http-api), served from memory:
 * `GET /product` → `{products}`; `GET /product/category/:category` → `{products}` (an
 * unknown category is a 404 'Unknown category'); `GET /product/featured`;
 * `GET /product/recommend` (a visitor's stable, cached selection; a signed-in user's own,
 * drawn from their wishlist, cart and orders by recommendations.service.ts, never cached); `GET /product/:id` → `{product}` (400 for a
 * malformed id, 404 'Product not found'); `GET /banner` → `{banners}`.
 */
export function catalogRoutes(catalog: Catalog, db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/product', async (request, reply) => sendCached(request, reply, body((await catalog.get()).bodies, 'all')));

    app.get('/product/featured', async (request, reply) => sendCached(request, reply, body((await catalog.get()).bodies, 'featured')));

    app.get('/product/recommend', async (request, reply) => {
      await app.sessions.authenticate(request);
      // The answer depends on who asks: caches must key on the session cookie.
      reply.header('vary', 'cookie');
      if (!request.user) return sendCached(request, reply, body((await catalog.get()).bodies, 'recommend'));
      const products = await recommendFor(db, await catalog.get(), request.user.id);
      return reply.header('cache-control', 'private, no-store').send({ products });
    });

    app.get('/product/category/:category', { schema: { params: CategoryParamsSchema } }, async (request, reply) => {
      const category = ProductCategorySchema.safeParse(request.params.category);
      if (!category.success) throw new AppError('not_found', CATALOG_MESSAGES.unknownCategory);
      return sendCached(request, reply, body((await catalog.get()).bodies, `category:${category.data}`));
    });

    app.get('/product/:id', { schema: { params: ProductIdParamsSchema } }, async (request, reply) =>
      sendCached(request, reply, body((await catalog.get()).bodies, `product:${request.params.id}`)),
    );

    app.get('/banner', async (request, reply) => sendCached(request, reply, body((await catalog.get()).bodies, 'banners')));
  };
}
