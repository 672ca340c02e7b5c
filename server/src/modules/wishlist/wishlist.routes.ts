import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProductIdBodySchema, WishlistResponseSchema, type WishlistResponse } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { guardEveryRoute } from '../../platform/route-traits.js';
import { productsInOrder, toggleWishlist, wishlistProductIds } from './wishlist.service.js';

/**
 * The wishlist (docs/product.md#api; docs/architecture.md#http-api), signed-in users only (401 otherwise), each user
 * their own: `GET /wishlist` → `{products}` newest first; `POST /wishlist {productId}` toggles
 * the product and answers the new `{products}` (404 'Product not found' for an unknown or
 * deleted product, 400 for a malformed id or an extra field).
 */
export function wishlistRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    guardEveryRoute(app, signedInHook(app.sessions));

    async function answer(userId: string): Promise<WishlistResponse> {
      const ids = await wishlistProductIds(db, userId);
      return { products: productsInOrder(await app.catalog.get(), ids) };
    }

    app.get(
      '/wishlist',
      {
        schema: { operationId: 'getWishlist', summary: 'The shopper’s wishlist, newest first', response: { 200: WishlistResponseSchema } },
      },
      async (request) => answer(currentUser(request).id),
    );

    app.post(
      '/wishlist',
      {
        schema: {
          operationId: 'toggleWishlistItem',
          summary: 'Add a product to the wishlist, or take it off',
          body: ProductIdBodySchema,
          response: { 200: WishlistResponseSchema },
          errors: ['not_found'],
        },
      },
      async (request) => {
        const user = currentUser(request);
        await toggleWishlist(db, user.id, request.body.productId);
        return answer(user.id);
      },
    );
  };
}
