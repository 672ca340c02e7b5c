import { inArray } from 'drizzle-orm';
import {
  CATALOG_MESSAGES,
  LIMITS,
  ORDER_MESSAGES,
  paiseToRupees,
  VISIT_MESSAGES,
  type QuoteBody,
  type QuoteResponse,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays, shopNow } from '../../platform/shop-calendar.js';
import { checkNeededBy, promiseDates } from './place-order.js';

/**
 * `POST /orders/quote` (docs/product.md#dates-a-tailor-promises): what placing `body` at `now`
 * would promise, placing nothing: the ready-by date (the same computation as `placeOrder`'s, from
 * the products' categories, the quantities and the visit's date, or tomorrow without a visit),
 * her function date, whether the order is ready by it (`fits`), and the total in rupees from the
 * catalog's current prices (`totalAmt`, when sent, is not compared). Two statements. The visit's
 * slot is not held or checked for room: placing the order does that.
 * @throws AppError('bad_request', ORDER_MESSAGES.duplicateOrderItem) for a product listed twice.
 * @throws AppError('bad_request', DATE_MESSAGES.neededByRange) for a function date before today or over a year ahead.
 * @throws AppError('bad_request', VISIT_MESSAGES.pastDate | beyondWindow) for a visit date outside the bookable days.
 * @throws AppError('not_found', ORDER_MESSAGES.productNotFound) for an unknown product.
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) for a hidden product.
 */
export async function quoteOrder(db: Db, now: Date, body: QuoteBody): Promise<QuoteResponse> {
  const ids = body.items.map((item) => item.productId);
  if (new Set(ids).size !== ids.length) throw new AppError('bad_request', ORDER_MESSAGES.duplicateOrderItem);
  checkNeededBy(body.neededBy, now);
  if (body.visit) {
    const { date: today } = shopNow(now);
    if (body.visit.date < today) throw new AppError('bad_request', VISIT_MESSAGES.pastDate);
    if (body.visit.date > addDays(today, LIMITS.visitDaysAhead - 1)) throw new AppError('bad_request', VISIT_MESSAGES.beyondWindow);
  }
  const rows = await db
    .select({ id: products.id, pricePaise: products.pricePaise, category: products.category, hidden: products.hidden })
    .from(products)
    .where(inArray(products.id, ids));
  if (rows.length !== ids.length) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
  if (rows.some((row) => row.hidden)) throw new AppError('conflict', CATALOG_MESSAGES.productUnavailable);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines = body.items.map((item) => ({ productCategory: byId.get(item.productId)!.category, quantity: item.quantity }));
  const totalPaise = body.items.reduce((sum, item) => sum + byId.get(item.productId)!.pricePaise * item.quantity, 0);
  const dates = await promiseDates(db, now, lines, body.visit ?? null, body.neededBy);
  return { readyBy: dates.readyBy, neededBy: dates.neededBy, fits: !dates.rush, total: paiseToRupees(totalPaise) };
}
