import { and, eq, gt, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  PAYMENT_MESSAGES,
  paiseToRupees,
  SHOP_TIME_ZONE,
  type AdminOrder,
  type CollectionsResponse,
  type PaymentBody,
  type PeriodQuery,
} from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { orderPayments, orders } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { toPaymentApi } from '../orders/index.js';
import { readAdminOrder } from './admin-orders.service.js';

/** The admin recording a payment: who collected it (docs/product.md#payment-at-the-door). */
export interface Collector {
  id: string;
  username: string;
}

/**
 * Record money received at the door for order `orderNumber` (docs/product.md#payment-at-the-door):
 * `body.amount` rupees (stored as paise) by `body.method`, with its reference and note, collected
 * by `collector` at `at` (the app's clock). One transaction with the order's row locked, so two payments at once cannot
 * together pass the balance: the payment's row and the order's `paid_paise` are written together.
 * @returns the order as the admin sees it, with the payment.
 * @throws AppError('not_found', ADMIN_MESSAGES.orderNotFound) for an unknown order number;
 *   AppError('conflict', …) for a cancelled order (PAYMENT_MESSAGES.orderCancelled), one not yet
 *   designed (no advance payment: PAYMENT_MESSAGES.notYetDesigned), one paid in full
 *   (PAYMENT_MESSAGES.settled) or an amount over the balance (PAYMENT_MESSAGES.overBalance).
 */
export async function recordPayment(db: Db, orderNumber: string, body: PaymentBody, collector: Collector, at: Date): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    if (!order) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (order.status === 'cancelled') throw new AppError('conflict', PAYMENT_MESSAGES.orderCancelled);
    if (order.status !== 'designed' && order.status !== 'delivered') throw new AppError('conflict', PAYMENT_MESSAGES.notYetDesigned);
    const amountPaise = Math.round(body.amount * 100);
    const balancePaise = order.totalPaise - order.paidPaise;
    if (balancePaise <= 0) throw new AppError('conflict', PAYMENT_MESSAGES.settled);
    if (amountPaise > balancePaise) throw new AppError('conflict', PAYMENT_MESSAGES.overBalance);
    await tx.insert(orderPayments).values({
      orderId: order.id,
      method: body.method,
      amountPaise,
      reference: body.reference ?? '',
      note: body.note ?? '',
      collectedBy: collector.id,
      collectorName: collector.username,
      at,
    });
    const [row] = await tx
      .update(orders)
      .set({ paidPaise: sql`${orders.paidPaise} + ${amountPaise}` })
      .where(eq(orders.id, order.id))
      .returning();
    return readAdminOrder(tx, row!, at);
  });
}

/** One payment of the period as {@link listCollections} reads it. */
interface CollectedRow {
  order_number: string;
  day: string;
  method: 'cash' | 'upi';
  amount_paise: number;
  reference: string;
  note: string;
  at: Date | string;
  collector_name: string | null;
}

/** Most delivered orders with a balance the Collections view lists, oldest delivery first. */
const MAX_UNPAID_LISTED = 200;

/**
 * `GET /admin/collections?from=&to=` (docs/product.md#the-days-collections): every payment received
 * on the shop's calendar days `from` to `to` (India Standard Time, both included), grouped by day
 * (oldest first) with the day's cash and UPI totals and each collector's, and the period's total;
 * sums are added in paise and answered in rupees. `unpaid`: the delivered orders with a balance
 * (at most {@link MAX_UNPAID_LISTED}, oldest bill first), whatever the period, so she knows whom to visit.
 */
export async function listCollections(db: Db, period: PeriodQuery): Promise<CollectionsResponse> {
  const [rows, unpaid] = await Promise.all([
    rowsOf<CollectedRow>(
      db,
      sql`select o.order_number, to_char(p.at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD') as day, p.method, p.amount_paise,
        p.reference, p.note, p.at, p.collector_name
      from ${orderPayments} p join ${orders} o on o.id = p.order_id
      where p.at >= (${period.from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
        and p.at < (${period.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}
      order by p.at, p.id`,
    ),
    db
      .select({ orderNumber: orders.orderNumber, address: orders.address, totalPaise: orders.totalPaise, paidPaise: orders.paidPaise })
      .from(orders)
      .where(and(eq(orders.status, 'delivered'), gt(orders.totalPaise, orders.paidPaise)))
      .orderBy(orders.billedAt, orders.orderNumber)
      .limit(MAX_UNPAID_LISTED),
  ]);
  return {
    ...groupByDay(rows),
    unpaid: unpaid.map((order) => ({
      orderId: order.orderNumber,
      customer: order.address.name,
      totalPrice: paiseToRupees(order.totalPaise),
      paid: paiseToRupees(order.paidPaise),
      balance: paiseToRupees(order.totalPaise - order.paidPaise),
    })),
  };
}

/** Paise totals by method. */
interface Sums {
  cash: number;
  upi: number;
}

/** Payments in time order → days with their totals and collectors, and the whole period's total (rupees). */
function groupByDay(rows: readonly CollectedRow[]): Pick<CollectionsResponse, 'days' | 'total'> {
  const days = new Map<string, { sums: Sums; byCollector: Map<string | null, Sums>; rows: CollectedRow[] }>();
  const total: Sums = { cash: 0, upi: 0 };
  for (const row of rows) {
    const day = days.get(row.day) ?? { sums: { cash: 0, upi: 0 }, byCollector: new Map<string | null, Sums>(), rows: [] };
    const collector = day.byCollector.get(row.collector_name) ?? { cash: 0, upi: 0 };
    for (const sums of [day.sums, collector, total]) sums[row.method] += Number(row.amount_paise);
    day.byCollector.set(row.collector_name, collector);
    day.rows.push(row);
    days.set(row.day, day);
  }
  const rupees = (sums: Sums) => ({ cash: paiseToRupees(sums.cash), upi: paiseToRupees(sums.upi) });
  return {
    days: [...days].map(([date, day]) => ({
      date,
      ...rupees(day.sums),
      byCollector: [...day.byCollector].map(([collectedBy, sums]) => ({ collectedBy, ...rupees(sums) })),
      payments: day.rows.map((row) => ({
        orderId: row.order_number,
        ...toPaymentApi({
          method: row.method,
          amountPaise: Number(row.amount_paise),
          reference: row.reference,
          note: row.note,
          at: new Date(row.at),
          collectorName: row.collector_name,
        }),
      })),
    })),
    total: rupees(total),
  };
}
