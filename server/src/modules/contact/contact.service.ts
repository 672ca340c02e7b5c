import { desc, eq } from 'drizzle-orm';
import type { ContactBody, ContactMessage, ShopInfo } from '@thaiyal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopContactConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { contactMessages, users } from '../../db/schema/index.js';
import { bilingualMail, type Mailer } from '../../platform/mail.js';

/** How many messages `GET /api/contact` lists at most (the newest), so the answer stays bounded. */
export const CONTACT_LIST_LIMIT = 500;

type ContactRow = typeof contactMessages.$inferSelect;

/** Row → API shape of one contact message (`_id`, ISO `createdAt`). */
export function toContactMessage(row: ContactRow): ContactMessage {
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
 * (the app's clock), and return it as the API shows it. One statement.
 */
export async function saveContactMessage(db: Db, body: ContactBody, now: Date): Promise<ContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: body.name, email: body.email, phone: body.phone, message: body.message, createdAt: now })
    .returning();
  return toContactMessage(row!);
}

/** The newest {@link CONTACT_LIST_LIMIT} contact messages, newest first, in one query. */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_LIST_LIMIT);
  return rows.map(toContactMessage);
}

/**
 * Who receives the shop's mails (docs/architecture.md#configuration `SHOP_EMAIL`): that address when set, else every
 * admin's e-mail (possibly none).
 */
export async function contactRecipients(db: Db, shopEmail: string | undefined): Promise<string[]> {
  if (shopEmail) return [shopEmail];
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return admins.map((admin) => admin.email);
}

/**
 * The shop's mail about a new contact message, English then Tamil (docs/product.md#contact): who wrote,
 * how to reach them, what they wrote, and a link to the dashboard's messages.
 */
export function contactMail(message: ContactMessage, publicUrl: string): ReturnType<typeof bilingualMail> {
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
    { url: `${publicUrl}/admin-only`, en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
  );
}

/**
 * Mail the shop about a message without making the request wait or fail (docs/product.md#contact: mail
 * errors never fail the form); a failure, including finding the recipients, is logged, and
 * with no recipient at all a warning says how to set one.
 */
export function mailShopInBackground(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: { shopEmail: string | undefined; publicUrl: string },
  message: ContactMessage,
): void {
  const send = async () => {
    const to = await contactRecipients(db, options.shopEmail);
    if (to.length === 0) {
      log.warn('no recipient for the contact mail; set SHOP_EMAIL or create an admin');
      return;
    }
    await mailer.send({ to, ...contactMail(message, options.publicUrl) });
  };
  send().catch((error: unknown) => log.error({ err: error }, 'contact mail failed'));
}

/**
 * The shop's public contact points as `GET /api/shop-info` answers them (contract
 * `ShopInfoSchema`), built from configuration: `tel:` and `https://wa.me/` links from the
 * digits of the numbers, `mailto:` from the e-mail, only the configured social networks.
 */
export function shopInfo(shop: ShopContactConfig): ShopInfo {
  const phoneDigits = shop.phone.replace(/\D/g, '');
  const social: ShopInfo['social'] = [];
  if (shop.instagram) social.push({ network: 'instagram', href: shop.instagram });
  if (shop.facebook) social.push({ network: 'facebook', href: shop.facebook });
  if (shop.youtube) social.push({ network: 'youtube', href: shop.youtube });
  return {
    name: 'Thaiyal',
    phone: shop.phone,
    phoneHref: `tel:${shop.phone.trim().startsWith('+') ? '+' : ''}${phoneDigits}`,
    whatsappHref: `https://wa.me/${shop.whatsapp}`,
    email: shop.email,
    emailHref: `mailto:${shop.email}`,
    social,
    portfolioHref: shop.portfolioUrl,
  };
}
