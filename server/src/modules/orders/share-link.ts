import { and, eq, isNull } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  SHARE_LINK_DAYS_AFTER_END,
  SHARE_LINK_MESSAGES,
  SHARE_TOKEN_PATTERN,
  type Appointment,
  type Language,
  type Order,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderLines, orderShareLinks, orders } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, randomToken } from '../../platform/tokens.js';
import { timelinesOf } from './order-events.js';
import { toOrderApi } from './orders.mapper.js';

/**
 * Tracking links (docs/product.md#sharing-an-orders-progress; docs/security.md#tracking-links):
 * a shopper makes one for her own order and may stop it; whoever holds it reads the order's
 * progress on `/track/{token}` until 30 days after delivery or cancellation.
 */

/** The key a tracking token is hashed under, so its hash never equals another token kind's. */
const SHARE_TOKEN_KEY = 'order-share-link';

/** A day in milliseconds. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the tracking page shows of an order, and nothing else (docs/security.md#tracking-links):
 * no address, phone, e-mail, name, measurements, notes, reference or designed pictures, payments.
 */
export interface TrackedOrder {
  orderNumber: string;
  status: Order['status'];
  /** The language she ordered in, null for orders placed before it was kept. */
  language: Language | null;
  /** Each garment: its names when sold, its product picture (the catalog's, public) and quantity. */
  items: { name: string; nameTa: string; image: string; quantity: number }[];
  /** The steps reached, oldest first, ISO 8601 times. */
  timeline: Order['timeline'];
  /** The visits booked: measuring, trial, delivery. */
  appointments: Pick<Appointment, 'kind' | 'date' | 'label'>[];
  readyBy: string | null;
  /** Rupees. */
  total: number;
  /** When the order was cancelled, for a cancelled order. */
  cancelledAt?: string;
}

/**
 * When an order ended, by its answer: the cancellation's time for a cancelled order, its last
 * delivery's for a delivered one; null while it is open.
 */
function endedAt(order: Pick<Order, 'status' | 'cancelledAt' | 'timeline'>): Date | null {
  if (order.status === 'cancelled') return order.cancelledAt ? new Date(order.cancelledAt) : null;
  if (order.status !== 'delivered') return null;
  const delivered = order.timeline.filter((step) => step.status === 'delivered').at(-1);
  return delivered ? new Date(delivered.at) : null;
}

/** Whether a link to `order` no longer opens at `now`: 30 days ({@link SHARE_LINK_DAYS_AFTER_END}) after it ended. */
function linkEnded(order: Pick<Order, 'status' | 'cancelledAt' | 'timeline'>, now: Date): boolean {
  const ended = endedAt(order);
  return ended !== null && now.getTime() >= ended.getTime() + SHARE_LINK_DAYS_AFTER_END * DAY_MS;
}

/** The order row and its answer (no payments: nothing here shows them). */
async function loadOrder(db: Db, row: typeof orders.$inferSelect): Promise<Order> {
  const [lines, timelines] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)),
    timelinesOf(db, [row.id]),
  ]);
  return toOrderApi(row, lines, timelines.get(row.id) ?? [], []);
}

/**
 * The id of `userId`'s order `orderNumber`.
 * @throws AppError('not_found', ORDER_MESSAGES.orderNotFound) for an unknown order or another
 *   shopper's (the same answer, so nobody learns which numbers exist; ASVS 8.2.2).
 */
async function ownOrder(db: Db, userId: string, orderNumber: string): Promise<typeof orders.$inferSelect> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)));
  if (!row) throw new AppError('not_found', ORDER_MESSAGES.orderNotFound);
  return row;
}

/**
 * A new tracking token for `userId`'s order `orderNumber` at `now` (32 random bytes, base64url),
 * stored only as its hash; it replaces the order's earlier link, revoked or not, so an old link
 * stops working.
 * @throws AppError('not_found', ORDER_MESSAGES.orderNotFound) for an unknown order or another shopper's.
 * @throws AppError('conflict', SHARE_LINK_MESSAGES.ended) when the order was delivered or
 *   cancelled 30 days ago or more: its link would not open.
 */
export async function createShareLink(db: Db, userId: string, orderNumber: string, now: Date): Promise<string> {
  const row = await ownOrder(db, userId, orderNumber);
  if (linkEnded(await loadOrder(db, row), now)) throw new AppError('conflict', SHARE_LINK_MESSAGES.ended);
  const token = randomToken();
  const link = { tokenHash: hashToken(token, SHARE_TOKEN_KEY), createdAt: now, revokedAt: null };
  await db
    .insert(orderShareLinks)
    .values({ orderId: row.id, ...link })
    .onConflictDoUpdate({ target: orderShareLinks.orderId, set: link });
  return token;
}

/**
 * Stop `userId`'s order `orderNumber`'s tracking link at `now`; nothing to do when it has none
 * or it is stopped already (idempotent).
 * @throws AppError('not_found', ORDER_MESSAGES.orderNotFound) for an unknown order or another shopper's.
 */
export async function revokeShareLink(db: Db, userId: string, orderNumber: string, now: Date): Promise<void> {
  const row = await ownOrder(db, userId, orderNumber);
  await db
    .update(orderShareLinks)
    .set({ revokedAt: now })
    .where(and(eq(orderShareLinks.orderId, row.id), isNull(orderShareLinks.revokedAt)));
}

/**
 * The order a tracking token opens at `now`, as the page shows it; undefined for a token of the
 * wrong shape (no database read), unknown, replaced or revoked, or 30 days after the order's
 * delivery or cancellation.
 */
export async function trackedOrder(db: Db, token: string, now: Date): Promise<TrackedOrder | undefined> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  const [found] = await db
    .select({ order: orders })
    .from(orderShareLinks)
    .innerJoin(orders, eq(orders.id, orderShareLinks.orderId))
    .where(and(eq(orderShareLinks.tokenHash, hashToken(token, SHARE_TOKEN_KEY)), isNull(orderShareLinks.revokedAt)));
  if (!found) return undefined;
  const order = await loadOrder(db, found.order);
  if (linkEnded(order, now)) return undefined;
  return {
    orderNumber: order.orderId,
    status: order.status,
    language: found.order.language,
    items: order.items.map(({ name, nameTa, image, quantity }) => ({ name, nameTa: nameTa ?? '', image, quantity })),
    timeline: order.timeline,
    appointments: (order.appointments ?? []).map(({ kind, date, label }) => ({ kind, date, label })),
    readyBy: order.readyBy ?? null,
    total: order.totalPrice,
    ...(order.cancelledAt ? { cancelledAt: order.cancelledAt } : {}),
  };
}
