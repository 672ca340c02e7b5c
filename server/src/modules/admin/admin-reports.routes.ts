import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HsnCodesBodySchema, HsnCodesSchema, OrdersCsvSchema, ReportPeriodQuerySchema, ReportResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { getHsnCodes, setHsnCodes } from '../orders/index.js';
import { buildReport } from './admin-reports.service.js';
import { ordersCsv } from './orders-csv.js';

/**
 * The owner's numbers and her bills' HSN codes, admin only (401 visitor, 403 customer; ASVS 8.2.1):
 * - `GET /admin/hsn-codes` → `{codes: {<category>: code | null}}` (docs/product.md#hsn-codes).
 * - `PUT /admin/hsn-codes` `{codes: {<category>: '6204' | null}}` → every category's code; 400 a
 *   code not of 4, 6 or 8 digits, an unknown category or field.
 * - `GET /admin/reports?from=&to=` → the period's figures (docs/product.md#reports); 400 a bad
 *   date, `from` after `to` or a period over two years.
 * - `GET /admin/orders.csv?from=&to=` → the period's order lines as CSV, an attachment named
 *   `thaiyal-orders-<from>-<to>.csv` (docs/product.md#the-order-lines-csv); the same 400s.
 */
export function adminReportRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);
    app.get(
      '/admin/hsn-codes',
      {
        onRequest,
        schema: { operationId: 'getHsnCodes', summary: 'The HSN code of each product category', response: { 200: HsnCodesSchema } },
      },
      async () => getHsnCodes(db),
    );
    app.put(
      '/admin/hsn-codes',
      {
        onRequest,
        schema: {
          operationId: 'setHsnCodes',
          summary: 'Set or clear the HSN codes of product categories',
          body: HsnCodesBodySchema,
          response: { 200: HsnCodesSchema },
          errors: ['bad_request'],
        },
      },
      async (request) => setHsnCodes(db, request.body),
    );
    app.get(
      '/admin/reports',
      {
        onRequest,
        schema: {
          operationId: 'getReport',
          summary: 'The period’s orders, deliveries, revenue, on-time rate, cancellations and top designs',
          querystring: ReportPeriodQuerySchema,
          response: { 200: ReportResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return buildReport(db, request.query);
      },
    );
    app.get(
      '/admin/orders.csv',
      {
        onRequest,
        schema: {
          operationId: 'downloadOrdersCsv',
          summary: 'The period’s order lines as CSV for the accountant',
          querystring: ReportPeriodQuerySchema,
          response: { 200: OrdersCsvSchema },
          errors: ['bad_request'],
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="thaiyal-orders-${from}-${to}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(ordersCsv(db, request.query) as never);
      },
    );
  };
}
