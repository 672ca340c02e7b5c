import { formatShopTime, type Order, type OrderState } from '@thaiyal/contract';
import type { MailPicture, MailTable } from '../../platform/mail.js';

/** Each step's name as the customer reads it (docs/product.md#the-tailoring-workflow), as My Orders shows it. */
export const STEP_NAMES: Record<OrderState, { en: string; ta: string }> = {
  call: { en: 'Order received - we will call you', ta: 'ஆர்டர் கிடைத்தது - நாங்கள் உங்களை அழைப்போம்' },
  visited: { en: 'Home visit done', ta: 'வீட்டு வருகை முடிந்தது' },
  designed: { en: 'Stitching done', ta: 'தையல் முடிந்தது' },
  delivered: { en: 'Delivered', ta: 'டெலிவரி ஆனது' },
  cancelled: { en: 'Cancelled', ta: 'ரத்து செய்யப்பட்டது' },
};

/**
 * The order's timeline as a mail table (docs/product.md#the-tailoring-workflow), in `lang`: each step with its date and time in India
 * (`25 Nov 2026, 10:30 am`), oldest first.
 */
export function timelineTable(timeline: Order['timeline'], lang: 'en' | 'ta'): MailTable {
  const rows = timeline.map((step) => [STEP_NAMES[step.status][lang], formatShopTime(step.at, lang)]);
  return {
    text: `${lang === 'en' ? 'Timeline' : 'நிலை வரலாறு'}:\n${rows.map(([name, at]) => `  ${name}: ${at}`).join('\n')}`,
    head: lang === 'en' ? ['Step', 'When'] : ['நிலை', 'நேரம்'],
    rows,
  };
}

/**
 * The garment's picture for a mail about the order (docs/architecture.md#mail): its first line's
 * picture, which the sender attaches as a JPEG; none for a line without a stored picture.
 */
export function garmentPicture(order: Pick<Order, 'items'>): MailPicture[] {
  const first = order.items[0];
  return first?.image ? [{ url: first.image, alt: first.name }] : [];
}
