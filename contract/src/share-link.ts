import { z } from './zod.js';

/**
 * The tracking link a shopper shares (docs/product.md#sharing-an-orders-progress): a page at
 * `/track/{token}` that shows one order's progress to whoever holds the link, without signing in,
 * and never her address, phone, e-mail, name or measurements (docs/security.md#tracking-links).
 */

/** Days after delivery or cancellation that a tracking link still opens the page. */
export const SHARE_LINK_DAYS_AFTER_END = 30;

/**
 * The shape of a tracking token: 32 random bytes written in base64url without padding, 43
 * characters (ASVS 7.2.3). Anything else is answered the same 404 as an ended link without
 * touching the database.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Messages of the tracking link (docs/product.md#sharing-an-orders-progress). */
export const SHARE_LINK_MESSAGES = {
  /** 409 of `POST /orders/:orderId/share-link`: the order was delivered or cancelled too long ago for a link to open. */
  ended: 'This order ended more than 30 days ago: its progress can no longer be shared.',
  /** 200 of `DELETE /orders/:orderId/share-link`. */
  stopped: 'Sharing stopped',
  /** 429 of `GET /track/:token` from one client address. */
  tooMany: 'Too many tracking pages opened. Please wait a minute and try again.',
} as const;

/** `POST /orders/:orderId/share-link` → `{url}`: the page's full address, `{PUBLIC_URL}/track/{token}`. */
export const ShareLinkResponseSchema = z.object({ url: z.string() }).strict();
export type ShareLinkResponse = z.infer<typeof ShareLinkResponseSchema>;
