import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

/**
 * Browsing as a visitor (docs/architecture.md#testing; docs/product.md#home, Category listing, Product
 * card, Product detail): the demo catalog in a real browser against the real server.
 */

/** docs/product.md#home and docs/product.md#limits: the tile sections and their tile counts, in order. */
const SECTIONS = [
  { heading: 'Blouse', tiles: 6 },
  { heading: 'Chudithar', tiles: 8 },
  { heading: 'Frock', tiles: 6 },
  { heading: 'Pattupavadai', tiles: 4 },
  { heading: 'Pant', tiles: 6 },
] as const;

/** Resolves once an `<img>` has loaded a real picture (not a broken one). */
async function expectLoadedImage(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
      message: 'the picture loads',
    })
    .toBe(true);
}

/** The product cards of a listing: each is an article with a link to its detail page. */
function productCards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

test('the home page shows the banners and every tile section', async ({ page }) => {
  await page.goto('/');

  const carousel = page.getByRole('region', { name: 'Offers and collections' });
  const banners = carousel.getByRole('img');
  // The demo catalog has one banner per banner category (docs/product.md#limits: blowse, embroidery, aari, custom).
  await expect(banners).toHaveCount(4);
  await expectLoadedImage(banners.first());
  await expect(carousel.getByRole('link').first()).toHaveAttribute('href', /^\/category\/[a-z-]+$/);
  // The first banner's headline and line are page text over its picture (docs/product.md#home).
  await expect(carousel.getByRole('link').first().getByText('Blouses stitched at your doorstep', { exact: true })).toBeVisible();
  await expect(
    carousel.getByRole('link').first().getByText('We measure at home and pick up your saree piece', { exact: true }),
  ).toBeVisible();

  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings.filter({ hasText: /^(Blouse|Chudithar|Frock|Pattupavadai|Pant)$/ })).toHaveText(
    SECTIONS.map((section) => section.heading),
  );
  for (const section of SECTIONS) {
    const tiles = page.getByRole('region', { name: section.heading, exact: true }).getByRole('link');
    await expect(tiles, `${section.heading} tiles`).toHaveCount(section.tiles);
    for (const tile of await tiles.all()) {
      await expect(tile).toHaveAttribute('href', /^\/category\/[a-z-]+$/);
      await expect(tile).not.toHaveText('');
    }
  }

  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For You' })).toBeVisible();
});

test('a tile opens its category with products', async ({ page }) => {
  await page.goto('/');
  const blouses = page.getByRole('region', { name: 'Blouse', exact: true });
  await blouses.getByRole('link', { name: 'Saree Blouse' }).click();

  await expect(page).toHaveURL(/\/category\/saree-blouse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saree Blouse' })).toBeVisible();
  const cards = productCards(page);
  await expect(cards.first()).toBeVisible();
  // The demo catalog has 3 to 6 products in every category (docs/product.md#demo-catalog).
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  expect(await cards.count()).toBeLessThanOrEqual(6);
  for (const card of await cards.all()) {
    await expect(card.getByRole('heading')).not.toHaveText('');
    await expect(card).toContainText('₹');
  }
  await expectLoadedImage(cards.first().getByRole('img').first());
  await expect(page.getByText('Please wait...')).toHaveCount(0);
  await expect(page.getByText('No products found')).toHaveCount(0);
});

test('a product card opens the detail page', async ({ page }) => {
  await page.goto('/category/aariwork-blouse');
  const card = productCards(page).first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const price = (await card.getByText('₹').textContent())!.trim();
  await card.getByRole('link').first().click();

  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}\/aariwork-blouse$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByText(price).first()).toBeVisible();
  await expect(page.getByText('Free delivery', { exact: true })).toBeVisible();
  // No made-up figures (docs/product.md#product-detail): the demo designs have no compare-at
  // price and no review yet, so neither an offer nor a rating is claimed.
  await expect(page.getByText(/Special offer|Star rating|out of 5/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /add to cart/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /buy now/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tailored for You' })).toBeVisible();
});

test('tapping the picture opens the full-screen viewer and Back closes it', async ({ page }) => {
  await page.goto('/category/maxi-frock');
  await productCards(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}\/maxi-frock$/);
  const detailUrl = page.url();
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  await page.getByRole('button', { name: 'Open picture 1 full screen' }).click();

  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expectLoadedImage(viewer.getByRole('img').first());
  expect(page.url()).toBe(detailUrl);
  // docs/product.md#screens: page scroll is locked while the viewer is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await page.goBack();
  await expect(viewer).toHaveCount(0);
  expect(page.url()).toBe(detailUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('an unknown product shows Product not found', async ({ page }) => {
  await page.goto('/view/00000000-0000-4000-8000-000000000000/saree-blouse');
  await expect(page.getByText('Product not found')).toBeVisible();

  await page.goto('/view/not-a-product/saree-blouse');
  await expect(page.getByText('Product not found')).toBeVisible();
});

test('a page opened by its address starts at the top, even in a tab used before; Back returns to where the shopper was', async ({
  page,
}) => {
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await page.goto('/');
  // A tile far down home opens its category at the top; Back returns to the same place on home.
  const tile = page.getByRole('region', { name: 'Pant', exact: true }).getByRole('link').first();
  await tile.scrollIntoViewIfNeeded();
  expect(await scrollY()).toBeGreaterThan(600);
  await tile.click();
  await expect(page).toHaveURL(/\/category\/[a-z-]+$/);
  const categoryUrl = page.url();
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Back to the same place: the tile she followed is on screen again. Not the same pixel: parts
  // of home below the first screen that she jumped past were counted at render-when-near's
  // estimated height when she left (docs/performance.md), and at their real height on Back.
  await expect(tile).toBeInViewport();
  expect(await scrollY()).toBeGreaterThan(600);

  // The tab has been used: a page opened by its address (a shared link, a typed URL) starts at
  // the top, not where an earlier page of the tab was; so does home opened afresh.
  await page.goto(categoryUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
  await page.mouse.wheel(0, 400);
  await expect.poll(scrollY).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Products' })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
});
