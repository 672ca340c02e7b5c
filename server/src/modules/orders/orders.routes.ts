import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import {
  CancelBodySchema,
  IdempotencyKeySchema,
  LANGUAGE_COOKIE,
  MessageResponseSchema,
  MyOrderListQuerySchema,
  ORDER_MESSAGES,
  OrderListResponseSchema,
  OrderResponseSchema,
  PlaceOrderBodySchema,
  PRODUCT_IMAGE_ASPECT,
  QuoteBodySchema,
  QuoteResponseSchema,
  ReferencePictureResponseSchema,
  STITCHING_MESSAGES,
  type PlaceOrderBody,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { limitKey, rateLimitHook } from '../../platform/rate-limit.js';
import { guardEveryRoute } from '../../platform/route-traits.js';
import { MULTIPART_OPTIONS, readMultipartForm } from '../../platform/multipart-form.js';
import { AppError } from '../../platform/errors.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { newOrderNotice, PUSH_LINES, shopNotice } from '../../platform/push-notices.js';
import { requestLanguage } from '../../platform/request-language.js';
import { orderCancelledMails, orderPlacedMails } from './orders.mail.js';
import { cancelOrder, listOrders } from './orders.service.js';
import { placeOrder, TooManyOrdersError } from './place-order.js';
import { saveReferencePicture } from './reference-pictures.service.js';
import { quoteOrder } from './quote-order.js';
import { registerBillRoute } from './bill.routes.js';
import { registerAppointmentRoute } from './appointments.routes.js';
import { registerSignOffRoute } from './sign-off.routes.js';
import { registerShareLinkRoutes } from './share-link.routes.js';
import { registerAlterationRoute } from './alterations.routes.js';
import { scheduleReferencePictureSweep } from './private-pictures.js';

/**
 * Reference pictures a shopper may upload in an hour (docs/security.md#uploads-asvs-v5; ASVS 5.2.x):
 * three for each of a few orders' lines, with room for second tries.
 */
export const REFERENCE_PICTURE_RATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 } as const;

/**
 * The `Idempotency-Key` header of `POST /orders` with a SHA-256 of the validated body, or
 * undefined when the header is absent (docs/security.md, double submits).
 * @throws AppError('bad_request', ORDER_MESSAGES.idempotencyKeyFormat) for a malformed key.
 */
function idempotencyOf(header: string | string[] | undefined, body: PlaceOrderBody): { key: string; requestHash: string } | undefined {
  if (header === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new AppError('bad_request', ORDER_MESSAGES.idempotencyKeyFormat);
  return { key: parsed.data, requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') };
}

/**
 * What a new order tells, in its own transaction (docs/architecture.md#mail,
 * docs/architecture.md#notifications): her confirmation and the shop's mail, and a notification
 * to the admins' phones (docs/product.md#notifications).
 */
async function tellOfNewOrder(
  tx: Db,
  now: Date,
  order: Parameters<typeof orderPlacedMails>[0],
  user: Parameters<typeof orderPlacedMails>[1],
  publicUrl: string,
): Promise<void> {
  await queueMails(tx, now, orderPlacedMails(order, user, publicUrl));
  await queuePush(tx, now, [newOrderNotice(order, publicUrl)]);
}

/** What her cancellation tells, in its transaction: both mails, and a notification to the admins' phones. */
async function tellOfCancellation(
  tx: Db,
  now: Date,
  record: Parameters<typeof orderCancelledMails>[0],
  user: Parameters<typeof orderCancelledMails>[1],
  publicUrl: string,
): Promise<void> {
  await queueMails(tx, now, orderCancelledMails(record, user, publicUrl));
  const title = { en: `Order ${record.orderNumber} cancelled`, ta: `ஆர்டர் ${record.orderNumber} ரத்து செய்யப்பட்டது` };
  await queuePush(tx, now, [shopNotice('order-cancelled', record.orderNumber, publicUrl, title, PUSH_LINES.cancelled)]);
}

/**
 * A shopper's orders (docs/product.md#api; docs/architecture.md#http-api), signed-in users only (401 otherwise), each
 * user only their own:
 * - `POST /orders {items: [{productId, quantity}], totalAmt}` → 201 `{order}`: prices and total
 *   from the server's own catalog; 400 without an address, 404 unknown product, 409 when
 *   `totalAmt` differs (the message gives the current total); 429 (`order.tooManyOpenOrders`,
 *   or `order.tooManyOrdersPerHour` with `Retry-After`) over the account's order limits. With a
 *   `visit`, 409 `visit.alreadyBooked` when the account has an open order in that slot already and
 *   429 `visit.tooManyOpenVisits` at `MAX_OPEN_VISITS` open orders with a visit (docs/security.md finding 10). With an
 *   `Idempotency-Key` header, a repeat of the key by the account (even at the same moment)
 *   answers 201 with the order the key first placed, and places nothing; the same key with
 *   other lines is a 409 (docs/security.md, double submits). In the same transaction, a
 *   confirmation mail to the customer and a new-order mail to the shop (English and Tamil)
 *   go into the outbox, sent once it commits (docs/architecture.md#mail).
 *   An optional `neededBy` (her function date, today to a year ahead, else 400) is kept with the
 *   ready-by date the shop promises and `rush` (docs/product.md#dates-a-tailor-promises).
 * - `POST /orders/quote` (the place-order body, `totalAmt` optional) → `{readyBy, neededBy, fits, total}`:
 *   what placing it would promise, placing nothing; 400 bad dates, 404 unknown product, 409 hidden one.
 * - `GET /orders?limit=&cursor=&status=` → `{orders, nextCursor, counts}`: one page of her orders,
 *   newest first, cancelled ones included (`status: 'cancelled'`, `cancelledAt`, `reason`) unless
 *   `status` leaves them out, and her count per state (docs/product.md#lists-by-page); 400 for a
 *   bad limit, cursor or status, or an unknown parameter.
 * - `POST /orders/cancel {orderId, reason, items?}` → `{message: 'Order canceled successfully'}`;
 *   404 for an unknown or another user's order, 409 for a delivered or already cancelled one, 400 for a blank
 *   reason; `items` is accepted (docs/product.md#entities) but ignored: the record is built from the order itself.
 *   The order is kept, cancelled (docs/product.md#cancellations-kept); the customer's and the shop's
 *   cancellation mails go into the outbox in the same transaction.
 * - `POST /orders/reference-pictures` (multipart, one file `picture`) → 201 `{picture: {id, url}}`:
 *   a reference picture for a line's stitching details (docs/product.md#stitching-details), stored
 *   like a product picture (decoded, turned upright, metadata stripped, re-encoded as WebP;
 *   docs/security.md#uploads-asvs-v5). 400 without a file, 413 over 10 MB or the pixel limit (or more
 *   than one file), 415 for bytes that are no image or a body that is not multipart, 429 over
 *   {@link REFERENCE_PICTURE_RATE_LIMIT} per account or with LIMITS.maxUnusedStitchingPictures
 *   pictures not yet on an order. A picture still on no order a day later is deleted by the
 *   hourly sweep this plugin schedules (private-pictures.ts; docs/security.md#private-pictures).
 */
export function ordersRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    scheduleReferencePictureSweep(fastify, db);
    guardEveryRoute(app, signedInHook(app.sessions));

    app.post(
      '/orders',
      {
        schema: {
          operationId: 'placeOrder',
          summary: 'Place an order of the given lines, paid on delivery',
          body: PlaceOrderBodySchema,
          response: { 201: OrderResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict', 'too_many_requests'],
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const idempotency = idempotencyOf(request.headers['idempotency-key'], request.body);
        let placed;
        try {
          placed = await placeOrder(db, user.id, request.body, {
            now: app.clock.now(),
            limits: app.config.orderLimits,
            maxOpenVisits: app.config.maxOpenVisits,
            idempotency,
            language: requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']),
            onPlaced: (tx, order) => tellOfNewOrder(tx, app.clock.now(), order, user, app.config.publicUrl),
          });
        } catch (error) {
          if (error instanceof TooManyOrdersError && error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
        // A repeat of an Idempotency-Key answers the first order as it was first answered, and mails nothing.
        if (!placed.replayed) void app.outbox.wake();
        return reply.status(201).send({ order: placed.order });
      },
    );

    app.post(
      '/orders/quote',
      {
        schema: {
          operationId: 'quoteOrder',
          summary: 'The ready-by date and total an order would get, placing nothing',
          body: QuoteBodySchema,
          response: { 200: QuoteResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request) => quoteOrder(db, app.clock.now(), request.body),
    );

    await app.register(async (child) => {
      await child.register(fastifyMultipart, MULTIPART_OPTIONS);
      await child.register(fastifyRateLimit, { global: false, ...app.rateLimits.pluginOptions });
      const perUser = child.createRateLimit({
        max: REFERENCE_PICTURE_RATE_LIMIT.max,
        timeWindow: REFERENCE_PICTURE_RATE_LIMIT.windowMs,
        keyGenerator: (request) => limitKey('reference-picture:user', currentUser(request).id),
      });
      child.withTypeProvider<ZodTypeProvider>().post(
        '/orders/reference-pictures',
        {
          schema: {
            operationId: 'uploadReferencePicture',
            summary: 'Upload a reference picture for a line’s stitching (multipart `picture`)',
            response: { 201: ReferencePictureResponseSchema },
            errors: ['bad_request', 'too_large', 'unsupported_media_type', 'too_many_requests'],
          },
          preHandler: rateLimitHook(perUser, STITCHING_MESSAGES.tooManyUploads),
        },
        async (request, reply) => {
          const form = await readMultipartForm(request, { fileField: 'picture', maxFiles: 1 });
          if (form.discardedFiles > 0) throw new AppError('too_large', STITCHING_MESSAGES.tooManyPictures);
          const [file] = form.files;
          if (!file || file.length === 0) throw new AppError('bad_request', STITCHING_MESSAGES.pictureFileRequired);
          const picture = await saveReferencePicture(db, app.images, currentUser(request).id, file, PRODUCT_IMAGE_ASPECT, request.log);
          return reply.status(201).send({ picture });
        },
      );
    });

    app.get(
      '/orders',
      {
        schema: {
          operationId: 'listOrders',
          summary: 'A page of the shopper’s orders, newest first, with her count per state',
          querystring: MyOrderListQuerySchema,
          response: { 200: OrderListResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request) => listOrders(db, currentUser(request).id, request.query),
    );

    registerBillRoute(app, db);
    registerAppointmentRoute(app, db);
    registerSignOffRoute(app, db);
    registerShareLinkRoutes(app, db);
    registerAlterationRoute(app, db);

    app.post(
      '/orders/cancel',
      {
        schema: {
          operationId: 'cancelOrder',
          summary: 'Cancel one of the shopper’s orders, with a reason',
          body: CancelBodySchema,
          response: { 200: MessageResponseSchema },
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => {
        const user = currentUser(request);
        await cancelOrder(db, user, request.body.orderId, request.body.reason, (tx, record) =>
          tellOfCancellation(tx, app.clock.now(), record, user, app.config.publicUrl),
        );
        void app.outbox.wake();
        return { message: ORDER_MESSAGES.cancelled };
      },
    );
  };
}
