import { z } from './zod.js';
import { ContactBodySchema } from './order.js';
import { NextCursorSchema } from './paging.js';

/**
 * The contact form and the shop's public contact points (docs/product.md#contact, footer;
 * docs/product.md#entities Contact form; docs/architecture.md#http-api: the form posts to the shop's own `POST /contact`).
 */

/** `POST /contact` body (defined beside the order schemas; re-exported here for the contact feature). */
export { ContactBodySchema };
export type ContactBody = z.infer<typeof ContactBodySchema>;

/**
 * Every answer of `POST /contact`, as docs/product.md#api form provider answered: `{success, message}`
 * (`success: false` with a 4xx status on refusal; the error `code` is kept alongside).
 */
export const ContactResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** One stored contact message as `GET /contact` (admin) lists it. `createdAt` is ISO 8601. */
export const ContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** `GET /contact` answer: one page of the messages, newest first, and the next page's cursor (docs/product.md#lists-by-page). */
export const ContactListResponseSchema = z.object({ messages: z.array(ContactMessageSchema), nextCursor: NextCursorSchema });
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

/** Social networks the shop may link to (docs/product.md#home footer: a social profile). */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/**
 * `GET /shop-info` answer: the shop's contact points from the server's configuration
 * (SHOP_PHONE, SHOP_WHATSAPP, SHOP_CONTACT_EMAIL, SHOP_INSTAGRAM, SHOP_FACEBOOK,
 * SHOP_YOUTUBE, SHOP_PORTFOLIO_URL), ready to put in links:
 * `phone` as shown ('+91 98765 43210') and `phoneHref` ('tel:+919876543210'),
 * `whatsappHref` ('https://wa.me/919876543210'), `email` and `emailHref` ('mailto:…'),
 * `social` (only the configured networks, in {@link SOCIAL_NETWORKS} order),
 * `portfolioHref` (docs/product.md#screens: one menu link goes to an external portfolio site),
 * and the seller's legal name, address and grievance officer (SHOP_LEGAL_NAME, SHOP_ADDRESS,
 * SHOP_GRIEVANCE_NAME, SHOP_GRIEVANCE_EMAIL, SHOP_GRIEVANCE_PHONE).
 */
export const ShopInfoSchema = z.object({
  name: z.string(),
  phone: z.string(),
  phoneHref: z.string(),
  whatsappHref: z.string(),
  email: z.string(),
  emailHref: z.string(),
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), href: z.string() })),
  portfolioHref: z.string(),
  /**
   * The seller's details (docs/product.md#terms-returns-and-faq, India's Consumer Protection
   * (E-Commerce) Rules 2020): legal name, address, and the grievance officer with `phoneHref`.
   */
  legalName: z.string(),
  address: z.string(),
  grievanceOfficer: z.object({ name: z.string(), email: z.string(), phone: z.string(), phoneHref: z.string() }),
  /** How many days after delivery a garment's free alteration may be asked for (`ALTERATION_DAYS`, docs/product.md#free-alterations). The server always sends it. */
  alterationDays: z.number().int().optional(),
});
export type ShopInfo = z.infer<typeof ShopInfoSchema>;

/** Messages of the contact endpoints (docs/product.md#states-and-transitions Contact form). */
export const CONTACT_MESSAGES = {
  /** docs/product.md#states-and-transitions: the button shows this for 2 s after a successful send. */
  submitted: 'Form Submitted Successfully',
  tooMany: 'You have sent several messages in a short time. Please wait a few minutes, or call us.',
} as const;

/** Contact form submissions allowed per client IP in one window (docs/product.md#contact: rate limited per IP). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

/**
 * `GET /shop/trust` answer (docs/product.md#home, "Who is behind the shop"): what home shows of
 * the people and the record behind the shop. `tailorName` from `SHOP_TAILOR_NAME` (null when
 * unset), `tailorPhoto` the picture the admin set (a stored picture's URL,
 * `/uploads/products/{id}-640.webp`; null when none), `reviewCount` the reviews of the products
 * the shop sells, `deliveredCount` the orders delivered so far. The shop's address is
 * `GET /shop-info`'s.
 */
export const ShopTrustSchema = z.object({
  tailorName: z.string().nullable(),
  tailorPhoto: z.string().nullable(),
  reviewCount: z.number().int().min(0),
  deliveredCount: z.number().int().min(0),
});
export type ShopTrust = z.infer<typeof ShopTrustSchema>;

/** `PUT /tailor-photo`'s text fields: none (the form carries only its `image`); any is a 400. */
export const TailorPhotoFieldsSchema = z.object({}).strict();

/** `PUT /tailor-photo` and `DELETE /tailor-photo` (admin) answer: the tailor's photo now, null when removed. */
export const TailorPhotoResponseSchema = z.object({ tailorPhoto: z.string().nullable() });
export type TailorPhotoResponse = z.infer<typeof TailorPhotoResponseSchema>;
