import {
  formatRupeesExact,
  formatShopDay,
  holdsCustomerFabric,
  inBothUnits,
  MEASUREMENT_FIELDS,
  paiseToRupees,
  pageUrl,
  type Order,
  type OrderStitching,
} from '@thaiyal/contract';
import { bilingualMail, type MailTable } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import type { CancellationRecord } from './orders.service.js';
import { garmentPicture, timelineTable } from './timeline.mail.js';

type Body = ReturnType<typeof bilingualMail>;

/** The customer's own fabric: `your own fabric` in her mail, `her own fabric` in the shop's. */
function ownFabric(lang: 'en' | 'ta', forShop: boolean): string {
  if (forShop) return lang === 'en' ? 'her own fabric' : 'வாடிக்கையாளரின் சொந்தத் துணி';
  return lang === 'en' ? 'your own fabric' : 'உங்கள் சொந்தத் துணி';
}

/**
 * One line's stitching details in a mail (docs/product.md#stitching-details), in `lang`: for
 * whom, fabric, lining, notes, how many reference pictures; with `forShop` (the shop's mail), the
 * profile's measurements too, and her fabric named as the customer's (`your own fabric` to her).
 */
function stitchingText(stitching: OrderStitching, lang: 'en' | 'ta', forShop: boolean): string {
  const en = lang === 'en';
  const parts = [
    stitching.profile
      ? `${en ? 'For' : 'யாருக்கு'}: ${stitching.profile.name}`
      : en
        ? 'Measurements at the home visit'
        : 'அளவுகள் வீட்டு வருகையில்',
    stitching.fabric === 'shop' ? (en ? 'fabric from the shop' : 'துணி கடையிலிருந்து') : ownFabric(lang, forShop),
    stitching.lining ? (en ? 'with lining' : 'லைனிங் உண்டு') : en ? 'no lining' : 'லைனிங் இல்லை',
  ];
  if (stitching.notes) parts.push(`${en ? 'Notes' : 'குறிப்புகள்'}: ${stitching.notes}`);
  if (stitching.pictures.length > 0) parts.push(`${en ? 'Reference pictures' : 'மாதிரிப் படங்கள்'}: ${stitching.pictures.length}`);
  if (forShop && stitching.profile) {
    const taken = MEASUREMENT_FIELDS.filter((field) => stitching.profile!.measurements[field.key] !== undefined).map(
      (field) =>
        // Her unit first, as on the admin's order card.
        `${field.label} ${inBothUnits(stitching.profile!.measurements[field.key]!, stitching.profile!.unit)}`,
    );
    if (taken.length > 0) parts.push(taken.join(', '));
  }
  return `  ${parts.join('; ')}`;
}

/**
 * An order line's name in a mail's part (docs/product.md#languages): in the Tamil part the Tamil
 * name it was sold under when it had one, else (and in the English part) the English name.
 */
export function itemName(item: Pick<Order['items'][number], 'name' | 'nameTa'>, lang: 'en' | 'ta'): string {
  return lang === 'ta' && item.nameTa?.trim() ? item.nameTa : item.name;
}

/** Each line with its price and, below it, its stitching details (docs/product.md#stitching-details). */
function itemLines(order: Order, lang: 'en' | 'ta' = 'en', measurements = false): string[] {
  return order.items.map(
    (item) =>
      `${itemName(item, lang)} × ${item.quantity}: ${formatRupeesExact(item.price * item.quantity)}\n${stitchingText(item.stitching, lang, measurements)}`,
  );
}

/**
 * The order's lines as a mail table (docs/architecture.md#mail: one item per row), in `lang`:
 * the garment, how many, the amount and its stitching details; the text part keeps
 * {@link itemLines}.
 */
function itemTable(order: Order, lang: 'en' | 'ta', measurements = false): MailTable {
  const en = lang === 'en';
  return {
    text: itemLines(order, lang, measurements).join('\n'),
    head: en ? ['Item', 'Qty', 'Amount', 'Stitching'] : ['ஆடை', 'எண்ணிக்கை', 'தொகை', 'தையல் விவரம்'],
    rows: order.items.map((item) => [
      itemName(item, lang),
      String(item.quantity),
      formatRupeesExact(item.price * item.quantity),
      stitchingText(item.stitching, lang, measurements).trim(),
    ]),
  };
}

/** The visit's date as the shopper reads it: `Wednesday, 4 November 2026` / `புதன், 4 நவம்பர், 2026` (the shop's calendar). */
function visitDate(date: string, locale: 'en-IN' | 'ta-IN'): string {
  return formatShopDay(date, locale === 'ta-IN' ? 'ta' : 'en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * The home visit in the customer's mail (docs/product.md#home-visit-slot): its date and slot, or
 * that the shop will call to arrange it.
 */
function customerVisitLines(order: Order): { en: string; ta: string } {
  if (!order.visit) {
    return {
      en: 'We will call you to arrange the home visit for measurements and fabric collection.',
      ta: 'அளவெடுக்கவும் துணியைப் பெறவும் வீட்டுக்கு வரும் நேரத்தை முடிவு செய்ய உங்களை அழைப்போம்.',
    };
  }
  return {
    en: `Home visit for measurements and fabric collection: ${visitDate(order.visit.date, 'en-IN')}, ${order.visit.label}. We will call you before we come.`,
    ta: `அளவெடுக்கவும் துணியைப் பெறவும் வீட்டு வருகை: ${visitDate(order.visit.date, 'ta-IN')}, ${order.visit.label}. வருவதற்கு முன் உங்களை அழைப்போம்.`,
  };
}

/** The home visit in the shop's mail: the booked date and slot, or a reminder to call and arrange it. */
function shopVisitLines(order: Order): { en: string; ta: string } {
  if (!order.visit) {
    return {
      en: 'Home visit: not booked. Call the customer to arrange it.',
      ta: 'வீட்டு வருகை: பதிவு செய்யப்படவில்லை. வாடிக்கையாளரை அழைத்து நேரத்தை முடிவு செய்யுங்கள்.',
    };
  }
  return {
    en: `Home visit: ${visitDate(order.visit.date, 'en-IN')}, ${order.visit.label}.`,
    ta: `வீட்டு வருகை: ${visitDate(order.visit.date, 'ta-IN')}, ${order.visit.label}.`,
  };
}

/**
 * The order's dates in its mails (docs/product.md#dates-a-tailor-promises): the day it will be
 * ready and her function date, saying plainly when the promise comes after it (`rush`). None for
 * an order without a ready-by date.
 */
export function dateLines(order: Pick<Order, 'readyBy' | 'neededBy' | 'rush'>): { en: string[]; ta: string[] } {
  if (!order.readyBy) return { en: [], ta: [] };
  const en = [`Ready by: ${visitDate(order.readyBy, 'en-IN')}.`];
  const ta = [`தயாராகும் நாள்: ${visitDate(order.readyBy, 'ta-IN')}.`];
  if (order.neededBy) {
    en.push(`Function date: ${visitDate(order.neededBy, 'en-IN')}.${order.rush ? ' This is before the ready-by date: a rush order.' : ''}`);
    ta.push(`விழா நாள்: ${visitDate(order.neededBy, 'ta-IN')}.${order.rush ? ' இது தயாராகும் நாளுக்கு முன்: அவசர ஆர்டர்.' : ''}`);
  }
  return { en, ta };
}

function addressLine(order: Order): string {
  const a = order.address;
  return `${a.name}, ${a.doorNumber}, ${a.street}, ${a.city}, ${a.state} ${a.pinCode}${a.landmark ? ` (${a.landmark})` : ''}`;
}

/**
 * The customer's order confirmation (docs/product.md#place-order), English then Tamil:
 * order number, lines with their stitching details, total, cash on delivery, the home visit's date and slot (or that the
 * shop will call to arrange it), a link to My orders.
 */
function orderConfirmationMail(order: Order, username: string, publicUrl: string): Body {
  const total = formatRupeesExact(order.totalPrice);
  const items = { en: itemTable(order, 'en'), ta: itemTable(order, 'ta') };
  const visit = customerVisitLines(order);
  return bilingualMail(
    { en: `Your order ${order.orderId} is placed`, ta: `உங்கள் ஆர்டர் ${order.orderId} பதிவானது` },
    {
      en: [
        `Hello ${username}, thank you for your order.`,
        `Order number: ${order.orderId}`,
        items.en,
        `Total: ${total}. Payment: cash on delivery; nothing is paid in advance.`,
        visit.en,
        ...dateLines(order).en,
      ],
      ta: [
        `வணக்கம் ${username}, உங்கள் ஆர்டருக்கு நன்றி.`,
        `ஆர்டர் எண்: ${order.orderId}`,
        items.ta,
        `மொத்தம்: ${total}. கட்டணம்: ஆடை கிடைக்கும்போது பணம்; முன்பணம் இல்லை.`,
        visit.ta,
        ...dateLines(order).ta,
      ],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'My orders', ta: 'என் ஆர்டர்கள்' },
    garmentPicture(order),
  );
}

/** The shop's new-order mail (docs/product.md#place-order): who, where, when to visit, what (each line's stitching details and measurements), how much. */
function newOrderMail(order: Order, customer: { username: string; email: string }, publicUrl: string): Body {
  const total = formatRupeesExact(order.totalPrice);
  const items = { en: itemTable(order, 'en', true), ta: itemTable(order, 'ta', true) };
  const phones = [order.address.phoneNumber, order.address.alternatePhone].filter(Boolean).join(' / ');
  const who = `${customer.username} <${customer.email}>, ${phones}`;
  const visit = shopVisitLines(order);
  return bilingualMail(
    { en: `New order ${order.orderId}`, ta: `புதிய ஆர்டர் ${order.orderId}` },
    {
      en: [
        `New order ${order.orderId} (cash on delivery).`,
        `Customer: ${who}`,
        `Address: ${addressLine(order)}`,
        visit.en,
        ...dateLines(order).en,
        items.en,
        `Total: ${total}`,
      ],
      ta: [
        `புதிய ஆர்டர் ${order.orderId} (ஆடை கிடைக்கும்போது பணம்).`,
        `வாடிக்கையாளர்: ${who}`,
        `முகவரி: ${addressLine(order)}`,
        visit.ta,
        ...dateLines(order).ta,
        items.ta,
        `மொத்தம்: ${total}`,
      ],
    },
    { url: pageUrl(publicUrl, 'admin'), en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
  );
}

/** Whether the shop held the customer's fabric when she cancelled (contract `holdsCustomerFabric`). */
function fabricCollected(record: CancellationRecord): boolean {
  return holdsCustomerFabric(record.order.status, record.previousStatus);
}

/** The shop's cancellation mail (docs/product.md#cancellations-kept): who cancelled what and why, and whether her fabric is to go back. */
function cancellationMail(record: CancellationRecord, publicUrl: string): Body {
  const items = record.productInfo.map((item) => item.name).join(', ');
  // The Tamil part names the lines by their Tamil names, from the order's own copy of them.
  const itemsTa = record.order.items.map((item) => itemName(item, 'ta')).join(', ');
  const total = formatRupeesExact(paiseToRupees(record.totalPaise));
  const fabric = fabricCollected(record);
  return bilingualMail(
    { en: `Order ${record.orderNumber} cancelled`, ta: `ஆர்டர் ${record.orderNumber} ரத்து செய்யப்பட்டது` },
    {
      en: [
        `${record.username} (${record.phoneNumber}) cancelled order ${record.orderNumber} (${total}).`,
        `Items: ${items}`,
        `Reason: ${record.reason}`,
        ...(fabric ? ['The home visit was done: return her fabric and call her to arrange it.'] : []),
      ],
      ta: [
        `${record.username} (${record.phoneNumber}) ஆர்டர் ${record.orderNumber} (${total}) ஐ ரத்து செய்தார்.`,
        `ஆடைகள்: ${itemsTa}`,
        `காரணம்: ${record.reason}`,
        ...(fabric ? ['வீட்டு வருகை முடிந்தது: அவருடைய துணியைத் திருப்பித் தர, அவரை அழைத்து நேரம் முடிவு செய்யுங்கள்.'] : []),
      ],
    },
    { url: pageUrl(publicUrl, 'admin'), en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
  );
}

/**
 * The customer's cancellation mail (docs/product.md#cancellations-kept), in English and Tamil: the
 * order cancelled as she asked, when, her reason, its items one per row, the timeline, and, when
 * the shop already holds her fabric, that it will be returned and the shop may call her.
 */
function customerCancellationMail(record: CancellationRecord, publicUrl: string): Body {
  const { order } = record;
  const name = order.address.name || record.username;
  const fabric = fabricCollected(record);
  return bilingualMail(
    { en: `Order ${order.orderId} cancelled`, ta: `ஆர்டர் ${order.orderId} ரத்து செய்யப்பட்டது` },
    {
      en: [
        `Hello ${name},`,
        `Your order ${order.orderId} has been cancelled as you asked. You pay nothing for it.`,
        `Your reason: ${record.reason}`,
        ...(fabric ? ['We will return your fabric; we may call you to arrange a time.'] : []),
        itemTable(order, 'en'),
        timelineTable(order.timeline, 'en'),
      ],
      ta: [
        `வணக்கம் ${name},`,
        `நீங்கள் கேட்டபடி உங்கள் ஆர்டர் ${order.orderId} ரத்து செய்யப்பட்டது. இதற்கு நீங்கள் எதுவும் செலுத்த வேண்டியதில்லை.`,
        `நீங்கள் சொன்ன காரணம்: ${record.reason}`,
        ...(fabric ? ['உங்கள் துணியைத் திருப்பித் தருவோம்; நேரம் முடிவு செய்ய உங்களை அழைக்கக்கூடும்.'] : []),
        itemTable(order, 'ta'),
        timelineTable(order.timeline, 'ta'),
      ],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
    garmentPicture(order),
  );
}

/**
 * The mails of a placed order, for the outbox (docs/architecture.md#mail): the customer's
 * confirmation and the shop's new-order mail, both tied to the customer's account.
 */
export function orderPlacedMails(
  order: Order,
  customer: { id: string; username: string; email: string },
  publicUrl: string,
): OutgoingMail[] {
  return [
    { kind: 'order-placed', to: [customer.email], userId: customer.id, ...orderConfirmationMail(order, customer.username, publicUrl) },
    { kind: 'new-order', to: 'shop', userId: customer.id, ...newOrderMail(order, customer, publicUrl) },
  ];
}

/**
 * The mails of a cancellation by customer `customer`, for the outbox (docs/product.md#cancellations-kept):
 * hers and the shop's, both tied to her account.
 */
export function orderCancelledMails(
  record: CancellationRecord,
  customer: { id: string; email: string },
  publicUrl: string,
): OutgoingMail[] {
  return [
    { kind: 'cancellation-confirmed', to: [customer.email], userId: customer.id, ...customerCancellationMail(record, publicUrl) },
    { kind: 'order-cancelled', to: 'shop', userId: customer.id, ...cancellationMail(record, publicUrl) },
  ];
}
