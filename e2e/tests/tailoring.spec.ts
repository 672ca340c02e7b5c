import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from '../support/a11y.js';
import { signInAdmin } from '../support/admin-page.js';
import { rupees } from '../support/shop-page.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * The tailoring order (docs/product.md#stitching-details, docs/product.md#home-visit-slot,
 * docs/product.md#order-confirmation): a shopper with a measurement profile (made through the API;
 * the profiles page has its own journey) puts a blouse (her fabric) and a nightwear set (the
 * shop's fabric) in the cart, gives each line its own stitching details at checkout (a profile,
 * lining, notes and a reference picture on the blouse; the shop's fabric on the other), picks a
 * visit slot and places the order; the confirmation screen shows the order number, the visit,
 * who will call her and a WhatsApp link with the number; the admin's Order Status panel shows
 * every detail, the profile's measurements included.
 */

interface CatalogProduct {
  _id: string;
  name: string;
  price: number;
  priceIncludesFabric: boolean;
}

async function firstProduct(page: Page, category: string, includesFabric: boolean): Promise<CatalogProduct> {
  const response = await page.request.get(`/api/product/category/${category}`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: CatalogProduct[] };
  const product = products.find((one) => one.priceIncludesFabric === includesFabric);
  if (!product) throw new Error(`no ${category} product with priceIncludesFabric ${includesFabric}`);
  return product;
}

test('a tailoring order: stitching details per line, a reference picture, a visit slot, the confirmation and the admin’s view', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpShopper(page, 'Lakshmi');
  const address = await page.request.post('/api/auth/address', {
    data: { name: 'Lakshmi K', phoneNumber: '9843012345', doorNumber: '4', street: 'Mahalingam Street', pinCode: '642001' },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const profile = await page.request.post('/api/measurements', {
    data: { name: 'Priya, 8 years', measurements: { bust: 610, waist: 560 } },
  });
  expect(profile.status(), await profile.text()).toBe(201);

  const blouse = await firstProduct(page, 'saree-blouse', false);
  const nightwear = await firstProduct(page, 'nightwear', true);
  for (const product of [blouse, nightwear]) {
    expect((await page.request.post('/api/cart', { data: { productId: product._id } })).ok()).toBe(true);
  }

  await page.goto('/cartpage');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/confirm\/address$/);
  await page.getByRole('link', { name: 'Confirm Address' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);

  // The blouse: for Priya, with lining, notes and a reference picture; the shopper's own fabric.
  const blouseLine = page.getByTestId(`stitching-${blouse._id}`);
  await expect(blouseLine.getByLabel('The shop provides the fabric')).toHaveCount(0);
  await blouseLine.getByLabel('For whom').selectOption({ label: 'Priya, 8 years' });
  await blouseLine.getByLabel('Add lining').check();
  await blouseLine.getByLabel('Notes for the tailor').fill('Boat neck, hooks at the back');
  const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#b04' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId(`picture-input-${blouse._id}`).setInputFiles({ name: 'neck.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(blouseLine.getByRole('img', { name: 'Reference picture 1' })).toBeVisible();

  // The nightwear: measured at the visit, the shop's fabric.
  const nightwearLine = page.getByTestId(`stitching-${nightwear._id}`);
  await nightwearLine.getByLabel('The shop provides the fabric').check();
  await nightwearLine.getByLabel('Notes for the tailor').fill('Loose fit');

  // The next step: the first slot still open.
  await page.getByRole('button', { name: 'Next: visit' }).click();
  const open = page.locator('input[name="visit-mode"]:not([disabled])').nth(1);
  await open.check();
  // The card's first line is the slot's time (its second, the places left).
  const slotLabel = ((await open.locator('xpath=..').locator('span span').first().textContent()) ?? '').trim();
  expect(slotLabel).toMatch(/^\d{2}:\d{2}-\d{2}:\d{2}$/);

  // A reload keeps the step and everything chosen (the address's ?step=, sessionStorage).
  await page.reload();
  await expect(page).toHaveURL(/\/placeorder\?step=visit$/);
  await expect(page.locator('input[name="visit-mode"]:not([disabled])').nth(1)).toBeChecked();
  await expectNoSeriousViolations(page, 'checkout’s visit step');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId(`stitching-${blouse._id}`).getByLabel('Notes for the tailor')).toHaveValue('Boat neck, hooks at the back');
  await expect(page.getByRole('img', { name: 'Reference picture 1' })).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout with stitching details');

  await page.getByRole('button', { name: 'Next: visit' }).click();
  await page.getByRole('button', { name: 'Next: review' }).click();
  await expect(page.getByTestId('review-visit')).toContainText(slotLabel);
  await expectNoSeriousViolations(page, 'checkout’s review');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-placed\/TH-[A-Z2-9]{6}$/, { timeout: 15_000 });
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByTestId('placed-order-number')).toHaveText(orderId);
  await expect(page.getByTestId('order-visit')).toContainText(slotLabel);
  await expect(page.getByTestId('placed-call-before')).toHaveText('We will call you on 98430 12345 before the visit.');
  await expect(page.getByTestId('placed-amount')).toHaveText(`To pay on delivery: ${rupees(blouse.price + nightwear.price)}`);
  const whatsapp = page.getByTestId('placed-whatsapp');
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\d+\\?text=.*${orderId}`));
  await expectNoSeriousViolations(page, 'order placed');
  await page.getByRole('link', { name: 'Go to My Orders' }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  const myOrder = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(myOrder).toContainText('For Priya, 8 years · Own fabric · With lining');
  await expect(myOrder).toContainText('Fabric from the shop');

  // The admin sees every detail on the order.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  await admin.goto('/admin-only');
  const tab = admin.getByRole('tab', { name: 'OrderStatus' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const card = admin.getByRole('article', { name: `Order ${orderId}` });
  await expect(card).toContainText(slotLabel);
  await expect(card).toContainText('For Priya, 8 years · Own fabric · With lining');
  await expect(card).toContainText('Notes: Boat neck, hooks at the back');
  // Both units, the one she typed in (inches, the form's default) first.
  await expect(card).toContainText('Bust: 24 in (61 cm)');
  await expect(card).toContainText('Measurements at the home visit · Fabric from the shop · No lining');
  await expect(card).toContainText('Notes: Loose fit');
  await expect(card.getByRole('img', { name: 'Reference picture 1' })).toBeVisible();
  await adminContext.close();
});
