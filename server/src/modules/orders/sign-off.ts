import { eq } from 'drizzle-orm';
import {
  formatRupeesExact,
  MAX_SIGN_OFF_STEPS,
  NOT_ASKED,
  ORDER_MESSAGES,
  pageUrl,
  SIGN_OFF_MESSAGES,
  type Order,
  type SignOff,
  type SignOffAnswerBody,
  type SignOffStep,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { toOrderApi } from './orders.mapper.js';
import { linesOf } from './orders.service.js';
import { timelinesOf } from './order-events.js';
import { paymentsOf } from './payments.js';
import { garmentPicture } from './timeline.mail.js';

/**
 * An order's sign-off after `step` (docs/product.md#sign-off-before-cutting): an ask makes it
 * pending (her last answer dropped); an answer makes it approved or call-requested with its way
 * and comment; "designed" without an approval keeps the state and marks the order. The steps
 * keep the newest {@link MAX_SIGN_OFF_STEPS}. `current` null is an order never asked.
 */
export function withSignOffStep(current: SignOff | null, step: SignOffStep): SignOff {
  const before = current ?? NOT_ASKED;
  const steps = [...before.steps, step].slice(-MAX_SIGN_OFF_STEPS);
  const marked = before.designedWithoutApproval ? { designedWithoutApproval: true } : {};
  switch (step.action) {
    case 'asked':
      return { state: 'pending', at: step.at, ...marked, steps };
    case 'approved':
    case 'call-requested':
      return {
        state: step.action,
        at: step.at,
        ...(step.via ? { via: step.via } : {}),
        ...(step.comment ? { comment: step.comment } : {}),
        ...marked,
        steps,
      };
    case 'designed-without-approval':
      return { ...before, designedWithoutApproval: true, steps };
  }
}

/**
 * The sign-off asked again after a change the customer approved before cutting
 * (docs/product.md#sign-off-before-cutting): a final price or the measurements changed after she
 * approved. Null when she had not approved (nothing to ask again: the owner asks when ready).
 */
export function reaskedSignOff(current: SignOff | null, now: Date, reason: 'price' | 'measurements'): SignOff | null {
  if (current?.state !== 'approved') return null;
  return withSignOffStep(current, { action: 'asked', at: now.toISOString(), reason });
}

/**
 * `POST /orders/:orderId/sign-off` (docs/product.md#sign-off-before-cutting): the signed-in
 * shopper answers the shop's ask on her own order, in ONE transaction with the order row locked;
 * her answer becomes a step with its time. `onAnswered` runs in it (the route queues the shop's mail).
 * @returns her order as she sees it.
 * @throws AppError('not_found', ORDER_MESSAGES.orderNotFound) for an unknown order or another user's.
 * @throws AppError('conflict', SIGN_OFF_MESSAGES.notAsked) unless the sign-off is pending on an open
 *   order (not asked, already answered, delivered or cancelled). Nothing is changed on any error.
 */
export async function answerSignOff(
  db: Db,
  now: Date,
  userId: string,
  orderNumber: string,
  body: SignOffAnswerBody,
  onAnswered?: (tx: Db, order: Order) => Promise<void>,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    // docs/security.md: another user's order is answered as if it did not exist (ASVS 8.2.2).
    if (!order || order.userId !== userId) throw new AppError('not_found', ORDER_MESSAGES.orderNotFound);
    if (order.signOff?.state !== 'pending' || order.status === 'delivered' || order.status === 'cancelled') {
      throw new AppError('conflict', SIGN_OFF_MESSAGES.notAsked);
    }
    const comment = body.comment ?? '';
    const signOff = withSignOffStep(order.signOff, {
      action: body.decision === 'approve' ? 'approved' : 'call-requested',
      at: now.toISOString(),
      via: 'online',
      ...(comment ? { comment } : {}),
    });
    const [row] = await tx.update(orders).set({ signOff }).where(eq(orders.id, order.id)).returning();
    const [lines, timelines, payments] = await Promise.all([
      linesOf(tx, [order.id]),
      timelinesOf(tx, [order.id]),
      paymentsOf(tx, [order.id]),
    ]);
    const result = toOrderApi(row!, lines, timelines.get(order.id) ?? [], payments.get(order.id) ?? []);
    await onAnswered?.(tx, result);
    return result;
  });
}

/** Where a sign-off mail sends her: her order on My Orders (the page scrolls to `#order-<number>`). */
function signOffLink(publicUrl: string, orderNumber: string): string {
  return `${pageUrl(publicUrl, 'myOrders')}#order-${orderNumber}`;
}

/**
 * The mail asking the customer to approve before cutting (docs/product.md#sign-off-before-cutting),
 * in English and Tamil, for the outbox: what to check (measurements, design notes, final price),
 * why when a change asked again, and a link to her order. Only for an order that still has its customer.
 */
export function signOffAskMail(
  order: Pick<Order, 'orderId' | 'address' | 'items' | 'totalPrice'>,
  customer: { id: string; username: string; email: string },
  reason: 'owner' | 'price' | 'measurements',
  publicUrl: string,
): OutgoingMail {
  const name = order.address.name || customer.username;
  const total = formatRupeesExact(order.totalPrice);
  const again = {
    owner: { en: [], ta: [] },
    price: {
      en: ['The final price changed after you approved, so we ask again.'],
      ta: ['நீங்கள் ஒப்புதல் அளித்த பிறகு இறுதி விலை மாறியது; எனவே மீண்டும் கேட்கிறோம்.'],
    },
    measurements: {
      en: ['The measurements changed after you approved, so we ask again.'],
      ta: ['நீங்கள் ஒப்புதல் அளித்த பிறகு அளவுகள் மாறின; எனவே மீண்டும் கேட்கிறோம்.'],
    },
  }[reason];
  const body = bilingualMail(
    { en: `Order ${order.orderId}: please approve before we cut`, ta: `ஆர்டர் ${order.orderId}: வெட்டும் முன் ஒப்புதல் தாருங்கள்` },
    {
      en: [
        `Hello ${name},`,
        ...again.en,
        `Before we cut the cloth for your order ${order.orderId}, please check the measurements, the design notes and the final price (${total}).`,
        'Then tap Approve, or Please call me if anything should change.',
      ],
      ta: [
        `வணக்கம் ${name},`,
        ...again.ta,
        `உங்கள் ஆர்டர் ${order.orderId}-க்குத் துணியை வெட்டும் முன், அளவுகள், வடிவமைப்புக் குறிப்புகள், இறுதி விலை (${total}) ஆகியவற்றைச் சரிபாருங்கள்.`,
        'பிறகு “ஒப்புதல்” அல்லது ஏதாவது மாற வேண்டுமெனில் “என்னை அழையுங்கள்” என்பதைத் தட்டுங்கள்.',
      ],
    },
    { url: signOffLink(publicUrl, order.orderId), en: 'See and approve', ta: 'பார்த்து ஒப்புதல் தாருங்கள்' },
    garmentPicture(order),
  );
  return { kind: 'sign-off-asked', to: [customer.email], userId: customer.id, ...body };
}

/**
 * The mail telling the shop the customer's answer (docs/product.md#sign-off-before-cutting), in
 * English and Tamil: approved, or she asks for a call, with her comment and phones, and a link to
 * the dashboard.
 */
export function signOffAnswerMail(
  order: Pick<Order, 'orderId' | 'address' | 'signOff'>,
  customer: { id: string; username: string },
  publicUrl: string,
): OutgoingMail {
  const approved = order.signOff?.state === 'approved';
  const comment = order.signOff?.comment ?? '';
  const phones = [order.address.phoneNumber, order.address.alternatePhone].filter(Boolean).join(' / ');
  const who = `${customer.username} (${phones})`;
  const body = bilingualMail(
    approved
      ? { en: `Order ${order.orderId}: approved`, ta: `ஆர்டர் ${order.orderId}: ஒப்புதல் கிடைத்தது` }
      : { en: `Order ${order.orderId}: please call her`, ta: `ஆர்டர் ${order.orderId}: அவரை அழையுங்கள்` },
    {
      en: [
        approved ? `${who} approved order ${order.orderId}: you may cut.` : `${who} asks you to call about order ${order.orderId}.`,
        ...(comment ? [`Her comment: ${comment}`] : []),
      ],
      ta: [
        approved ? `${who} ஆர்டர் ${order.orderId}-க்கு ஒப்புதல் அளித்தார்: வெட்டலாம்.` : `${who} ஆர்டர் ${order.orderId} பற்றி அழைக்கச் சொல்கிறார்.`,
        ...(comment ? [`அவரது குறிப்பு: ${comment}`] : []),
      ],
    },
    { url: pageUrl(publicUrl, 'admin'), en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
  );
  return { kind: 'sign-off-answered', to: 'shop', userId: customer.id, ...body };
}
