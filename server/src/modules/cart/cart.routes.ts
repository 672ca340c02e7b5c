import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CartParamsSchema, CartResponseSchema, ProductIdBodySchema, QuantityBodySchema, type CartResponse } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { guardEveryRoute } from '../../platform/route-traits.js';
import { addCartItem, cartLinesOf, removeCartItem, setCartQuantity, toCartResponse } from './cart.service.js';

/**
 * The cart (docs/product.md#api; docs/architecture.md#http-api), signed-in users only (401 otherwise), each user their
 * own. Every route answers the whole cart `{items, total}` (rupees, current catalog prices):
 * - `GET /cart`;
 * - `POST /cart {productId}`: adds one (409 at 10 of a product; 404 unknown product);
 * - `DELETE /cart {productId}`: removes the line (404 unknown product);
 * - `PUT /cart/:productId {quantity}`: 0 to 10, 0 removes; 404 when the line is not in the cart.
 * Malformed ids, quantities outside 0..10, fractions and extra fields are 400s.
 */
/** Every cart route answers the whole cart. */
const cartAnswer = { 200: CartResponseSchema };

export function cartRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    guardEveryRoute(app, signedInHook(app.sessions));

    async function answer(userId: string): Promise<CartResponse> {
      const lines = await cartLinesOf(db, userId);
      return toCartResponse(await app.catalog.get(), lines);
    }

    app.get('/cart', { schema: { operationId: 'getCart', summary: 'The shopper’s cart', response: cartAnswer } }, async (request) =>
      answer(currentUser(request).id),
    );

    app.post(
      '/cart',
      {
        schema: {
          operationId: 'addCartItem',
          summary: 'Add one of a product to the cart',
          body: ProductIdBodySchema,
          response: cartAnswer,
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => {
        const lines = await addCartItem(db, currentUser(request).id, request.body.productId);
        return toCartResponse(await app.catalog.get(), lines);
      },
    );

    app.delete(
      '/cart',
      {
        schema: {
          operationId: 'removeCartItem',
          summary: 'Remove a product’s line from the cart',
          body: ProductIdBodySchema,
          response: cartAnswer,
          errors: ['not_found'],
        },
      },
      async (request) => {
        const user = currentUser(request);
        await removeCartItem(db, user.id, request.body.productId);
        return answer(user.id);
      },
    );

    app.put(
      '/cart/:productId',
      {
        schema: {
          operationId: 'setCartItemQuantity',
          summary: 'Set a cart line’s quantity (0 removes it)',
          params: CartParamsSchema,
          body: QuantityBodySchema,
          response: cartAnswer,
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => {
        const user = currentUser(request);
        await setCartQuantity(db, user.id, request.params.productId, request.body.quantity);
        return answer(user.id);
      },
    );
  };
}
