import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type ServiceWorkerHost } from './service-worker';

/**
 * The service worker's registration and version hand-over (docs/decisions/022-installable-app.md):
 * registered after `load`; a new version is offered, never forced; a page reloads once when a
 * new version takes it over, never on a first install.
 */

/** A browser's worker parts, driven by the test: `events` fire what the browser would. */
function fakeBrowser(options: { controlled: boolean; readyState?: DocumentReadyState; waiting?: boolean }) {
  const container = new EventTarget() as EventTarget & { controller: object | null };
  container.controller = options.controlled ? {} : null;
  const registration = new EventTarget() as EventTarget & { waiting: object | null; installing: (EventTarget & { state: string }) | null };
  registration.waiting = options.waiting ? { name: 'already waiting' } : null;
  registration.installing = null;
  const register = vi.fn(async (_path: string) => registration);
  const page = new EventTarget();
  const reload = vi.fn();
  const offerUpdate = vi.fn();
  const host: ServiceWorkerHost = {
    container: Object.assign(container, { register }) as unknown as ServiceWorkerHost['container'],
    window: Object.assign(page, { location: { reload } }) as unknown as ServiceWorkerHost['window'],
    readyState: () => options.readyState ?? 'interactive',
    offerUpdate,
  };
  /** A new version found: installing, then installed (waiting). */
  const newVersionInstalls = () => {
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    registration.waiting = installing;
    installing.dispatchEvent(new Event('statechange'));
  };
  /** Settles the registration's promise. */
  const registered = () => vi.waitFor(() => expect(register).toHaveBeenCalled()).then(() => register.mock.results[0]!.value);
  return { host, container, page, register, reload, offerUpdate, newVersionInstalls, registered };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js only once the page has loaded', async () => {
    const browser = fakeBrowser({ controlled: false });
    registerServiceWorker(browser.host);
    expect(browser.register).not.toHaveBeenCalled();
    browser.page.dispatchEvent(new Event('load'));
    await browser.registered();
    expect(browser.register).toHaveBeenCalledWith('/sw.js');
  });

  it('registers at once when the page has loaded already', async () => {
    const browser = fakeBrowser({ controlled: false, readyState: 'complete' });
    registerServiceWorker(browser.host);
    await browser.registered();
  });

  it('offers a new version found while a worker controls the page, and reloads nothing by itself', async () => {
    const browser = fakeBrowser({ controlled: true, readyState: 'complete' });
    registerServiceWorker(browser.host);
    await browser.registered();
    expect(browser.offerUpdate).not.toHaveBeenCalled();
    browser.newVersionInstalls();
    expect(browser.offerUpdate).toHaveBeenCalledTimes(1);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const browser = fakeBrowser({ controlled: true, readyState: 'complete', waiting: true });
    registerServiceWorker(browser.host);
    await browser.registered();
    expect(browser.offerUpdate).toHaveBeenCalledWith({ name: 'already waiting' });
  });

  it('offers nothing on a first install (no worker controlled the page)', async () => {
    const browser = fakeBrowser({ controlled: false, readyState: 'complete' });
    registerServiceWorker(browser.host);
    await browser.registered();
    browser.newVersionInstalls();
    expect(browser.offerUpdate).not.toHaveBeenCalled();
  });

  it('reloads once when a new version takes over a controlled page', () => {
    const browser = fakeBrowser({ controlled: true });
    registerServiceWorker(browser.host);
    browser.container.dispatchEvent(new Event('controllerchange'));
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when a first install takes the page, but does for the next version', () => {
    const browser = fakeBrowser({ controlled: false });
    registerServiceWorker(browser.host);
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).not.toHaveBeenCalled();
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the shop as it is when a browser that blocks workers answers nothing', async () => {
    const browser = fakeBrowser({ controlled: false, readyState: 'complete' });
    browser.register.mockResolvedValueOnce(undefined as never);
    registerServiceWorker(browser.host);
    await browser.registered();
    expect(browser.offerUpdate).not.toHaveBeenCalled();
  });

  it('leaves the shop as it is when the registration fails', async () => {
    const browser = fakeBrowser({ controlled: false, readyState: 'complete' });
    browser.register.mockRejectedValueOnce(new Error('no worker here'));
    registerServiceWorker(browser.host);
    await browser.registered().catch(() => undefined);
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
