import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommentBodySchema, ORDER_MESSAGES, ProductResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { guardEveryRoute } from '../../platform/route-traits.js';
import { AppError } from '../../platform/errors.js';
import { addReview } from './reviews.service.js';

/**
 * Reviews (docs/product.md#reviews; `POST /comment {productId, userComment, stars?}`),
 * signed-in users only (401 otherwise): a blank comment is a 400 'Must be filled', stars
 * given other than a whole 1 to 5 a 400 `catalog.starsInvalid` (docs/product.md#validation);
 * without stars the review is listed and left out of the rating; a user
 * without a delivered order of the product gets a 403 with the purchase-first message
 * (docs/product.md#states-and-transitions); an unknown product is a 404, a hidden one a 409.
 * A second review of the same product by the same account replaces the first
 * (docs/security.md). Answers `{product}`: the refreshed product with its reviews, newest
 * first, and its new rating.
 */
export function reviewsRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    guardEveryRoute(app, signedInHook(app.sessions));

    app.post(
      '/comment',
      {
        schema: {
          operationId: 'addReview',
          summary: 'Review a product from a delivered order',
          body: CommentBodySchema,
          response: { 200: ProductResponseSchema },
          errors: ['forbidden', 'not_found', 'conflict'],
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { productId, userComment, stars } = request.body;
        await addReview(db, user, productId, { comment: userComment, stars: stars ?? null });
        app.catalog.invalidate();
        const product = (await app.catalog.get()).byId.get(productId);
        if (!product) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
        return { product };
      },
    );
  };
}
