import { z } from './zod.js';

/**
 * Notifications on her phone (docs/product.md#notifications; docs/decisions/023-push-notifications.md):
 * a signed-in shopper, or an admin, turns them on in a browser, which hands the shop a Web Push
 * subscription (RFC 8030 endpoint, RFC 8291 keys); the shop posts short notifications to it.
 */

/** How many browsers (subscriptions) one account may have notifications on at once. */
export const MAX_PUSH_SUBSCRIPTIONS = 5;

/** The longest endpoint URL accepted (push services' are about 200 to 500 characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 1024;

/** Messages of the notification routes; each has the reason `push.<key>`. */
export const PUSH_MESSAGES = {
  /** 201 of `POST /push/subscriptions`. */
  subscribed: 'Notifications are on for this browser',
  /** 200 of `DELETE /push/subscriptions`. */
  unsubscribed: 'Notifications are off for this browser',
  /** 400: an endpoint that is not https on a known push service (docs/security.md#notifications). */
  notPushService: 'This browser’s notification address is not one the shop can send to.',
  /** 400: keys that are not an RFC 8291 P-256 public key and 16-byte secret. */
  badKeys: 'This browser’s notification keys are not valid.',
  /** 409: the account already has notifications on in the most browsers allowed. */
  tooMany: 'Notifications are already on in 5 browsers. Turn them off in one of them first.',
  /** 429 per account. */
  tooManyRequests: 'Too many notification changes. Please wait a minute and try again.',
} as const;

/** base64url without padding (as `PushSubscription.toJSON()` writes keys), with optional `=` padding. */
const base64Url = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * `POST /push/subscriptions` body: the browser's `PushSubscription.toJSON()` without
 * `expirationTime`: `{endpoint, keys: {p256dh, auth}}`. `p256dh` is the uncompressed P-256 public
 * key (65 bytes, 87 characters), `auth` the 16-byte secret (22 characters), both base64url
 * (RFC 8291 section 3). Whether the endpoint is a known push service is the server's check
 * (docs/security.md#notifications), 400 `push.notPushService`.
 */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: z.string().min(1).max(MAX_PUSH_ENDPOINT_LENGTH, PUSH_MESSAGES.notPushService),
    keys: z
      .object({
        p256dh: z.string().regex(base64Url, PUSH_MESSAGES.badKeys).min(86, PUSH_MESSAGES.badKeys).max(90, PUSH_MESSAGES.badKeys),
        auth: z.string().regex(base64Url, PUSH_MESSAGES.badKeys).min(22, PUSH_MESSAGES.badKeys).max(24, PUSH_MESSAGES.badKeys),
      })
      .strict(),
    // Chrome's toJSON() includes it (null); the shop does not use it.
    expirationTime: z.number().nullable().optional(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** `DELETE /push/subscriptions` body: the endpoint to forget (this browser's). */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(MAX_PUSH_ENDPOINT_LENGTH) }).strict();
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

/** `GET /push/key` → the shop's VAPID public key (RFC 8292), base64url: the browser's `applicationServerKey`. */
export const PushKeyResponseSchema = z.object({ publicKey: z.string() }).strict();
export type PushKeyResponse = z.infer<typeof PushKeyResponseSchema>;

/**
 * What one notification carries to the service worker (JSON, encrypted end to end, RFC 8291):
 * a title and a line in the recipient's language, the shop page to open (same origin), and a
 * tag, so a newer notification about the same order replaces the older one. Never measurements,
 * an address or a phone number (docs/security.md#notifications).
 */
export interface PushPayload {
  title: string;
  body: string;
  /** Absolute URL on the shop's origin: My Orders, or the dashboard. */
  url: string;
  /** `order-TH-4K7Q2M`. */
  tag: string;
}
