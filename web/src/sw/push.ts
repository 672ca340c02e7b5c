/// <reference lib="webworker" />
import type { PushPayload } from '@thaiyal/contract/push';

/** The shop's icon on every notification (docs/product.md#notifications). */
const ICON_URL = '/icons/icon-192.png';

/**
 * The notification a push carries (docs/decisions/023-push-notifications.md): the shop's JSON
 * payload, or undefined when it is not one (no data, not JSON, a field missing or not text), so a
 * stray push cannot show a broken notification or open another site.
 */
export function readPayload(data: { json(): unknown } | null | undefined): PushPayload | undefined {
  if (!data) return undefined;
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return undefined;
  }
  const payload = value as Partial<Record<keyof PushPayload, unknown>> | null;
  if (!payload || typeof payload !== 'object') return undefined;
  const { title, body, url, tag } = payload;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || typeof tag !== 'string') return undefined;
  return { title, body, url, tag };
}

/**
 * The page a notification opens, on the service worker's own origin only (docs/security.md#notifications):
 * the payload's URL when it is on `origin`, else the shop's home; its path and query kept, so
 * the shop's own address (PUBLIC_URL) and the worker's agree even behind a proxy.
 */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/**
 * Open `url` (same origin): focus a tab already showing it, else navigate an open tab of the
 * shop there, else open a new window.
 */
async function openPage(sw: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = tabs.find((tab) => tab.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const shopTab = tabs.find((tab) => new URL(tab.url).origin === sw.location.origin);
  if (shopTab) {
    await shopTab.focus();
    await shopTab.navigate(url);
    return;
  }
  await sw.clients.openWindow(url);
}

/**
 * The service worker's notification handlers (docs/product.md#notifications): `push` shows the
 * shop's notification (title, line, icon, the page to open, tagged by order so a newer one
 * replaces the older; `renotify`, so the replacement still rings); `notificationclick` closes it
 * and focuses or opens its page, on the shop's own origin only. A push without the shop's
 * payload still shows a notification (browsers require one for every push, `userVisibleOnly`).
 */
export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event: PushEvent) => {
    const payload = readPayload(event.data);
    const title = payload?.title ?? 'Thaiyal';
    const options: NotificationOptions & { renotify?: boolean } = {
      body: payload?.body ?? '',
      icon: ICON_URL,
      badge: ICON_URL,
      data: { url: sameOriginUrl(payload?.url, sw.location.origin) },
      ...(payload ? { tag: payload.tag, renotify: true } : {}),
    };
    event.waitUntil(sw.registration.showNotification(title, options));
  });
  sw.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url, sw.location.origin);
    event.waitUntil(openPage(sw, url));
  });
}
