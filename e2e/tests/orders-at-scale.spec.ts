import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/admin.js';
import { startSeededShop, type SeededShop } from '../support/seeded-shop.js';
import { SEEDED_TARGET } from '../support/seeded-target.js';
import { expect, test } from '../support/test.js';

/**
 * The owner's orders tab with years of orders (docs/product.md#lists-by-page,
 * docs/performance.md): on a shop holding 5,000 orders, the OrderStatus tab shows its first
 * page within 3 s of the navigation on a CPU slowed 4x (Chrome DevTools Protocol
 * `Emulation.setCPUThrottlingRate`), as a cheap phone would, and the search box finds an order by
 * its customer's phone number among them. Before lists by page the tab drew every order: 13 s
 * for 1,000 at the same slowdown, never for 50,000.
 *
 * The orders live in a shop of this spec's own (support/seeded-shop.ts), so the journeys on the
 * run's shop never see them. The dashboard's Today tab on the same shop lists its overdue orders first.
 */

const ORDERS = 5_000;
/** docs/product.md#lists-by-page: the first page is on screen within this, at 4x CPU slowdown. */
const FIRST_PAGE_BUDGET_MS = 3_000;

let shop: SeededShop | undefined;

test.beforeAll(async () => {
  // Seeding 5,000 orders, making the admin and starting the shop take about half a minute.
  test.setTimeout(240_000);
  shop = await startSeededShop({ orders: ORDERS });
});

test.afterAll(async () => {
  await shop?.stop();
});

async function signInAsAdmin(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`^${url}/$`));
}

/**
 * Notes, in the page, when the first order card of the OrderStatus tab is on screen: the frame
 * after it enters the document, as `performance.now()` (milliseconds since the navigation
 * began), in `window.firstOrderCardMs`.
 */
async function markFirstOrderCard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('section[aria-labelledby="admin-orders-heading"] article')) return;
      observer.disconnect();
      requestAnimationFrame(() => ((window as unknown as { firstOrderCardMs: number }).firstOrderCardMs = performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

test('the orders tab shows its first page of 5,000 orders within 3 s at 4x CPU slowdown and finds an order by phone', async ({ page }) => {
  test.setTimeout(90_000);
  const url = shop!.url;
  await signInAsAdmin(page, url);
  await markFirstOrderCard(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const started = Date.now();
  await page.goto(`${url}/admin-only?tab=orderStatus`);
  const cards = page.locator('section[aria-labelledby="admin-orders-heading"] article');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  const wallMs = Date.now() - started;
  const firstCardMs = Number(
    await page
      .waitForFunction(() => (window as unknown as { firstOrderCardMs?: number }).firstOrderCardMs)
      .then((value) => value.jsonValue()),
  );
  test.info().annotations.push({
    type: 'first order card',
    description: `${Math.round(firstCardMs)} ms after navigation (${wallMs} ms wall clock) at 4x CPU`,
  });
  console.log(`orders-at-scale: first order card ${Math.round(firstCardMs)} ms after navigation, ${wallMs} ms wall clock, 4x CPU slowdown`);
  expect(firstCardMs).toBeLessThan(FIRST_PAGE_BUDGET_MS);
  // A page, not the shop's history: 30 cards, more on demand.
  await expect(cards).toHaveCount(30);
  await expect(page.getByRole('button', { name: /^Delivered \(\d+\)$/ })).toBeVisible();

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const search = page.getByRole('search', { name: 'Find an order' });
  await search.getByRole('searchbox').fill(SEEDED_TARGET.address.phoneNumber);
  await search.getByRole('searchbox').press('Enter');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading', { name: `Order ${SEEDED_TARGET.orderId}` })).toBeVisible();
  await expect(cards.first().getByText(SEEDED_TARGET.address.name, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${SEEDED_TARGET.address.phoneNumber}`));
});

test('Today, on the shop of 5,000 orders, lists the overdue orders first, in red and named so', async ({ page }) => {
  test.setTimeout(60_000);
  const url = shop!.url;
  await signInAsAdmin(page, url);
  // The dashboard opens on Today (docs/product.md#admin-dashboard).
  await page.goto(`${url}/admin-only`);
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  const risky = page.getByTestId('today-at-risk').getByTestId('today-risk-order');
  await expect(risky.first()).toBeVisible();
  // The seeded orders are promised a week after placing: weeks of open ones are overdue.
  await expect(risky.first()).toHaveAttribute('data-risk', 'overdue');
  await expect(risky.first().getByTestId('order-risk')).toHaveText('Overdue');
  await expect(risky.first()).toHaveClass(/border-red-700/);
  // Overdue ones first: once another kind starts, no overdue order follows.
  const risks = await risky.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-risk')));
  const firstOther = risks.findIndex((risk) => risk !== 'overdue');
  if (firstOther !== -1) expect(risks.slice(firstOther)).not.toContain('overdue');
  expect(risks.filter((risk) => risk === 'overdue').length).toBeGreaterThan(10);
});
