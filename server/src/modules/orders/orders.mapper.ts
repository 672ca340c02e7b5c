import {
  DEFAULT_STITCHING,
  NOT_ASKED,
  ORDER_STATES,
  paiseToRupees,
  sortAppointments,
  type Alteration,
  type Appointment,
  type Order,
  type OrderStateCounts,
} from '@thaiyal/contract';
import type { orderLines, orders } from '../../db/schema/index.js';
import type { OrderEventRow } from './order-events.js';
import { toPaymentApi, type PaymentRow } from './payments.js';

/** What {@link toOrderApi} reads of an order row. */
type OrderRow = Pick<
  typeof orders.$inferSelect,
  | 'orderNumber'
  | 'createdAt'
  | 'status'
  | 'address'
  | 'totalPaise'
  | 'paymentMethod'
  | 'visitDate'
  | 'visitSlotId'
  | 'visitLabel'
  | 'originalTotalPaise'
  | 'photos'
  | 'cancelledAt'
  | 'cancelReason'
  | 'neededBy'
  | 'readyBy'
  | 'rush'
  | 'paidPaise'
  | 'billNumber'
  | 'signOff'
>;
/** What {@link toOrderApi} reads of an order line row. */
type OrderLineRow = Pick<
  typeof orderLines.$inferSelect,
  'position' | 'productId' | 'name' | 'nameTa' | 'image' | 'quantity' | 'pricePaise' | 'stitching' | 'finalPricePaise' | 'priceNote'
> &
  Partial<Pick<typeof orderLines.$inferSelect, 'measured'>> & {
    /** Where read (the shopper's order list, a placed order): the product's current category, null when no longer sold; left out elsewhere. */
    productCategory?: string | null;
  };

/**
 * Row → API shape of an order (docs/architecture.md#http-api: `{orderId, purchaseDate, status, items, address,
 * totalPrice, originalTotal, photos, paymentMethod, visit, timeline}`, and `cancelledAt` and `reason` on a cancelled order, each item with its `stitching`, `finalPrice`, `priceNote` and `measured`), the one mapping used by every order route. `lines` are this
 * order's lines in any order; they are sorted by position. `events` are its timeline's rows in any
 * order (docs/product.md#the-tailoring-workflow), its ready-by moves among them; they are sorted oldest first.
 * `neededBy`, `readyBy`, `rush` and `readyByChanges` are the order's dates (docs/product.md#dates-a-tailor-promises);
 * `appointments` and `appointmentChanges` its visits (docs/product.md#trial-and-delivery-visits), from `events` too.
 * `payments` are its payments oldest first (docs/product.md#payment-at-the-door), with `paid`,
 * `balance` (rupees) and `billNumber` (docs/product.md#the-bill) from the row; `signOff` its approval
 * before cutting (docs/product.md#sign-off-before-cutting). `customer` is added for the admin.
 * `alterations` are its free alterations (docs/product.md#free-alterations; `alterationsOf`), none
 * by default: only a delivered order has any.
 */
export function toOrderApi(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  events: readonly OrderEventRow[],
  payments: readonly PaymentRow[],
  customer?: { username: string; email: string },
  alterations: readonly Alteration[] = [],
): Order {
  return {
    orderId: row.orderNumber,
    purchaseDate: row.createdAt.toISOString(),
    status: row.status,
    // docs/product.md#cancellations-kept: only a cancelled order carries when and why.
    ...(row.status === 'cancelled'
      ? { cancelledAt: (row.cancelledAt ?? row.createdAt).toISOString(), reason: row.cancelReason ?? '' }
      : {}),
    items: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        productId: line.productId,
        ...(line.productCategory !== undefined ? { category: line.productCategory } : {}),
        name: line.name,
        // docs/product.md#languages: the Tamil name it was sold under, '' when it had none.
        nameTa: line.nameTa ?? '',
        image: line.image,
        quantity: line.quantity,
        price: paiseToRupees(line.pricePaise),
        // A line ordered before stitching details existed has none: the defaults.
        stitching: line.stitching ?? DEFAULT_STITCHING,
        // docs/product.md#final-price: the agreed unit price, the ordered one until the shop sets it.
        finalPrice: paiseToRupees(line.finalPricePaise ?? line.pricePaise),
        priceNote: line.priceNote ?? '',
        // docs/product.md#the-measurement-book: what the owner measured at the visit, null until she records it.
        measured: line.measured ?? null,
      })),
    address: row.address,
    totalPrice: paiseToRupees(row.totalPaise),
    originalTotal: paiseToRupees(row.originalTotalPaise ?? row.totalPaise),
    photos: row.photos,
    paymentMethod: row.paymentMethod,
    visit:
      row.visitDate !== null && row.visitSlotId !== null
        ? { date: row.visitDate, slotId: row.visitSlotId, label: row.visitLabel ?? '' }
        : null,
    ...(customer ? { customer } : {}),
    timeline: [...events]
      .filter((event) => !event.change && !event.appointment)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((event) => ({ status: event.status, at: event.at.toISOString() })),
    // docs/product.md#dates-a-tailor-promises: her function date, the promise and its moves.
    neededBy: row.neededBy,
    readyBy: row.readyBy,
    rush: row.rush,
    readyByChanges: [...events]
      .flatMap((event) => (event.change ? [{ ...event.change, at: event.at }] : []))
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((change) => ({ from: change.from, to: change.to, reason: change.reason, at: change.at.toISOString() })),
    ...appointmentFields(row, events),
    alterations: [...alterations],
    payments: payments.map(toPaymentApi),
    paid: paiseToRupees(row.paidPaise),
    balance: paiseToRupees(row.totalPaise - row.paidPaise),
    billNumber: row.billNumber,
    // docs/product.md#sign-off-before-cutting: null until the shop first asks.
    signOff: row.signOff ?? NOT_ASKED,
  };
}

/**
 * An order's visits and their changes (docs/product.md#trial-and-delivery-visits): its measuring
 * visit (kind `measure`, id the order number) and its open trial and delivery visits, in that
 * order; and each booking, move and cancellation of a trial or delivery visit, oldest first.
 */
function appointmentFields(
  row: Pick<OrderRow, 'orderNumber' | 'visitDate' | 'visitSlotId' | 'visitLabel'>,
  events: readonly OrderEventRow[],
): Pick<Order, 'appointments' | 'appointmentChanges'> {
  const visits: Appointment[] =
    row.visitDate !== null && row.visitSlotId !== null
      ? [{ id: row.orderNumber, kind: 'measure', date: row.visitDate, slotId: row.visitSlotId, label: row.visitLabel ?? '' }]
      : [];
  const changes = events
    .flatMap((event) => (event.appointment ? [{ ...event.appointment, at: event.at }] : []))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const change of changes) {
    if (change.open && change.action !== 'cancelled') {
      visits.push({ id: change.id, kind: change.kind, date: change.date, slotId: change.slotId, label: change.label });
    }
  }
  return {
    appointments: sortAppointments(visits),
    appointmentChanges: changes.map(({ action, kind, date, slotId, label, by, at }) => ({
      action,
      kind,
      date,
      slotId,
      label,
      by,
      at: at.toISOString(),
    })),
  };
}

/** Group order lines by order id in one pass (lists load all lines in one query: no N+1). */
export function groupLines<Line extends { orderId: string }>(lines: readonly Line[]): Map<string, Line[]> {
  const byOrder = new Map<string, Line[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

/**
 * Counted rows (`{status, n}`, as `count(*) … group by status` or the per-state counts table
 * answer them, `n` a number or a numeric string) → every state's count (contract
 * `OrderStateCountsSchema`, docs/product.md#lists-by-page), 0 for a state no row names.
 */
export function toStateCounts(rows: Iterable<{ status: string; n: number | string }>): OrderStateCounts {
  const found = new Map([...rows].map((row) => [row.status, Number(row.n)]));
  return Object.fromEntries(ORDER_STATES.map((state) => [state, found.get(state) ?? 0])) as OrderStateCounts;
}
