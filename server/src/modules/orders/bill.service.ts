import { and, eq } from 'drizzle-orm';
import { ORDER_MESSAGES, PAYMENT_MESSAGES, type Order } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/current-user.js';
import { timelinesOf } from './order-events.js';
import { toOrderApi } from './orders.mapper.js';
import { paymentsOf } from './payments.js';
import { hsnOfProducts } from './hsn-codes.js';

/** What a bill is drawn from: the order as the API writes it, and the day its number was given. */
export interface BillData {
  order: Order;
  billedAt: Date;
  /** Each product's HSN code where its category has one (docs/product.md#hsn-codes): product id → code. */
  hsn: Map<string, string>;
}

/**
 * The order `orderNumber` for its bill (docs/product.md#the-bill): an admin's any order, a
 * shopper's only her own.
 * @throws AppError('not_found', ORDER_MESSAGES.orderNotFound) for an unknown order or another
 *   shopper's (the same answer, so nobody learns which numbers exist; ASVS 8.2.2).
 * @throws AppError('conflict', PAYMENT_MESSAGES.noBillYet) before its first delivery.
 */
export async function billOf(db: Db, orderNumber: string, user: Pick<SessionUser, 'id' | 'role'>): Promise<BillData> {
  const mine = user.role === 'admin' ? undefined : eq(orders.userId, user.id);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), mine));
  if (!row) throw new AppError('not_found', ORDER_MESSAGES.orderNotFound);
  if (row.billNumber === null || row.billedAt === null) throw new AppError('conflict', PAYMENT_MESSAGES.noBillYet);
  const [lines, timelines, payments] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)),
    timelinesOf(db, [row.id]),
    paymentsOf(db, [row.id]),
  ]);
  const hsn = await hsnOfProducts(
    db,
    lines.map((line) => line.productId),
  );
  return { order: toOrderApi(row, lines, timelines.get(row.id) ?? [], payments.get(row.id) ?? []), billedAt: row.billedAt, hsn };
}
