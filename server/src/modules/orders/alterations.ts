import { and, asc, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import { ALTERATION_MESSAGES, ORDER_MESSAGES, type Alteration, type AlterationBody } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderAlterations, orderEvents, orderLines, orders, referencePictures } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays, shopNow } from '../../platform/shop-calendar.js';

/** An `order_alterations` row. */
export type AlterationRow = typeof orderAlterations.$inferSelect;

/** Row → API shape of an alteration (contract `AlterationSchema`; docs/product.md#free-alterations): times in ISO 8601 UTC. */
export function toAlterationApi(row: AlterationRow): Alteration {
  return {
    id: row.id,
    productId: row.productId,
    problem: row.problem,
    where: row.whereText,
    note: row.note,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
    pictures: row.pictures,
  };
}

/**
 * The alterations of the orders `orderIds` (docs/product.md#free-alterations), in ONE statement
 * whatever their number (no N+1): order id → its alterations as the API answers them, oldest
 * asked first. An order without alterations is absent from the map.
 */
export async function alterationsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, Alteration[]>> {
  const byOrder = new Map<string, Alteration[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderAlterations)
    .where(inArray(orderAlterations.orderId, [...orderIds]))
    .orderBy(asc(orderAlterations.orderId), asc(orderAlterations.requestedAt), asc(orderAlterations.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(toAlterationApi(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * Whether an order delivered at `deliveredAt` is still within its free alterations at `now`
 * (docs/product.md#free-alterations): through the end of the shop day `days` days after the shop
 * day of delivery, India Standard Time. Delivered on 2 Nov with 7 days: 9 Nov is the last day.
 */
function withinAlterationWindow(deliveredAt: Date, now: Date, days: number): boolean {
  return shopNow(now).date <= addDays(shopNow(deliveredAt).date, days);
}

/** What a new alteration's mails need: the order's row, the garment's line and the alteration. */
export interface AlterationRequest {
  order: typeof orders.$inferSelect;
  line: typeof orderLines.$inferSelect;
  alteration: Alteration;
}

/**
 * When an order was delivered, for its alteration window: its bill's time (given at its first
 * delivery, on the app's clock: docs/product.md#the-bill), else for an order delivered before bills
 * its last `delivered` step, else its placing time.
 */
async function deliveredAt(tx: Db, order: typeof orders.$inferSelect): Promise<Date> {
  if (order.billedAt) return order.billedAt;
  const [delivered] = await tx
    .select({ at: max(orderEvents.at) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'delivered')));
  return delivered?.at ?? order.createdAt;
}

/** Her order `orderNumber`, its row locked (`FOR UPDATE`) so two requests for it run one after another. */
async function lockHerDeliveredOrder(tx: Db, userId: string, orderNumber: string, now: Date, days: number) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw new AppError('not_found', ORDER_MESSAGES.orderNotFound);
  if (order.status !== 'delivered') throw new AppError('conflict', ALTERATION_MESSAGES.notDelivered);
  if (!withinAlterationWindow(await deliveredAt(tx, order), now, days)) throw new AppError('conflict', ALTERATION_MESSAGES.windowClosed);
  return order;
}

/** The order's line of `productId` with no alteration open on it. */
async function garmentWithoutOpenAlteration(tx: Db, orderId: string, productId: string) {
  const [line] = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.productId, productId)))
    .orderBy(asc(orderLines.position))
    .limit(1);
  if (!line) throw new AppError('bad_request', ALTERATION_MESSAGES.productNotOnOrder);
  const [open] = await tx
    .select({ id: orderAlterations.id })
    .from(orderAlterations)
    .where(and(eq(orderAlterations.orderLineId, line.id), ne(orderAlterations.status, 'done')));
  if (open) throw new AppError('conflict', ALTERATION_MESSAGES.alreadyOpen);
  return line;
}

/**
 * Mark her unused reference pictures `pictureIds` used at `now`, in one statement whose row locks
 * keep two requests from taking one picture (docs/security.md#private-pictures); their URLs in the
 * order named.
 * @throws AppError('bad_request', ALTERATION_MESSAGES.pictureNotFound) for an id named twice, or
 *   one that is not hers, unknown or already used.
 */
async function takePictures(tx: Db, userId: string, pictureIds: readonly string[], now: Date): Promise<string[]> {
  if (pictureIds.length === 0) return [];
  if (new Set(pictureIds).size !== pictureIds.length) throw new AppError('bad_request', ALTERATION_MESSAGES.pictureNotFound);
  const taken = await tx
    .update(referencePictures)
    .set({ usedAt: now })
    .where(and(eq(referencePictures.userId, userId), inArray(referencePictures.id, [...pictureIds]), isNull(referencePictures.usedAt)))
    .returning({ id: referencePictures.id, url: referencePictures.url });
  if (taken.length !== pictureIds.length) throw new AppError('bad_request', ALTERATION_MESSAGES.pictureNotFound);
  const urlById = new Map(taken.map((picture) => [picture.id, picture.url]));
  return pictureIds.map((id) => urlById.get(id)!);
}

/**
 * `POST /orders/:orderId/alterations` (docs/product.md#free-alterations): the signed-in shopper asks
 * for a free alteration of one garment of her delivered order, in ONE transaction: her order's row
 * locked, the window checked on the shop's calendar (`days` after the day of delivery), the garment
 * found with no alteration open, her pictures taken, the alteration written (`requested` at `now`);
 * `onRequested` runs in it (the route queues the shop's mail there).
 * @throws AppError('not_found', ORDER_MESSAGES.orderNotFound) for an unknown order or another user's.
 * @throws AppError('conflict', ALTERATION_MESSAGES.notDelivered | windowClosed | alreadyOpen).
 * @throws AppError('bad_request', ALTERATION_MESSAGES.productNotOnOrder | pictureNotFound).
 */
export async function requestAlteration(
  db: Db,
  now: Date,
  days: number,
  userId: string,
  orderNumber: string,
  body: AlterationBody,
  onRequested?: (tx: Db, request: AlterationRequest) => Promise<void>,
): Promise<Alteration> {
  return db.transaction(async (tx) => {
    const order = await lockHerDeliveredOrder(tx, userId, orderNumber, now, days);
    const line = await garmentWithoutOpenAlteration(tx, order.id, body.productId);
    const pictures = await takePictures(tx, userId, body.pictureIds, now);
    const [row] = await tx
      .insert(orderAlterations)
      .values({
        orderId: order.id,
        orderLineId: line.id,
        productId: body.productId,
        problem: body.problem,
        whereText: body.where,
        note: body.note,
        pictures,
        requestedAt: now,
      })
      .returning();
    const alteration = toAlterationApi(row!);
    await onRequested?.(tx, { order, line, alteration });
    return alteration;
  });
}
