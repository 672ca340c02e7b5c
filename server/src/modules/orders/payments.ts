import { asc, inArray, sql } from 'drizzle-orm';
import { paiseToRupees, type Payment } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { billCounters, orderPayments } from '../../db/schema/index.js';

/** What an order's answer reads of an `order_payments` row. */
export type PaymentRow = Pick<typeof orderPayments.$inferSelect, 'method' | 'amountPaise' | 'reference' | 'note' | 'at' | 'collectorName'>;

/**
 * The payments of the orders `orderIds` (docs/product.md#payment-at-the-door), in ONE statement
 * whatever their number (no N+1): order id → its payments, oldest first. An order without
 * payments is absent from the map.
 */
export async function paymentsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, PaymentRow[]>> {
  const byOrder = new Map<string, PaymentRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderPayments.orderId,
      method: orderPayments.method,
      amountPaise: orderPayments.amountPaise,
      reference: orderPayments.reference,
      note: orderPayments.note,
      at: orderPayments.at,
      collectorName: orderPayments.collectorName,
    })
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, [...orderIds]))
    .orderBy(asc(orderPayments.orderId), asc(orderPayments.at), asc(orderPayments.id));
  for (const { orderId, ...payment } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(payment);
    byOrder.set(orderId, list);
  }
  return byOrder;
}

/** Row → API shape of a payment (contract `PaymentSchema`): amount in rupees, time in ISO 8601 UTC. */
export function toPaymentApi(row: PaymentRow): Payment {
  return {
    method: row.method,
    amount: paiseToRupees(row.amountPaise),
    reference: row.reference,
    note: row.note,
    at: row.at.toISOString(),
    collectedBy: row.collectorName,
  };
}

/** India Standard Time's offset from UTC: the shop's calendar (docs/product.md#the-bill). */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The Indian financial year (April to March, India Standard Time) holding `at`, as a bill
 * writes it: 31 March 2027 23:59 IST → `2026-27`, 1 April 2027 00:00 IST → `2027-28`
 * (docs/product.md#the-bill).
 */
export function financialYearOf(at: Date): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const start = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The next bill number of the financial year holding `at` (docs/product.md#the-bill):
 * `TH/2026-27/0001`, `TH/2026-27/0002`, … in the order deliveries commit, starting again at 0001
 * each April. One `insert … on conflict do update … returning` on the year's row in `bill_counters`,
 * which holds that row locked until the caller's transaction ends: two deliveries at once never
 * share a number, and a delivery rolled back gives its number back. Run it in the delivery's transaction.
 */
export async function nextBillNumber(tx: Db, at: Date): Promise<string> {
  const year = financialYearOf(at);
  const [row] = await rowsOf<{ last: number }>(
    tx,
    sql`insert into ${billCounters} (year, last) values (${year}, 1)
      on conflict (year) do update set last = ${billCounters}.last + 1 returning last`,
  );
  return `TH/${year}/${String(row!.last).padStart(4, '0')}`;
}
