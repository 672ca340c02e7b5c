import type { AdminOrder } from '@thaiyal/contract';
import type { BillingConfig } from '../../config.js';

/**
 * UPI links for paying at the door (docs/product.md#payment-at-the-door): the NPCI "UPI linking
 * specification" deep link `upi://pay?pa=<UPI ID>&pn=<payee name>&am=<rupees, 2 decimals>&cu=INR&tn=<note>`,
 * the note being the order number, so the customer's UPI app fills in the exact balance and the
 * owner finds the order in her bank statement.
 */

/** The link up to the amount (`upi://pay?pa=…&pn=…&am=`), or undefined when the shop set no `SHOP_UPI_ID`. */
export function upiLinkStart(billing: BillingConfig): string | undefined {
  if (billing.upiId === undefined) return undefined;
  return `upi://pay?pa=${encodeURIComponent(billing.upiId)}&pn=${encodeURIComponent(billing.upiName)}&am=`;
}

/**
 * Whether an order takes a payment now and what for: designed or delivered with something owed
 * (nothing is paid before the garment is designed, and a cancelled order takes nothing).
 */
function owes(order: Pick<AdminOrder, 'status' | 'balance'>): boolean {
  return (order.status === 'designed' || order.status === 'delivered') && (order.balance ?? 0) > 0;
}

/**
 * `order` with `upi`: `{uri}` for its balance when it {@link owes} and the shop set `SHOP_UPI_ID`,
 * else null; unchanged (no `upi` at all) when the shop set none, as the admin's order list
 * writes it (admin-order-statements.ts). Order numbers are `TH-` and capitals and digits: no escaping needed.
 */
export function withUpi<Order extends AdminOrder>(order: Order, billing: BillingConfig): Order {
  const start = upiLinkStart(billing);
  if (start === undefined) return order;
  return { ...order, upi: owes(order) ? { uri: `${start}${(order.balance ?? 0).toFixed(2)}&cu=INR&tn=${order.orderId}` } : null };
}
