import { pageUrl, type AdminOrder, type OrderState } from '@thaiyal/contract';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { timelineTable } from '../orders/index.js';

/**
 * What each status means to the customer, in English and Tamil (docs/product.md#states-and-transitions
 * order status): its name and the line the status mail says about it. One entry per contract
 * ORDER_STATES value; status.mail.test.ts fails for a state without both languages.
 */
export const STATUS_WORDS: Record<OrderState, { en: string; ta: string; enLine: string; taLine: string }> = {
  call: {
    en: 'call',
    ta: 'அழைப்பு',
    enLine: 'We will call you to arrange the home visit for measuring and fabric collection.',
    taLine: 'அளவெடுக்கவும் துணியைப் பெறவும் வீட்டு வருகைக்காக உங்களை அழைப்போம்.',
  },
  visited: {
    en: 'visited',
    ta: 'வருகை முடிந்தது',
    enLine: 'We have visited you, taken your measurements and collected the fabric.',
    taLine: 'உங்களைச் சந்தித்து அளவெடுத்து, துணியைப் பெற்றுக்கொண்டோம்.',
  },
  designed: {
    en: 'designed',
    ta: 'தைத்து முடிந்தது',
    enLine: 'Your garment is stitched and will be delivered soon.',
    taLine: 'உங்கள் ஆடை தைக்கப்பட்டது; விரைவில் டெலிவரி செய்வோம்.',
  },
  delivered: {
    en: 'delivered',
    ta: 'டெலிவரி ஆனது',
    enLine: 'Your order has been delivered. Thank you for choosing Thaiyal.',
    taLine: 'உங்கள் ஆர்டர் டெலிவரி ஆனது. தையலைத் தேர்ந்தெடுத்தமைக்கு நன்றி.',
  },
  // docs/product.md#cancellations-kept: the admin never sets it; the customer's cancellation mail says it.
  cancelled: {
    en: 'cancelled',
    ta: 'ரத்து செய்யப்பட்டது',
    enLine: 'Your order has been cancelled as you asked.',
    taLine: 'நீங்கள் கேட்டபடி உங்கள் ஆர்டர் ரத்து செய்யப்பட்டது.',
  },
};

/**
 * The mail telling a customer their order's new status (docs/product.md#admin-dashboard), in
 * English and Tamil, with the order's timeline (each step and when) and a link to their orders
 * page (`{publicUrl}/myOrders`), for the outbox. At "designed" it says how many photos of the
 * garment her order now shows, never their links (docs/security.md#private-pictures).
 * Only for an order that still has its customer (`customer` is null once the account is deleted).
 */
export function statusMail(
  order: AdminOrder & { customer: NonNullable<AdminOrder['customer']> },
  userId: string,
  publicUrl: string,
): OutgoingMail {
  const words = STATUS_WORDS[order.status];
  const name = order.address.name || order.customer.username;
  // docs/product.md#designed-photos; docs/security.md#private-pictures: the photos are hers only,
  // served to her signed-in session, so the mail says how many and sends her to her orders page
  // (its button) instead of carrying them: a link would need her cookie in a mail client, and a
  // copy in the mail would outlive the order they are deleted with.
  const photoCount = order.status === 'designed' ? (order.photos ?? []).length : 0;
  const photoLine = (line: string) => (photoCount > 0 ? [line] : []);
  const body = bilingualMail(
    { en: `Order ${order.orderId}: ${words.en}`, ta: `ஆர்டர் ${order.orderId}: ${words.ta}` },
    {
      en: [
        `Hello ${name},`,
        `The status of your order ${order.orderId} is now '${words.en}'.`,
        words.enLine,
        ...photoLine(`Photos of your garment: ${photoCount}. They are on your order in your orders page; sign in to see them.`),
        timelineTable(order.timeline, 'en'),
      ],
      ta: [
        `வணக்கம் ${name},`,
        `உங்கள் ஆர்டர் ${order.orderId} இன் நிலை இப்போது '${words.ta}'.`,
        words.taLine,
        ...photoLine(`உங்கள் ஆடையின் புகைப்படங்கள்: ${photoCount}. அவை உங்கள் ஆர்டர்கள் பக்கத்தில் உங்கள் ஆர்டரில் உள்ளன; பார்க்க உள்நுழையவும்.`),
        timelineTable(order.timeline, 'ta'),
      ],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
  );
  return { kind: 'order-status', to: [order.customer.email], userId, ...body };
}
