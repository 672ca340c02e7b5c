import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminPage } from '../support/admin-page.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * The catalog kept honest and in the shopper's language (docs/product.md#editing-a-product,
 * docs/product.md#product-detail, docs/product.md#reviews, docs/product.md#languages,
 * docs/product.md#share-previews): the admin edits a product's price, MRP and picture in the
 * dashboard's editor and its page shows them at once, with the Special offer line only then; a
 * shopper whose order was delivered gives it 5 stars and the page's average and count move;
 * a Tamil page shows the shop's Tamil name, on the page, its card and its share preview.
 *
 * Products are made for each run through the admin's API (unique names), so no count depends
 * on the demo catalog or on an earlier run; orders are placed and delivered through the API.
 */

/** Unique per run, so names never clash with the demo catalog or an earlier run. */
const STAMP = Date.now().toString(36);
/** A category the other journeys do not count products in. */
const CATEGORY = 'nightwear';

/** A picture file made in memory: a solid colour, PNG or JPEG. */
async function picture(name: string, colour: string) {
  const canvas = sharp({ create: { width: 600, height: 800, channels: 3, background: colour } });
  const isPng = name.endsWith('.png');
  const buffer = await (isPng ? canvas.png() : canvas.jpeg()).toBuffer();
  return { name, mimeType: isPng ? 'image/png' : 'image/jpeg', buffer };
}

/** An image URL without its `-{width}.webp` ending: matches every stored width of it. */
function imageStem(url: string): string {
  return url.replace(/-\d+\.webp$/, '');
}

/** Creates a product with one picture through the admin's API; its id and first picture. */
async function createProduct(
  api: APIRequestContext,
  fields: { name: string; price: string; nameTa?: string },
): Promise<{ id: string; image: string }> {
  const created = await api.post('/api/product', {
    multipart: {
      name: fields.name,
      nameTa: fields.nameTa ?? '',
      description: 'Soft cotton, stitched to your measurements.',
      category: CATEGORY,
      price: fields.price,
      images: await picture('front.png', '#9f1239'),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: { _id: string; images: string[] } };
  return { id: product._id, image: product.images[0]! };
}

/**
 * Gives `page`'s shopper (signed in) an address in the service area and a delivered order of
 * the product: placed through the API, then set to delivered by the admin
 * (docs/product.md#reviews: only a delivered order lets her review).
 */
async function deliveredOrder(page: Page, admin: Page, product: { id: string; price: number }): Promise<void> {
  const address = await page.request.post('/api/auth/address', {
    data: { name: 'Meena K', phoneNumber: '9843012345', doorNumber: '3', street: 'Kovai Road', pinCode: '642001' },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const placed = await page.request.post('/api/orders', {
    data: { items: [{ productId: product.id, quantity: 1 }], totalAmt: product.price },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { orderId: string } };
  const delivered = await admin.request.put(`/api/orders/status/${order.orderId}`, { data: { status: 'delivered' } });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

test('the admin edits the price, the MRP and a picture, and the product page shows them at once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  const name = `Lotus Night Suit ${STAMP}`;
  const product = await createProduct(admin.request, { name, price: '1200' });
  const path = `/view/${product.id}/${CATEGORY}`;

  await test.step('before: ₹1,200, its first picture, no offer and no rating', async () => {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(admin.getByRole('main')).toContainText('₹1,200');
    await expect(admin.getByRole('img', { name: `${name}, picture 1` })).toHaveAttribute(
      'src',
      new RegExp(`^${imageStem(product.image)}-`),
    );
    await expect(admin.getByTestId('offer-line')).toHaveCount(0);
    await expect(admin.getByText(/out of 5/)).toHaveCount(0);
    await expect(admin.getByText('Free delivery', { exact: true })).toBeVisible();
  });

  let newPicture = '';
  await test.step('in the dashboard editor: price ₹1,050, MRP ₹1,400, the picture replaced by a new one', async () => {
    await admin.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    const tab = admin.getByRole('tab', { name: 'Products' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await admin.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByLabel('Price (₹)').fill('1050');
    await dialog.getByLabel('MRP (optional)').fill('1400');
    await dialog.getByLabel('Add pictures').setInputFiles(await picture('lotus.jpg', '#ca8a04'));
    await expect(dialog.getByRole('heading', { name: 'Pictures (2 of 6)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove picture 1' }).click();
    await expect(dialog.getByRole('heading', { name: 'Pictures (1 of 6)' })).toBeVisible();
    const saved = admin.waitForResponse(
      (response) => response.url().endsWith(`/api/product/${product.id}`) && response.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { product: { images: string[]; price: number; compareAtPrice: number | null } };
    expect(body.product).toMatchObject({ price: 1050, compareAtPrice: 1400 });
    expect(body.product.images).toHaveLength(1);
    newPicture = body.product.images[0]!;
    expect(imageStem(newPicture)).not.toBe(imageStem(product.image));
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the product page shows the new price, the offer and the new picture at once', async () => {
    for (let step = 0; step < 3 && !admin.url().includes(path); step++) await admin.goBack();
    await expect(admin).toHaveURL(new RegExp(`${path}$`));
    const offer = admin.getByTestId('offer-line');
    await expect(offer).toContainText('Special offer');
    await expect(offer.locator('s')).toHaveText('₹1,400');
    await expect(offer).toContainText('₹1,050');
    await expect(offer).toContainText('25% off');
    await expect(admin.getByRole('img', { name: `${name}, picture 1` })).toHaveAttribute('src', new RegExp(`^${imageStem(newPicture)}-`));
    await expect(admin.getByRole('img', { name: `${name}, picture 2` })).toHaveCount(0);
  });

  await test.step('a shopper opening it fresh sees the same', async () => {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText('₹1,050');
    await expect(page.getByTestId('offer-line').locator('s')).toHaveText('₹1,400');
    await expect(page.getByRole('img', { name: `${name}, picture 1` })).toHaveAttribute('src', new RegExp(`^${imageStem(newPicture)}-`));
  });
  await admin.context().close();
});

test('a shopper whose order was delivered gives 5 stars, and the average and count change on the page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser);
  const name = `Jasmine Nightie ${STAMP}`;
  const product = await createProduct(admin.request, { name, price: '650' });
  const path = `/view/${product.id}/${CATEGORY}`;

  await test.step('a first shopper, her order delivered, reviews it with 3 stars', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await signUpShopper(first, 'Kala');
    await deliveredOrder(first, admin, { id: product.id, price: 650 });
    const review = await first.request.post('/api/comment', { data: { productId: product.id, userComment: 'Good fit', stars: 3 } });
    expect(review.status(), await review.text()).toBe(200);
    await context.close();
  });

  await signUpShopper(page, 'Meena');
  await deliveredOrder(page, admin, { id: product.id, price: 650 });

  await test.step('her page and the card show 3.0 from 1 review', async () => {
    await page.goto(path);
    await expect(page.getByRole('main').getByText('3.0 out of 5 (1 review)')).toBeVisible();
    await expect(page.getByRole('img', { name: '3 stars' })).toBeVisible();
    await page.goto(`/category/${CATEGORY}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByText('★ 3.0 (1)')).toBeVisible();
  });

  await test.step('she picks 5 stars with the keyboard and writes her review', async () => {
    await page.goto(path);
    await page.getByLabel('Write a review').fill('Beautiful stitching, fits perfectly');
    const group = page.getByRole('group', { name: 'Your rating' });
    await group.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    for (let press = 0; press < 4; press++) await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: '5 stars' })).toBeChecked();
    const posted = page.waitForResponse((response) => response.url().endsWith('/api/comment'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    expect((await posted).status()).toBe(200);
  });

  await test.step('the average and count change at once and stay after a reload', async () => {
    const main = page.getByRole('main');
    await expect(main.getByText('4.0 out of 5 (2 reviews)')).toBeVisible();
    await expect(page.getByRole('img', { name: '5 stars' })).toBeVisible();
    await expect(page.getByText('Beautiful stitching, fits perfectly')).toBeVisible();
    await page.reload();
    await expect(main.getByText('4.0 out of 5 (2 reviews)')).toBeVisible();
  });
  await admin.context().close();
});

test('a Tamil page shows the Tamil name on the page, its card and its share preview', async ({ page, browser }) => {
  const admin = await adminPage(browser);
  const name = `Mango Nightie ${STAMP}`;
  const nameTa = `மாம்பழ நைட்டி ${STAMP}`;
  const product = await createProduct(admin.request, { name, nameTa, price: '700' });
  await admin.context().close();
  const path = `/view/${product.id}/${CATEGORY}`;

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_IN');

  // The language switch in the header (docs/product.md#languages) keeps Tamil in the cookie.
  await page.getByRole('banner').getByRole('button', { name: 'தமிழ்' }).click();
  await expect(page.getByRole('heading', { level: 1, name: nameTa })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('heading', { level: 1, name: nameTa })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${nameTa} · Thaiyal`);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'ta_IN');
  await expect(page).toHaveTitle(`${nameTa} · Thaiyal`);

  await page.goto(`/category/${CATEGORY}`);
  await expect(page.getByRole('heading', { name: nameTa })).toBeVisible();
});
