import type { Page } from '@playwright/test';
import { signInAdmin } from '../support/admin-page.js';
import { firstProductOf, saveAddress, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * The owner's day offline (docs/product.md#the-owners-day-offline,
 * docs/decisions/024-owners-day-offline.md): an order has its measuring visit today; on her phone,
 * online, on her first visit (the service worker not installed yet), the owner opens the day’s
 * visits once, with the order’s sheet, and waits until the page and its code are kept. The
 * network goes: the visits and the sheet still show, "Offline — saved at …". She types the
 * measurements: "Waiting to send (1)", still 1 after a reload offline. The network comes back:
 * they are sent, and the server has them.
 *
 * Reloading offline needs the service worker: the page itself and its code come from its cache
 * (docs/architecture.md#the-service-worker).
 */

test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

interface VisitDays {
  today: string;
  days: Array<{ date: string; slots: Array<{ id: string; status: string }> }>;
}

/** Waits until React has hydrated the page (web/src/lib/hydration.ts), as the spec fixture's own `goto` does. */
async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The saves waiting in the phone's IndexedDB (docs/decisions/024-owners-day-offline.md#the-queue), read as the page would after a reload. */
function savesOnPhone(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('thaiyal-owner-day');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('saves').objectStore('saves').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );
}

/**
 * What the page has loaded that the service worker does not keep yet: the page itself (its HTML,
 * in the dashboard's cache, once for all its tabs) and every `/assets/` file (in the build files' cache), by the worker's
 * cache names (web/src/sw/sw.ts). An empty list once all of it is kept.
 */
function notYetKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const assets = await caches.open('thaiyal-assets-v1');
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
    const missing: string[] = [];
    for (const url of loaded) if (!(await assets.match(url.href))) missing.push(url.pathname);
    const pages = await (await caches.open('thaiyal-admin-v1')).keys();
    // Kept once for every tab: its address without the query (cache-rules.ts `dashboardCacheKey`).
    const here = (key: Request) => {
      const url = new URL(key.url);
      url.searchParams.delete('sw-variant');
      return url.href === location.origin + location.pathname;
    };
    if (!pages.some(here)) missing.push(location.pathname);
    return missing;
  });
}

test('the owner reads the day’s visits and sheet offline, types measurements offline, and they are sent when the network returns', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  // The customer orders with a measuring visit today.
  const shopperPage = await (await browser.newContext()).newPage();
  await signUpShopper(shopperPage, 'Revathi');
  await saveAddress(shopperPage);
  const product = await firstProductOf(shopperPage, 'saree-blouse');
  const slots = (await (await shopperPage.request.get('/api/visit-slots?days=1')).json()) as VisitDays;
  const slot = slots.days.find((day) => day.date === slots.today)?.slots.find((one) => one.status === 'open');
  test.skip(!slot, 'No visit slot open today (a closed day, every slot started or full): the day has no visit to take offline');
  const placed = await shopperPage.request.post('/api/orders', {
    data: { items: [{ productId: product._id, quantity: 1 }], totalAmt: product.price, visit: { date: slots.today, slotId: slot!.id } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { orderId: string } }).order.orderId;

  // Her first visit, online: she opens the day's visits once, and the order's sheet. The service
  // worker installs only after that page has loaded, so it keeps the page and the code already
  // loaded when it is ready (docs/decisions/024-owners-day-offline.md#what-is-loaded-before-she-leaves).
  const signin = await signInAdmin(page.request);
  expect(signin.status(), await signin.text()).toBe(200);
  await page.goto('/admin-only?tab=dayVisits');
  const card = page.getByTestId('day-visit').filter({ hasText: orderId });
  await card.getByTestId('visit-sheet-toggle').click();
  await expect(card.getByTestId('order-sheet')).toContainText(orderId);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => notYetKept(page), { timeout: 20_000 }).toEqual([]);

  // At the door, no signal: the day's visits and the sheet still show, saying when they were loaded.
  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('offline-saved-at')).toContainText(/Offline — saved at \d\d:\d\d/);
  await card.getByTestId('visit-sheet-toggle').click();
  await expect(card.getByTestId('order-sheet')).toContainText(orderId);

  // She types what she measured: kept on the phone, waiting to send.
  await card.getByRole('button', { name: `Record measurements for ${product.name}` }).click();
  const form = card.getByTestId('measurements-form');
  await form.getByLabel('Bust (in)', { exact: true }).fill('30');
  await form.getByLabel('Note for the tailor').fill('Measured with no signal');
  await form.getByRole('button', { name: 'Save measurements' }).click();
  await expect(page.getByTestId('waiting-count')).toHaveText('Waiting to send (1)');
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);

  // A reload offline loses nothing, and the dashboard opens on another tab than the one kept
  // (Today, at `/admin-only`), with the day's visits.
  await page.goto('/admin-only');
  await hydrated(page);
  await expect(page.getByTestId('waiting-count')).toHaveText('Waiting to send (1)');
  await expect(page.getByTestId('today-visit').filter({ hasText: orderId })).toBeVisible();
  expect(await savesOnPhone(page)).toBe(1);

  // The signal returns: the save is sent by itself, and the shop has it (30 in = 762 mm).
  // Chromium's page reloaded offline already says it is online, so no `online` event comes: the
  // queue's own retry while saves wait (every 15 s, docs/decisions/024-owners-day-offline.md#the-queue) sends it.
  await context.setOffline(false);
  await expect(page.getByTestId('waiting-count')).toHaveCount(0, { timeout: 40_000 });
  expect(await savesOnPhone(page)).toBe(0);
  const listed = await page.request.get(`/api/orders/status?q=${orderId}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const { orders } = (await listed.json()) as {
    orders: Array<{ orderId: string; items: Array<{ measured: { measurements: Record<string, number>; note: string } | null }> }>;
  };
  const measured = orders.find((one) => one.orderId === orderId)?.items[0]?.measured;
  expect(measured?.measurements.bust).toBe(762);
  expect(measured?.note).toBe('Measured with no signal');
});
