import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

/**
 * Finding a garment (docs/product.md#search, #category-listing): the header's search, the
 * server-rendered results, and a list's sort and price range kept in the page's address, on the
 * demo catalog in a real browser against the real server.
 */

/** The product cards of a listing. */
function productCards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

/** Each card's price in rupees, in the order shown (the card's `₹1,234` line). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).locator('p', { hasText: /^₹/ }).allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

/** Each card's link, in the order shown. */
async function cardLinks(page: Page): Promise<string[]> {
  return productCards(page)
    .locator('a[href^="/view/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test('the header search finds the pattupavadai designs for "pattu pavadai", as people type it', async ({ page }) => {
  await page.goto('/');
  const headerField = page.getByRole('banner').getByRole('search').getByRole('searchbox', { name: 'Search our designs' });
  await headerField.fill('pattu pavadai');
  await headerField.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=pattu\+pavadai$/);
  // The results page has its own field, holding the words; the header's steps aside.
  const field = page.getByRole('main').getByRole('searchbox', { name: 'Search our designs' });
  await expect(field).toHaveValue('pattu pavadai');
  await expect(page.getByRole('banner').getByRole('search')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /designs? found for “pattu pavadai”/ })).toBeVisible();
  const links = await cardLinks(page);
  expect(links.length).toBeGreaterThanOrEqual(3);
  for (const link of links.slice(0, 3)) expect(link).toMatch(/-pattupavadai$/);

  // A shared link opens the same results, rendered by the server before any script.
  const shared = await page.request.get('/search?q=pattu+pavadai');
  expect(await shared.text()).toContain('pattupavadai"');

  await field.fill('zzqxv');
  await field.press('Enter');
  await expect(page.getByRole('main').getByText('No products found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Look through our categories' })).toBeVisible();
});

test('on a phone the header has a magnifying glass that opens the search page, its field ready', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/category/saree-blouse');
  await expect(page.getByRole('banner').getByRole('search')).toBeHidden();
  await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('searchbox', { name: 'Search our designs' })).toBeFocused();
  // Before a search, the categories to look through.
  await expect(page.getByRole('main').getByRole('link', { name: 'Trending Pattupavadai' })).toBeVisible();
});

test('a list sorted by price and narrowed to a range keeps both in its address, after a reload too', async ({ page }) => {
  await page.goto('/search?q=blouse');
  const all = await cardPrices(page);
  expect(all.length).toBeGreaterThan(3);

  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/\/search\?q=blouse&sort=price-asc$/);
  await expect.poll(() => cardPrices(page)).toEqual([...all].sort((a, b) => a - b));

  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  const sorted = await cardPrices(page);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

  const low = sorted[1]!;
  const high = sorted[sorted.length - 2]!;
  await page.getByLabel('Min ₹').fill(String(low));
  await page.getByLabel('Max ₹').fill(String(high));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`sort=price-asc&min=${low}&max=${high}$`));
  await expect.poll(async () => (await cardPrices(page)).length).toBeLessThan(sorted.length);
  const narrowed = await cardPrices(page);
  expect(narrowed.every((price) => price >= low && price <= high)).toBe(true);
  expect(narrowed).toEqual([...narrowed].sort((a, b) => a - b));

  // A category page takes the same controls; the highest price first.
  await page.goto('/category/saree-blouse');
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/\/category\/saree-blouse\?sort=price-desc$/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(page);
      return prices.length > 1 && prices.every((price, index) => index === 0 || prices[index - 1]! >= price);
    })
    .toBe(true);
});

test('the drawer lists the five groups with their categories', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  for (const group of ['Blouse', 'Chudithar', 'Frock', 'Pattupavadai', 'Pant']) {
    await expect(drawer.locator('summary', { hasText: new RegExp(`^${group}$`) })).toBeVisible();
  }
  await drawer.locator('summary', { hasText: /^Frock$/ }).click();
  await drawer.getByRole('link', { name: 'Ball Frock' }).click();
  await expect(page).toHaveURL(/\/category\/ball-frock$/);
  await expect(drawer).toBeHidden();
});
