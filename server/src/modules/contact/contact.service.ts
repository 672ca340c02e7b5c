import { and, desc, getTableColumns, ilike, like, or, type SQL } from 'drizzle-orm';
import {
  pageUrl,
  type ContactBody,
  type ContactListResponse,
  type ContactMessage,
  type SearchPageQuery,
  type ShopInfo,
} from '@thaiyal/contract';
import type { ShopContactConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { contactMessages, phoneDigitsOf } from '../../db/schema/index.js';
import {
  afterPosition,
  containsPattern,
  decodeCursor,
  microsOf,
  pageOf,
  phoneSearchDigits,
  searchThroughIndexes,
} from '../../platform/paging.js';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';

type ContactRow = typeof contactMessages.$inferSelect;

/** Row → API shape of one contact message (`_id`, ISO `createdAt`). */
function toContactMessage(row: ContactRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Store one contact-form message (docs/product.md#entities Contact form; docs/product.md#contact), stamped with `now`
 * (the app's clock), and return it as the API shows it. One transaction: `onSaved` runs in it
 * with the stored message (the route queues the shop's mail there, docs/architecture.md#mail).
 */
export async function saveContactMessage(
  db: Db,
  body: ContactBody,
  now: Date,
  onSaved?: (tx: Db, message: ContactMessage) => Promise<void>,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: body.name, email: body.email, phone: body.phone, message: body.message, createdAt: now })
      .returning();
    const message = toContactMessage(row!);
    await onSaved?.(tx, message);
    return message;
  });
}

/**
 * One page of the contact messages (docs/product.md#contact; docs/product.md#lists-by-page):
 * newest first (time, then id), after the message `query.cursor` names, through
 * `contact_messages_created_idx`; `query.q` narrows to a name, e-mail or message holding it,
 * any case, or a phone holding its digits (spaces and +91 or 0 ignored on both sides), each
 * through its trigram index, planned without sequential scans (platform/paging.ts
 * `searchThroughIndexes`). One statement.
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list.
 */
export async function listContactMessages(db: Db, query: SearchPageQuery): Promise<ContactListResponse> {
  const position = decodeCursor('contactMessages', query.cursor);
  const rows = await searchThroughIndexes(db, query.q, (tx) =>
    tx
      .select({ ...getTableColumns(contactMessages), atMicros: microsOf(contactMessages.createdAt) })
      .from(contactMessages)
      .where(and(contactSearch(query.q), afterPosition(contactMessages.createdAt, contactMessages.id, position)))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit + 1),
  );
  const page = pageOf('contactMessages', rows, query.limit, (row) => ({ atMicros: row.atMicros, key: row.id }));
  return { messages: page.rows.map(toContactMessage), nextCursor: page.nextCursor };
}

/** The messages `q` finds (name, e-mail, text, or a phone typed any way), or all without `q`. */
function contactSearch(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const pattern = containsPattern(q);
  const digits = phoneSearchDigits(q);
  return or(
    ilike(contactMessages.name, pattern),
    ilike(contactMessages.email, pattern),
    ilike(contactMessages.message, pattern),
    digits ? like(phoneDigitsOf(contactMessages.phone), containsPattern(digits)) : undefined,
  );
}

/**
 * The shop's mail about a new contact message, English then Tamil (docs/product.md#contact): who wrote,
 * how to reach them, what they wrote, and a link to the dashboard's messages.
 */
function contactMail(message: ContactMessage, publicUrl: string): ReturnType<typeof bilingualMail> {
  return bilingualMail(
    { en: `New message from ${message.name}`, ta: `${message.name} அனுப்பிய புதிய செய்தி` },
    {
      en: [
        `${message.name} wrote through the contact form.`,
        `E-mail: ${message.email}`,
        `Phone: ${message.phone}`,
        `Message:\n${message.message}`,
      ],
      ta: [
        `${message.name} தொடர்புப் படிவம் வழியாக எழுதியுள்ளார்.`,
        `மின்னஞ்சல்: ${message.email}`,
        `தொலைபேசி: ${message.phone}`,
        `செய்தி:\n${message.message}`,
      ],
    },
    { url: pageUrl(publicUrl, 'admin'), en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
  );
}

/** The shop's mail about a contact message, for the outbox; deleted unsent with the message. */
export function contactMessageMail(message: ContactMessage, publicUrl: string): OutgoingMail {
  return { kind: 'contact-message', to: 'shop', contactMessageId: message._id, ...contactMail(message, publicUrl) };
}

/**
 * The shop's public contact points as `GET /api/shop-info` answers them (contract
 * `ShopInfoSchema`), built from configuration: `tel:` and `https://wa.me/` links from the
 * digits of the numbers, `mailto:` from the e-mail, only the configured social networks; with
 * `alterationDays` (`ALTERATION_DAYS`), how long after delivery a free alteration may be asked
 * for (docs/product.md#free-alterations).
 */
export function shopInfo(shop: ShopContactConfig, alterationDays?: number): ShopInfo {
  const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
  const social: ShopInfo['social'] = [];
  if (shop.instagram) social.push({ network: 'instagram', href: shop.instagram });
  if (shop.facebook) social.push({ network: 'facebook', href: shop.facebook });
  if (shop.youtube) social.push({ network: 'youtube', href: shop.youtube });
  return {
    name: 'Thaiyal',
    phone: shop.phone,
    phoneHref: telHref(shop.phone),
    whatsappHref: `https://wa.me/${shop.whatsapp}`,
    email: shop.email,
    emailHref: `mailto:${shop.email}`,
    social,
    portfolioHref: shop.portfolioUrl,
    legalName: shop.legalName,
    address: shop.address,
    grievanceOfficer: { ...shop.grievanceOfficer, phoneHref: telHref(shop.grievanceOfficer.phone) },
    ...(alterationDays === undefined ? {} : { alterationDays }),
  };
}
