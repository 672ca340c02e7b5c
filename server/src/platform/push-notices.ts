import { formatRupees, formatShopDay, pageUrl, type AppointmentChange, type Language } from '@thaiyal/contract';
import type { PushNotice } from './push.js';

/** A line in English and Tamil. */
export type Words = Record<Language, string>;

/**
 * What a notification says, short enough for a phone's lock screen (docs/product.md#notifications):
 * the order number, what happened; never measurements, an address, a phone number or a name
 * (docs/security.md#notifications). Each in English and Tamil; the recipient's is picked per browser.
 */
export const PUSH_LINES = {
  prices: {
    en: 'The final price of your order is ready. Open to see it.',
    ta: 'உங்கள் ஆர்டரின் இறுதி விலை தயார். பார்க்கத் திறக்கவும்.',
  },
  signOffAsked: {
    en: 'Please check and approve your order before we cut the fabric.',
    ta: 'துணியை வெட்டும் முன் உங்கள் ஆர்டரைச் சரிபார்த்து ஒப்புதல் தாருங்கள்.',
  },
  cancelled: { en: 'The customer cancelled this order.', ta: 'வாடிக்கையாளர் இந்த ஆர்டரை ரத்து செய்தார்.' },
  approved: { en: 'The customer approved: you may cut.', ta: 'வாடிக்கையாளர் ஒப்புதல் தந்தார்: வெட்டலாம்.' },
  callRequested: { en: 'The customer asks you to call her before cutting.', ta: 'வெட்டும் முன் தன்னை அழைக்குமாறு வாடிக்கையாளர் கேட்கிறார்.' },
  alterationRequested: { en: 'A free alteration is asked for.', ta: 'இலவச ஆடை மாற்றம் கேட்கப்பட்டுள்ளது.' },
} as const satisfies Record<string, Words>;

const VISIT_WORDS = {
  trial: { en: 'Trial visit', ta: 'டிரயல் வருகை' },
  delivery: { en: 'Delivery visit', ta: 'டெலிவரி வருகை' },
  alteration: { en: 'Alteration pickup', ta: 'ஆடை மாற்ற எடுப்பு வருகை' },
} as const;
const VISIT_ACTIONS = {
  booked: { en: 'booked', ta: 'பதிவு செய்யப்பட்டது' },
  moved: { en: 'moved', ta: 'மாற்றப்பட்டது' },
  cancelled: { en: 'cancelled', ta: 'ரத்து செய்யப்பட்டது' },
} as const;

/** `Saturday, 5 December` in each language. */
function day(date: string): Words {
  const one = (language: Language) => formatShopDay(date, language, { weekday: 'long', day: 'numeric', month: 'long' });
  return { en: one('en'), ta: one('ta') };
}

/**
 * A notification to the shopper about her order `order` (docs/product.md#notifications): titled
 * with the order number, saying `line`, opening My Orders; in the language she ordered in when
 * known, else each browser's. Tagged by order, so a newer one replaces it on her phone.
 */
export function shopperNotice(
  kind: string,
  order: { orderId: string; language: Language | null },
  userId: string,
  publicUrl: string,
  line: Words,
): PushNotice {
  return {
    kind,
    to: { userId, language: order.language },
    text: { en: { title: `Order ${order.orderId}`, body: line.en }, ta: { title: `ஆர்டர் ${order.orderId}`, body: line.ta } },
    url: pageUrl(publicUrl, 'myOrders'),
    tag: `order-${order.orderId}`,
  };
}

/** A notification to every admin's browsers about order `orderId`: `title` and `line`, opening the dashboard. */
export function shopNotice(kind: string, orderId: string, publicUrl: string, title: Words, line: Words): PushNotice {
  return {
    kind,
    to: 'admins',
    text: { en: { title: title.en, body: line.en }, ta: { title: title.ta, body: line.ta } },
    url: pageUrl(publicUrl, 'admin'),
    tag: `order-${orderId}`,
  };
}

/** `Trial visit booked: Saturday, 5 December, Morning (10:00-13:00)`. */
export function visitLine(change: Pick<AppointmentChange, 'kind' | 'action' | 'date' | 'label'>): Words {
  const when = day(change.date);
  const what = VISIT_WORDS[change.kind];
  const done = VISIT_ACTIONS[change.action];
  return { en: `${what.en} ${done.en}: ${when.en}, ${change.label}`, ta: `${what.ta} ${done.ta}: ${when.ta}, ${change.label}` };
}

/** `Now ready by Saturday, 5 December.` (YYYY-MM-DD `readyBy`). */
export function readyByLine(readyBy: string): Words {
  const when = day(readyBy);
  return { en: `Now ready by ${when.en}.`, ta: `இப்போது ${when.ta} அன்று தயாராகும்.` };
}

/** The shop's notification of a new order: `New order TH-…`, `3 garments · ₹1,250`. */
export function newOrderNotice(
  order: { orderId: string; items: readonly { quantity: number }[]; totalPrice: number },
  publicUrl: string,
): PushNotice {
  const garments = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const total = formatRupees(order.totalPrice);
  return shopNotice(
    'new-order',
    order.orderId,
    publicUrl,
    { en: `New order ${order.orderId}`, ta: `புதிய ஆர்டர் ${order.orderId}` },
    { en: `${garments} ${garments === 1 ? 'garment' : 'garments'} · ${total}`, ta: `${garments} ஆடை · ${total}` },
  );
}
