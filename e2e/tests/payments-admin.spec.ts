import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/admin.js';
import { adminPage } from '../support/admin-page.js';
import { waitForMail } from '../support/mail.js';
import { rupeesExact } from '../support/shop-page.js';
import { firstProductOf, placeOrderThroughApi, saveAddress, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Paid at the door (docs/product.md#payment-at-the-door, docs/product.md#the-bill,
 * docs/product.md#the-days-collections): the owner opens a designed order, chooses UPI, sees the
 * QR code for the exact balance, records the payment with its reference and marks the order
 * delivered (her delivery mail goes out); the shopper downloads her bill (a PDF with the bill
 * number) from My Orders; the owner's Collections view counts the payment under today, and Reports
 * shows the delivered garment among the period's top designs, with its CSV of order lines.
 *
 * Runs in the `admin` project (after the shoppers' journeys): the owner's views list every order.
 * The shop runs with `SHOP_UPI_ID` (playwright.config.ts), so the QR code is shown.
 */

/** Moves the order to `status` as the owner, through `PUT /api/orders/status/:orderId`. */
async function moveTo(admin: Page, orderId: string, status: 'visited' | 'designed' | 'delivered'): Promise<void> {
  const moved = await admin.request.put(`/api/orders/status/${orderId}`, { data: { status } });
  expect(moved.status(), await moved.text()).toBe(200);
}

test('the owner records a UPI payment at the door with the QR code shown; the shopper downloads her bill; Collections and Reports count it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpShopper(page, 'Kavya');
  await saveAddress(page);
  const product = await firstProductOf(page, 'saree-blouse');
  const orderId = await placeOrderThroughApi(page, [{ product, quantity: 1 }]);
  const admin = await adminPage(browser);
  await moveTo(admin, orderId, 'visited');
  await moveTo(admin, orderId, 'designed');

  // The owner finds the order by its number and takes the payment by UPI.
  await admin.goto(`/admin-only?tab=orderStatus&q=${orderId}`);
  const card = admin.getByRole('article', { name: `Order ${orderId}` });
  const balance = rupeesExact(product.price);
  await expect(card.getByText(`Balance: ${balance}`)).toBeVisible();
  await card.getByLabel('UPI', { exact: true }).check();
  const qr = card.getByRole('img', { name: `UPI QR code to pay ${balance}` });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('data-uri')).toContain(`tn=${orderId}`);
  await expect(card.getByLabel('Amount received (₹)')).toHaveValue(product.price.toFixed(2));
  await card.getByLabel('UPI reference (optional)').fill('412345678901');
  await card.getByRole('button', { name: 'Record payment' }).click();
  await expect(card.getByText(`Paid: ${balance}`)).toBeVisible();
  await expect(card.getByText('Balance: ₹0.00')).toBeVisible();
  await expect(card.getByText(`${balance} by UPI, collected by ${E2E_ADMIN.username}`)).toBeVisible();

  // Delivered: the bill gets its number, and her delivery mail goes out.
  await moveTo(admin, orderId, 'delivered');
  await waitForMail(shopper.email, { match: (mail) => mail.text.includes(orderId) && /deliver/i.test(mail.subject) });

  // She downloads it from My Orders.
  await page.goto('/myOrders');
  const mine = page.getByRole('article', { name: `Order ${orderId}` });
  const link = mine.getByRole('link', { name: /^Download bill TH\/\d{4}-\d{2}\/\d{4} \(PDF\)$/ });
  await expect(link).toBeVisible();
  const billNumber = /TH\/\d{4}-\d{2}\/\d{4}/.exec((await link.textContent()) ?? '')![0];
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  const pdf = await download.body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);

  // Collections: today's UPI total holds her payment, with its order.
  await admin.goto('/admin-only?tab=collections');
  const today = (await (await admin.request.get('/api/visit-slots?days=1')).json()) as { today: string };
  const day = admin.getByRole('article', { name: new RegExp(`^${today.today}: cash`) });
  await expect(day).toBeVisible();
  await expect(day.getByRole('row').filter({ hasText: orderId })).toContainText(balance);
  // Reports, this month: the delivered blouse among the top designs, its charts drawn, and the
  // period's order lines as CSV with her order in it.
  await admin.goto('/admin-only?tab=reports');
  const top = admin.getByRole('region', { name: 'Top designs' });
  await expect(top.getByRole('row').filter({ hasText: product.name })).toBeVisible();
  await expect(top.getByRole('img', { name: 'Top designs: a chart; its numbers are in the table below' })).toBeVisible();
  const revenue = admin.getByRole('definition').filter({ hasText: /^₹/ });
  await expect(revenue).not.toHaveText('₹0.00');
  const csvLink = admin.getByRole('link', { name: 'Download the period’s order lines (CSV)' });
  const csv = await admin.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain(orderId);

  await admin.goto(`/admin-only?tab=orderStatus&q=${orderId}&status=delivered`);
  await expect(admin.getByRole('article', { name: `Order ${orderId}` }).getByText(`Bill ${billNumber}`)).toBeVisible();
});
