import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BillPdfSchema, OrderNumberParamsSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../platform/current-user.js';
import { billOf } from './bill.service.js';
import { renderBill } from './bill.pdf.js';

/**
 * `GET /orders/bill/:orderId` (docs/product.md#the-bill) on `app`, whose scope already
 * requires a signed-in user (orders.routes.ts): the PDF of a delivered order's bill, for its
 * customer or an admin, as an attachment, never cached; 404 for anyone else or an unknown order,
 * 409 before delivery.
 */
export function registerBillRoute(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // docs/product.md#the-bill: the shopper's own bill, or any order's for an admin; 404 for anyone else.
  typed.get(
    '/orders/bill/:orderId',
    {
      schema: {
        operationId: 'downloadBill',
        summary: 'The bill of a delivered order as a PDF in English and Tamil',
        params: OrderNumberParamsSchema,
        response: { 200: BillPdfSchema },
        errors: ['not_found', 'conflict'],
      },
    },
    async (request, reply) => {
      const { order, billedAt, hsn } = await billOf(db, request.params.orderId, currentUser(request));
      const pdf = await renderBill(order, { shop: app.config.shop, billing: app.config.billing }, billedAt, hsn);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="bill-${order.orderId}.pdf"`)
        .type('application/pdf')
        .send(pdf as never);
    },
  );
}
