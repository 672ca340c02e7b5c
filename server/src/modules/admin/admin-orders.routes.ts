import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  CancelledOrderListResponseSchema,
  MessageResponseSchema,
  OrderNumberParamsSchema,
  RecordIdParamsSchema,
  SearchPageQuerySchema,
  StatusBodySchema,
  StatusUpdateResponseSchema,
  type AdminOrder,
  type Language,
  type OrderState,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { deleteCancelledOrder, deleteDeliveredOrder, listCancelledOrders, updateOrderStatus } from './admin-orders.service.js';
import { listAdminOrdersJson } from './admin-order-list.service.js';
import { STATUS_WORDS, statusMail } from './status.mail.js';
import { discardSavedImages, releaseImages } from './image-references.js';
import { readStatusForm, storeDesignedPhotos } from './designed-photos.js';
import { MULTIPART_OPTIONS } from '../../platform/multipart-form.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { shopperNotice } from '../../platform/push-notices.js';
import { currentUser } from '../../platform/current-user.js';
import { upiLinkStart, withUpi } from './upi-link.js';
import { hsnOfProducts, renderBill } from '../orders/index.js';
import type { MailFile } from '../../db/schema/index.js';

/**
 * The delivery mail's bill (docs/product.md#the-bill): the PDF of a delivered order with its bill
 * number and HSN codes (read in the delivery's transaction `tx`), dated now, as the mail's attachment; none for any other status.
 */
async function billFiles(app: FastifyInstance, tx: Db, order: AdminOrder): Promise<MailFile[]> {
  if (order.status !== 'delivered' || !order.billNumber) return [];
  const hsn = await hsnOfProducts(
    tx,
    order.items.map((item) => item.productId),
  );
  const pdf = await renderBill(order, { shop: app.config.shop, billing: app.config.billing }, app.clock.now(), hsn);
  return [{ filename: `bill-${order.orderId}.pdf`, contentType: 'application/pdf', base64: pdf.toString('base64') }];
}

/**
 * The notification of a new status to the customer's phones (docs/product.md#notifications):
 * the status in her words and what it means (status.mail.ts `STATUS_WORDS`).
 */
function statusNotice(order: { orderId: string; status: OrderState; language: Language | null }, userId: string, publicUrl: string) {
  const words = STATUS_WORDS[order.status];
  return shopperNotice('order-status', order, userId, publicUrl, {
    en: `${words.en}. ${words.enLine}`,
    ta: `${words.ta}. ${words.taLine}`,
  });
}

/**
 * Admin order endpoints (docs/product.md#admin-dashboard OrderStatus and CancelOrders tabs, docs/product.md#roles-and-permissions, docs/product.md#api, docs/product.md#messages), every route
 * admin only (401 visitor, 403 customer):
 * - `GET /orders/status?limit=&cursor=&status=&from=&to=&q=&sort=` → `{orders, nextCursor, counts}`:
 *   one page of the customers' orders, newest first (or with `sort=readyBy|neededBy` by that date,
 *   soonest first, orders without it last), each with `customer: {username, email}`;
 *   every state but `cancelled` unless `status` names states (docs/product.md#cancellations-kept),
 *   narrowed to the days placed and a search, with the count per state under the days and the
 *   search (docs/product.md#lists-by-page); one statement (admin-order-list.service.ts). 400
 *   for a bad limit, cursor (another sort's too), status, date, range, search or sort, or an unknown parameter.
 * - `PUT /orders/status/:orderId` `{status}` → `{message: 'Order status updated to …', order}`;
 *   400 unknown status, 404 unknown order. A change e-mails the customer in English and
 *   Tamil: the mail goes into the outbox with the change (docs/architecture.md#mail). Also
 *   multipart (`status` and up to 3 image files `photos`, only with "designed",
 *   docs/product.md#designed-photos): the photos replace the order's and the mail shows them;
 *   400 photos with another status, 413 more than 3 or over 10 MB, 415 not an image; 409 for an
 *   order its customer cancelled (docs/product.md#cancellations-kept).
 * - `DELETE /orders/delivered/delete/:orderId` → `{message: 'deleted'}`; 409 unless delivered.
 * - `GET /orders/cancel?limit=&cursor=&q=` → `{cancelledOrders, nextCursor}`: one page, newest
 *   first, narrowed to an order number, username or phone (docs/product.md#lists-by-page).
 * - `DELETE /orders/delete/:id` (a cancelled-order record) → `{message: 'Order deleted successfully'}`; 404 unknown.
 * The customer's own `GET /orders`, `POST /orders` and `POST /orders/cancel` are the orders
 * module's; no method and path overlaps.
 */
export function adminOrderRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    // Multipart only for the status change with photos; every other route here takes JSON.
    await fastify.register(fastifyMultipart, MULTIPART_OPTIONS);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);

    // The database writes the page's JSON itself (listAdminOrdersJson); the schema documents the
    // answer, and the tests check it against the schema and the customers' own lists.
    app.get(
      '/orders/status',
      {
        onRequest,
        schema: {
          operationId: 'listAdminOrders',
          summary: 'A page of the customers’ orders, newest first, with the count per state',
          querystring: AdminOrderListQuerySchema,
          response: { 200: AdminOrderListResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request, reply) =>
        // A string is sent as it is: no serializer runs (Fastify serializes objects only).
        reply
          .type('application/json; charset=utf-8')
          .send((await listAdminOrdersJson(db, request.query, fastify.clock.now(), upiLinkStart(fastify.config.billing))) as never),
    );

    app.put(
      '/orders/status/:orderId',
      {
        onRequest,
        preValidation: readStatusForm,
        schema: {
          operationId: 'updateOrderStatus',
          summary: 'Move an order to a status (JSON, or multipart with designed photos)',
          params: OrderNumberParamsSchema,
          body: StatusBodySchema,
          response: { 200: StatusUpdateResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict', 'too_large', 'unsupported_media_type'],
        },
      },
      async (request) => {
        // An order kept after its account was deleted has nobody to tell.
        const admin = currentUser(request);
        const photos = await storeDesignedPhotos(request, request.body.status, fastify.images, request.log);
        let change: Awaited<ReturnType<typeof updateOrderStatus>>;
        try {
          change = await updateOrderStatus(
            db,
            request.params.orderId,
            request.body.status,
            admin.id,
            async (tx, changed, userId) => {
              if (changed.customer && userId) {
                const mail = statusMail({ ...changed, customer: changed.customer }, userId, fastify.config.publicUrl);
                const files = await billFiles(fastify, tx, changed);
                await queueMails(tx, fastify.clock.now(), [{ ...mail, files }]);
                await queuePush(tx, fastify.clock.now(), [statusNotice(changed, userId, fastify.config.publicUrl)]);
              }
            },
            photos,
            fastify.clock.now(),
          );
        } catch (error) {
          if (photos) await discardSavedImages(fastify.images, photos, request.log);
          throw error;
        }
        const { order, replacedPhotos } = change;
        await releaseImages(db, fastify.images, replacedPhotos, request.log);
        void fastify.outbox.wake();
        return { message: ADMIN_MESSAGES.statusUpdated(order.status), order: withUpi(order, fastify.config.billing) };
      },
    );

    app.delete(
      '/orders/delivered/delete/:orderId',
      {
        onRequest,
        schema: {
          operationId: 'deleteDeliveredOrder',
          summary: 'Delete a delivered order',
          params: OrderNumberParamsSchema,
          response: { 200: MessageResponseSchema },
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => {
        const imageUrls = await deleteDeliveredOrder(db, request.params.orderId);
        await releaseImages(db, fastify.images, imageUrls, request.log);
        return { message: ADMIN_MESSAGES.deliveredDeleted };
      },
    );

    app.get(
      '/orders/cancel',
      {
        onRequest,
        schema: {
          operationId: 'listCancelledOrders',
          summary: 'A page of the cancellation records, newest first',
          querystring: SearchPageQuerySchema,
          response: { 200: CancelledOrderListResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request) => listCancelledOrders(db, request.query),
    );

    app.delete(
      '/orders/delete/:id',
      {
        onRequest,
        schema: {
          operationId: 'deleteCancelledOrder',
          summary: 'Delete a cancellation record',
          params: RecordIdParamsSchema,
          response: { 200: MessageResponseSchema },
          errors: ['not_found'],
        },
      },
      async (request) => {
        const imageUrls = await deleteCancelledOrder(db, request.params.id);
        await releaseImages(db, fastify.images, imageUrls, request.log);
        return { message: ADMIN_MESSAGES.cancelledDeleted };
      },
    );
  };
}
