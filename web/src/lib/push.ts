import type { MessageResponse, PushKeyResponse, PushSubscriptionBody } from '@thaiyal/contract';
import { api } from './api';

/**
 * Where this browser stands with the shop's notifications (docs/product.md#notifications):
 * - `unsupported`: no service worker, Push API or Notification API (an old browser, or iOS Safari
 *   outside a home-screen app);
 * - `blocked`: the person, or the browser, said no to notifications for the shop;
 * - `on`: this browser has a push subscription (the shop has it too once turned on here);
 * - `off`: it could be turned on.
 */
export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

/** Whether this browser has what Web Push needs. */
function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    typeof Notification.requestPermission === 'function'
  );
}

/**
 * This browser's {@link PushState}. Waits for the service worker (registered by the app shell
 * after the page loads) only when permission is already granted, so the answer is quick otherwise.
 */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

/** `GET /api/push/key` → the shop's VAPID public key, base64url. */
async function publicKey(): Promise<string> {
  return (await api<PushKeyResponse>('/push/key')).publicKey;
}

/** A base64url string as bytes (`applicationServerKey` takes them). */
function bytesOf(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Turn notifications on for this browser (docs/product.md#notifications), only ever from a tap:
 * ask the person (`Notification.requestPermission`), subscribe with the shop's VAPID key
 * (`userVisibleOnly`: every push shows a notification), then hand the subscription to the shop
 * (`POST /api/push/subscriptions`). Resolves with the state it ended in: `blocked` when she
 * said no (or the browser did), `on` when it worked.
 * @throws ApiError when the shop refused the subscription (409: on in 5 browsers already).
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(await publicKey()) }));
  const json = subscription.toJSON();
  const body: PushSubscriptionBody = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  await api<MessageResponse>('/push/subscriptions', { method: 'POST', body });
  return 'on';
}

/** Turn notifications off for this browser: unsubscribe it, and tell the shop (`DELETE /api/push/subscriptions`). */
export async function turnOffPush(): Promise<void> {
  if (!supported()) return;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await api<MessageResponse>('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** Where "Not now" is remembered, per browser. */
const NOT_NOW_KEY = 'thaiyal.push.notNowAt';
/** How long "Not now" keeps the card away: 30 days. */
const NOT_NOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether she said "Not now" in this browser in the last 30 days. */
export function saidNotNow(nowMs = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(NOT_NOW_KEY));
    return Number.isFinite(at) && at > 0 && nowMs - at < NOT_NOW_MS;
  } catch {
    return false;
  }
}

/** Remember "Not now" in this browser. */
export function rememberNotNow(nowMs = Date.now()): void {
  try {
    localStorage.setItem(NOT_NOW_KEY, String(nowMs));
  } catch {
    // Storage off (private mode): the card comes back next time, no harm.
  }
}
