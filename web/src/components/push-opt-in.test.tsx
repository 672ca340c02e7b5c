import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { mockApi } from '../test/mock-api';
import { makeUser, renderWithApp } from '../test/render';
import { PushOptIn } from './push-opt-in';

// docs/product.md#notifications: the opt-in card, with the browser's Push and Notification APIs stubbed (jsdom has neither).

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/test-browser';

interface FakeBrowser {
  permission: NotificationPermission;
  /** What Notification.requestPermission answers. */
  answer: NotificationPermission;
  subscribed: boolean;
  subscribe: Mock<(options: PushSubscriptionOptionsInit) => Promise<unknown>>;
  unsubscribe: Mock<() => void>;
}

/** Give jsdom a service worker with a push manager, and a Notification API, as a phone's browser has. */
function stubPushBrowser(start: Partial<FakeBrowser> = {}): FakeBrowser {
  const browser: FakeBrowser = {
    permission: 'default',
    answer: 'granted',
    subscribed: false,
    subscribe: vi.fn(),
    unsubscribe: vi.fn(),
    ...start,
  };
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: async () => {
      browser.unsubscribe();
      browser.subscribed = false;
      return true;
    },
  };
  browser.subscribe.mockImplementation(async () => {
    browser.subscribed = true;
    return subscription;
  });
  const pushManager = {
    getSubscription: async () => (browser.subscribed ? subscription : null),
    subscribe: browser.subscribe,
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve({ pushManager }) },
    configurable: true,
  });
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  const notification = {
    get permission() {
      return browser.permission;
    },
    requestPermission: vi.fn(async () => {
      browser.permission = browser.answer;
      return browser.answer;
    }),
  };
  Object.defineProperty(window, 'Notification', { value: notification, configurable: true });
  return browser;
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
});

describe('the notifications opt-in', () => {
  it('turns notifications on with a tap: asks the browser, subscribes with the shop’s key, tells the shop', async () => {
    const browser = stubPushBrowser();
    const calls = mockApi({
      'GET /push/key': () => ({ status: 200, body: { publicKey: PUBLIC_KEY } }),
      'POST /push/subscriptions': () => ({ status: 201, body: { message: 'Notifications are on for this browser' } }),
    });
    renderWithApp(<PushOptIn audience="shopper" />, { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Get notified when your order moves' })).toBeTruthy();
    // Nothing is asked before the tap.
    expect(window.Notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Notifications are on for this browser.')).toBeTruthy();
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(new Uint8Array(options.applicationServerKey as ArrayBuffer)).toHaveLength(65);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/push/subscriptions',
      body: { endpoint: ENDPOINT, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } },
    });
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    stubPushBrowser({ answer: 'denied' });
    mockApi({});
    renderWithApp(<PushOptIn audience="shopper" />, { user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Notifications are blocked for this shop in this browser.')).toBeTruthy();
    expect(screen.getByText(/set Notifications to Allow/)).toBeTruthy();
  });

  it('shows that they are on, and turns them off', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const calls = mockApi({
      'DELETE /push/subscriptions': () => ({ status: 200, body: { message: 'Notifications are off for this browser' } }),
    });
    renderWithApp(<PushOptIn audience="admin" />, { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Get notified of new orders' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([{ method: 'DELETE', path: '/push/subscriptions', body: { endpoint: ENDPOINT } }]);
  });

  it('hides after Not now, and stays hidden in this browser', async () => {
    stubPushBrowser();
    mockApi({});
    const first = renderWithApp(<PushOptIn audience="shopper" />, { user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('push-opt-in')).toBeNull());
    first.unmount();
    renderWithApp(<PushOptIn audience="shopper" />, { user: makeUser() });
    // Give the state check its turn: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
  });

  it('shows nothing in a browser without notifications', async () => {
    mockApi({});
    renderWithApp(<PushOptIn audience="shopper" />, { user: makeUser() });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
  });

  it('says the shop’s refusal in the shopper’s words (on in 5 browsers already)', async () => {
    stubPushBrowser();
    mockApi({
      'GET /push/key': () => ({ status: 200, body: { publicKey: PUBLIC_KEY } }),
      'POST /push/subscriptions': () => ({
        status: 409,
        body: {
          message: 'Notifications are already on in 5 browsers. Turn them off in one of them first.',
          code: 'conflict',
          reason: 'push.tooMany',
          params: { maxBrowsers: 5 },
        },
      }),
    });
    renderWithApp(<PushOptIn audience="shopper" />, { user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Notifications are already on in 5 browsers.');
  });
});
