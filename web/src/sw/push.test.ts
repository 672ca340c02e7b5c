import { describe, expect, it, vi } from 'vitest';
import { installPushHandlers, readPayload, sameOriginUrl } from './push';

// docs/product.md#notifications; docs/security.md#notifications: the service worker's push and click handlers.

const ORIGIN = 'https://thaiyal.in';

type Listener = (event: unknown) => void;

/** A service worker scope with just what the handlers use, recording what they do. */
function fakeWorker(tabs: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const sw = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => tabs,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  installPushHandlers(sw as unknown as ServiceWorkerGlobalScope);
  /** Fire `type` with `event` and wait for what it asked to wait for. */
  const fire = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  };
  return { fire, shown, opened };
}

const payload = { title: 'Order TH-4K7Q2M', body: 'Stitching done.', url: `${ORIGIN}/myOrders`, tag: 'order-TH-4K7Q2M' };

describe('the service worker’s notifications', () => {
  it('shows the shop’s notification with its text, icon, page and per-order tag', async () => {
    const worker = fakeWorker();
    await worker.fire('push', { data: { json: () => payload } });
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]!.title).toBe('Order TH-4K7Q2M');
    expect(worker.shown[0]!.options).toMatchObject({
      body: 'Stitching done.',
      tag: 'order-TH-4K7Q2M',
      data: { url: `${ORIGIN}/myOrders` },
    });
    expect(worker.shown[0]!.options.icon).toMatch(/^\//);
  });

  it('still shows a notification for a push without the shop’s payload, opening the home page', async () => {
    const worker = fakeWorker();
    await worker.fire('push', { data: { json: () => JSON.parse('not json') as unknown } });
    expect(worker.shown[0]!.title).toBe('Thaiyal');
    expect(worker.shown[0]!.options.data).toEqual({ url: `${ORIGIN}/` });
  });

  it('opens only pages of its own origin', () => {
    expect(sameOriginUrl(`${ORIGIN}/admin-only`, ORIGIN)).toBe(`${ORIGIN}/admin-only`);
    expect(sameOriginUrl('/myOrders', ORIGIN)).toBe(`${ORIGIN}/myOrders`);
    expect(sameOriginUrl('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(sameOriginUrl('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(sameOriginUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(readPayload({ json: () => ({ ...payload, title: 3 }) })).toBeUndefined();
  });

  it('focuses a tab already on the page, else moves a shop tab there, else opens a window', async () => {
    const close = vi.fn();
    const click = { notification: { close, data: { url: `${ORIGIN}/myOrders` } } };
    const onPage = { url: `${ORIGIN}/myOrders`, focus: vi.fn(), navigate: vi.fn() };
    await fakeWorker([onPage]).fire('notificationclick', click);
    expect(close).toHaveBeenCalled();
    expect(onPage.focus).toHaveBeenCalled();

    const elsewhere = { url: `${ORIGIN}/product/1`, focus: vi.fn(), navigate: vi.fn() };
    await fakeWorker([elsewhere]).fire('notificationclick', click);
    expect(elsewhere.navigate).toHaveBeenCalledWith(`${ORIGIN}/myOrders`);

    const none = fakeWorker([]);
    await none.fire('notificationclick', { notification: { close, data: { url: 'https://evil.example/' } } });
    expect(none.opened).toEqual([`${ORIGIN}/`]);
  });
});
