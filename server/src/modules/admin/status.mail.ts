import { pageUrl, type AdminOrder, type OrderState } from '@thaiyal/contract';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { garmentPicture, STEP_NAMES, timelineTable } from '../orders/index.js';

/**
 * What each status means to the customer, in English and Tamil (docs/product.md#states-and-transitions
 * order status): its name in the customer's words, as her timeline and My Orders say it
 * (`Stitching done`), and the line the status mail says about it. One entry per contract
 * ORDER_STATES value; status.mail.test.ts fails for a state without both languages.
 */
export const STATUS_WORDS: Record<OrderState, { en: string; ta: string; enLine: string; taLine: string }> = {
  call: {
    ...STEP_NAMES.call,
    enLine: 'We will call you to arrange the home visit for measuring and fabric collection.',
    taLine: 'அளவெடுக்கவும் துணியைப் பெறவும் வீட்டு வருகைக்காக உங்களை அழைப்போம்.',
  },
  visited: {
    ...STEP_NAMES.visited,
    enLine: 'We have visited you, taken your measurements and collected the fabric.',
    taLine: 'உங்களைச் சந்தித்து அளவெடுத்து, துணியைப் பெற்றுக்கொண்டோம்.',
  },
  designed: {
    ...STEP_NAMES.designed,
    enLine: 'Your garment is stitched and will be delivered soon.',
    taLine: 'உங்கள் ஆடை தைக்கப்பட்டது; விரைவில் டெலிவரி செய்வோம்.',
  },
  delivered: {
    ...STEP_NAMES.delivered,
    enLine: 'Your order has been delivered. Thank you for choosing Thaiyal.',
    taLine: 'உங்கள் ஆர்டர் டெலிவரி ஆனது. தையலைத் தேர்ந்தெடுத்தமைக்கு நன்றி.',
  },
  // docs/product.md#cancellations-kept: the admin never sets it; the customer's cancellation mail says it.
  cancelled: {
    ...STEP_NAMES.cancelled,
    enLine: 'Your order has been cancelled as you asked.',
    taLine: 'நீங்கள் கேட்டபடி உங்கள் ஆர்டர் ரத்து செய்யப்பட்டது.',
  },
};

/**
 * The mail telling a customer their order's new status (docs/product.md#admin-dashboard), in
 * English and Tamil, in her words (`Your order TH-4K7Q2M: Stitching done.`), the designed photos
 * (else the garment's picture) inline at the top, with the order's timeline (each step and when) and a link to their orders
 * page (`{publicUrl}/myOrders`), for the outbox. The photos travel as attachments to her only,
 * never as links (docs/security.md#private-pictures).
 * Only for an order that still has its customer (`customer` is null once the account is deleted).
 */
export function statusMail(
  order: AdminOrder & { customer: NonNullable<AdminOrder['customer']> },
  userId: string,
  publicUrl: string,
): OutgoingMail {
  const words = STATUS_WORDS[order.status];
  const name = order.address.name || order.customer.username;
  // docs/product.md#designed-photos; docs/security.md#private-pictures: the photos of the finished
  // garment, at the top of the mail as attached JPEGs read when it is sent; a copy in her own
  // mailbox is hers, and no link is in it (the photos are served to her signed-in session only).
  // Else the garment's picture.
  const photos = order.status === 'designed' ? (order.photos ?? []) : [];
  const pictures = photos.length > 0 ? photos.map((url) => ({ url, alt: `${order.orderId}: ${words.en}` })) : garmentPicture(order);
  const photoLine = (line: string) => (photos.length > 0 ? [line] : []);
  const body = bilingualMail(
    { en: `Order ${order.orderId}: ${words.en}`, ta: `ஆர்டர் ${order.orderId}: ${words.ta}` },
    {
      en: [
        `Hello ${name},`,
        `Your order ${order.orderId}: ${words.en}.`,
        words.enLine,
        ...photoLine(`The photos of your garment are in this mail (${photos.length}).`),
        timelineTable(order.timeline, 'en'),
      ],
      ta: [
        `வணக்கம் ${name},`,
        `உங்கள் ஆர்டர் ${order.orderId}: ${words.ta}.`,
        words.taLine,
        ...photoLine(`உங்கள் ஆடையின் புகைப்படங்கள் இந்த மின்னஞ்சலில் உள்ளன (${photos.length}).`),
        timelineTable(order.timeline, 'ta'),
      ],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
    pictures,
  );
  return { kind: 'order-status', to: [order.customer.email], userId, ...body };
}
