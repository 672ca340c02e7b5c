import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommentBodySchema, ORDER_MESSAGES } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { AppError } from '../../platform/errors.js';
import { addReview } from './reviews.service.js';

/**
 * Reviews (docs/product.md#api `POST /comment {productId, userComment}`), signed-in users only (401
 * otherwise): a blank comment is a 400 'Must be filled' (docs/product.md#validation); a user without a delivered
 * order of the product gets a 403 with docs/product.md#states-and-transitions purchase-first message; an unknown product
 * is a 404. Answers `{product}`: the refreshed product with its reviews, newest first.
 */
export function reviewsRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', signedInHook(app.sessions));

    app.post('/comment', { schema: { body: CommentBodySchema } }, async (request) => {
      const user = currentUser(request);
      await addReview(db, user, request.body.productId, request.body.userComment);
      app.catalog.invalidate();
      const product = (await app.catalog.get()).byId.get(request.body.productId);
      if (!product) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
      return { product };
    });
  };
}
