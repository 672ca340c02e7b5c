import { eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, LIMITS, PAYMENT_MESSAGES, formatRupeesExact, pageUrl, type AdminOrder, type PricesBody } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { garmentPicture, itemName, linesOf, reaskedSignOff } from '../orders/index.js';
import { readAdminOrder } from './admin-orders.service.js';

/** Statuses whose prices are settled (docs/product.md#final-price): a delivered order was paid; a cancelled one is over. */
const SETTLED = new Set<string>(['delivered', 'cancelled']);

/**
 * Set the final unit prices of an order's lines after measuring (docs/product.md#final-price), in ONE
 * transaction with the order row locked: each named product's lines get `finalPricePaise` and
 * `priceNote` ('' stored as null); lines not named keep theirs. The order's `totalPaise` becomes the
 * final total (what cash on delivery collects) and `originalTotalPaise` the total at placing.
 * `onChanged` runs in the same transaction (the route queues the customer's mail there,
 * docs/architecture.md#mail) with the order, its customer's user id and whether a price changed
 * after her approval asked her again (docs/product.md#sign-off-before-cutting). `now` (the app's
 * clock) dates that ask and the order's risk (docs/product.md#dates-a-tailor-promises).
 * @throws AppError('not_found', 'Order not found') for an unknown order number.
 * @throws AppError('conflict', ADMIN_MESSAGES.pricesLocked) for a delivered or cancelled order.
 * @throws AppError('bad_request', …) for a product priced twice (`priceLineTwice`), a product the
 *   order does not hold (`priceLineUnknown`), or a price above LIMITS.maxFinalPriceFactor times the
 *   line's ordered unit price (`priceTooHigh`); 409 PAYMENT_MESSAGES.belowPaid when the new total
 *   would be below what was already paid (docs/product.md#payment-at-the-door). Nothing is changed on any error.
 */
export async function setFinalPrices(
  db: Db,
  orderNumber: string,
  body: PricesBody,
  onChanged?: (tx: Db, order: AdminOrder, userId: string | null, reasked: boolean) => Promise<void>,
  now: Date = new Date(),
): Promise<AdminOrder> {
  const seen = new Set<string>();
  for (const line of body.lines) {
    if (seen.has(line.productId)) throw new AppError('bad_request', ADMIN_MESSAGES.priceLineTwice);
    seen.add(line.productId);
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    if (!order) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (SETTLED.has(order.status)) throw new AppError('conflict', ADMIN_MESSAGES.pricesLocked);
    const lines = await linesOf(tx, [order.id]);
    const priced = new Map(body.lines.map((line) => [line.productId, line]));
    for (const wanted of body.lines) {
      const held = lines.filter((line) => line.productId === wanted.productId);
      if (held.length === 0) throw new AppError('bad_request', ADMIN_MESSAGES.priceLineUnknown);
      const paise = Math.round(wanted.price * 100);
      if (held.some((line) => paise > line.pricePaise * LIMITS.maxFinalPriceFactor)) {
        throw new AppError('bad_request', ADMIN_MESSAGES.priceTooHigh);
      }
    }
    const updated = lines.map((line) => {
      const wanted = line.productId === null ? undefined : priced.get(line.productId);
      return wanted
        ? { ...line, finalPricePaise: Math.round(wanted.price * 100), priceNote: wanted.note === '' ? null : wanted.note }
        : line;
    });
    // docs/product.md#payment-at-the-door: what was received stays at most the total, so the balance is never negative.
    if (updated.reduce((sum, line) => sum + (line.finalPricePaise ?? line.pricePaise) * line.quantity, 0) < order.paidPaise) {
      throw new AppError('conflict', PAYMENT_MESSAGES.belowPaid);
    }
    // Every priced line in one statement, whatever their number: a product's lines take its price.
    const values = sql.join(
      body.lines.map(
        (line) => sql`(${line.productId}::uuid, ${Math.round(line.price * 100)}::integer, ${line.note === '' ? null : line.note}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${orderLines} as l set final_price_paise = v.price, price_note = v.note
      from (values ${values}) as v(product_id, price, note)
      where l.order_id = ${order.id} and l.product_id = v.product_id`);
    const originalTotalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
    const totalPaise = updated.reduce((sum, line) => sum + (line.finalPricePaise ?? line.pricePaise) * line.quantity, 0);
    // docs/product.md#sign-off-before-cutting: a final price changed after her approval asks her again.
    const priceChanged = updated.some((line, index) => line.finalPricePaise !== lines[index]!.finalPricePaise);
    const signOff = priceChanged ? reaskedSignOff(order.signOff, now, 'price') : null;
    const [row] = await tx
      .update(orders)
      .set({ totalPaise, originalTotalPaise, ...(signOff ? { signOff } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    const result = await readAdminOrder(tx, row!, now, updated);
    await onChanged?.(tx, result, order.userId, signOff !== null);
    return result;
  });
}

/**
 * The mail telling a customer the final price after measuring (docs/product.md#final-price), in
 * English and Tamil: the final total (what she pays in cash on delivery) and the total when ordered,
 * then each line whose price changed with its note, and a link to her orders, for the outbox.
 */
export function pricesMail(
  order: AdminOrder & { customer: NonNullable<AdminOrder['customer']> },
  userId: string,
  publicUrl: string,
): OutgoingMail {
  const name = order.address.name || order.customer.username;
  const total = formatRupeesExact(order.totalPrice);
  const original = formatRupeesExact(order.originalTotal ?? order.totalPrice);
  const changed = order.items.filter((item) => item.finalPrice !== undefined && (item.finalPrice !== item.price || item.priceNote));
  const lineText = (lang: 'en' | 'ta') =>
    changed.map((item) => {
      const note = item.priceNote ? ` (${item.priceNote})` : '';
      const prices = `${formatRupeesExact(item.finalPrice!)} × ${item.quantity}`;
      const was = lang === 'en' ? `was ${formatRupeesExact(item.price)}` : `முன்பு ${formatRupeesExact(item.price)}`;
      return `${itemName(item, lang)}: ${prices}, ${was}${note}`;
    });
  const body = bilingualMail(
    { en: `Order ${order.orderId}: final price ${total}`, ta: `ஆர்டர் ${order.orderId}: இறுதி விலை ${total}` },
    {
      en: [
        `Hello ${name},`,
        `After measuring, the final price of your order ${order.orderId} is ${total} (when ordered: ${original}).`,
        ...lineText('en'),
        `Please pay ${total} in cash on delivery.`,
      ],
      ta: [
        `வணக்கம் ${name},`,
        `அளவெடுத்த பிறகு உங்கள் ஆர்டர் ${order.orderId} இன் இறுதி விலை ${total} (ஆர்டர் செய்தபோது: ${original}).`,
        ...lineText('ta'),
        `டெலிவரியின்போது ${total} ரொக்கமாகச் செலுத்துங்கள்.`,
      ],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
    garmentPicture(order),
  );
  return { kind: 'order-prices', to: [order.customer.email], userId, ...body };
}
