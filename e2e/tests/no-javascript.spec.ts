import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

/**
 * The shop read with JavaScript turned off in Chromium (docs/architecture.md#rendering: every
 * public page arrives as complete HTML from the server): home, a category and a product page
 * show their names, prices, pictures and descriptions, and the links between them work.
 */

test.use({ javaScriptEnabled: false });

/** Resolves once an `<img>` has loaded a real picture (not a broken one). */
async function expectLoadedImage(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
      message: 'the picture loads',
    })
    .toBe(true);
}

/** A price as the shop writes it, e.g. ₹1,250 or ₹1,250.50. */
const PRICE = /^₹\d{1,3}(,\d{2,3})*(\.\d{2})?$/;

function cards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

test('home, a category and a product read whole without JavaScript, and their links lead from one to the next', async ({ page }) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  // Nothing ran: the page data the app reads (and removes) when it starts is still there.
  await expect(page.locator('script#page-data')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Thaiyal' })).toBeVisible();
  await expectLoadedImage(page.getByRole('region', { name: 'Offers and collections' }).getByRole('img').first());
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Products' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured Products' }).getByRole('article');
  await expect(featured.first()).toBeVisible();
  await expect(featured.first().getByText(PRICE)).toBeVisible();

  // A tile of the Blouse section leads to its category.
  const tile = page.getByRole('region', { name: 'Blouse', exact: true }).getByRole('link').first();
  const category = (await tile.getAttribute('href'))!;
  expect(category).toMatch(/^\/category\/[a-z-]+$/);
  await tile.click();
  await expect(page).toHaveURL(category);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveText('');
  const listed = cards(page);
  expect(await listed.count()).toBeGreaterThan(1);
  for (const card of (await listed.all()).slice(0, 4)) {
    await expect(card.getByRole('heading')).not.toHaveText('');
    await expect(card.getByText(PRICE)).toBeVisible();
    await expectLoadedImage(card.getByRole('img'));
  }

  // The first card leads to its product page: name, price, description, picture.
  const first = listed.first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  const price = (await first.getByText(PRICE).textContent())!.trim();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]+\/[a-z-]+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(main.getByText(price, { exact: true }).first()).toBeVisible();
  const id = new URL(page.url()).pathname.split('/')[2]!;
  const { product } = (await (await page.request.get(`/api/product/${id}`)).json()) as { product: { description: string } };
  await expect(main.getByText(product.description, { exact: true })).toBeVisible();
  await expectLoadedImage(main.getByRole('img', { name: `${name}, picture 1`, exact: true }));
  // Its category's other designs link on, and the brand leads home.
  await expect(main.getByRole('region', { name: 'More in this category' }).getByRole('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'Thaiyal' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Products' })).toBeVisible();
});

test('an unknown product, category or path answers 404 with the not-found page, without JavaScript too', async ({ page }) => {
  for (const [path, heading] of [
    ['/view/00000000-0000-4000-8000-000000000000/saree-blouse', 'Product not found'],
    ['/category/silk-shawl', 'Page not found'],
    ['/no/such/page', 'Page not found'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
