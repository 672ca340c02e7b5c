import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAdmin } from '../support/admin-page.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { SHOP_EMAIL } from '../support/shop.js';
import { firstProductOf, saveAddress, signUpShopper } from '../support/shopper.js';
import { pickFirstOpenSlot } from '../support/visit-calendar.js';
import { expect, test } from '../support/test.js';

/**
 * Measured, signed off, made right (docs/product.md#the-measurement-book,
 * docs/product.md#sign-off-before-cutting): the owner, on her phone at the home visit, records
 * the measurements she took for the garment and saves them to the customer's profile (a new
 * version, "taken by the shop"); she asks for approval; the customer opens the mail's link, sees
 * the measurements and the final price and approves; the owner's card says so. Once delivered,
 * she asks for a free alteration of the garment with a picture (docs/product.md#free-alterations);
 * the owner books its pickup visit and marks it picked up, then done, from Today.
 *
 * Runs in the `admin` project (after the shoppers' journeys).
 */

/** A phone-sized browser signed in as the shop's admin. */
async function adminPhone(page: Page): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const admin = await context.newPage();
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  return admin;
}

interface Profile {
  _id: string;
  name: string;
  measurements: Record<string, number>;
  versions: Array<{ source: string; measurements: Record<string, number> }>;
}

test('the owner records the measurements at the visit on her phone and saves them to the profile; she approves from the mail’s link; after delivery she asks for an alteration, picked up and done', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shopper = await signUpShopper(page, 'Priya');
  await saveAddress(page);
  const created = await page.request.post('/api/measurements', { data: { name: 'Anu, 8 years', measurements: { bust: 610, waist: 560 } } });
  expect(created.status(), await created.text()).toBe(201);
  const profileId = ((await created.json()) as { profile: { _id: string } }).profile._id;
  const product = await firstProductOf(page, 'saree-blouse');
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [
        { productId: product._id, quantity: 1, stitching: { profileId, fabric: 'own', lining: false, notes: 'Boat neck', pictures: [] } },
      ],
      totalAmt: product.price,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { orderId: string } }).order.orderId;

  // At the visit, on her phone: what she measured, in inches, with a note, saved to Anu's profile too.
  const admin = await adminPhone(page);
  await admin.goto(`/admin-only?tab=orderStatus&q=${orderId}`);
  const card = admin.getByRole('article', { name: `Order ${orderId}` });
  await card.getByRole('button', { name: `Record measurements for ${product.name}` }).click();
  const form = card.getByTestId('measurements-form');
  await form.getByLabel('Bust (in)', { exact: true }).fill('25');
  await form.getByLabel('Waist (in)', { exact: true }).fill('23');
  await form.getByLabel('Note for the tailor').fill('Keep 1 inch margin at the side seams');
  await expect(form.getByLabel('Also save to her measurements')).toBeChecked();
  await form.getByRole('button', { name: 'Save measurements' }).click();
  await expect(card).toContainText('Keep 1 inch margin at the side seams');
  await expect(card).toContainText('Measured at the visit');
  const noOverflow = await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);

  // Anu's profile now holds them as its newest version, taken by the shop (25 in = 635 mm).
  const profiles = (await (await page.request.get('/api/measurements')).json()) as { profiles: Profile[] };
  const anu = profiles.profiles.find((one) => one._id === profileId)!;
  expect(anu.measurements).toMatchObject({ bust: 635, waist: 584 });
  expect(anu.versions[0]).toMatchObject({ source: 'shop', measurements: { bust: 635, waist: 584 } });
  expect(anu.versions.at(-1)).toMatchObject({ source: 'shopper', measurements: { bust: 610, waist: 560 } });

  // She is asked to approve, by mail, and approves from its link.
  await card.getByRole('button', { name: 'Ask for approval' }).click();
  await expect(card).toContainText('waiting for her answer');
  const asked = await waitForMail(shopper.email, { match: (mail) => mail.text.includes(orderId) && /approv/i.test(mail.subject) });
  await page.goto(linkIn(asked, `${baseURL!}/myOrders`));
  const mine = page.getByRole('article', { name: `Order ${orderId}` });
  const panel = mine.getByRole('region', { name: 'Please approve before we cut' });
  await expect(panel).toContainText('Keep 1 inch margin at the side seams');
  await expect(panel).toContainText('Boat neck');
  await panel.getByRole('button', { name: 'Approve' }).click();
  await expect(mine).toContainText('You approved on');
  await waitForMail(SHOP_EMAIL, { match: (mail) => mail.text.includes(orderId) && /approv/i.test(mail.text) });

  await admin.reload();
  await expect(card).toContainText('Approved on');

  // Delivered: within the free-alteration days she asks for one for the blouse, with a picture.
  for (const status of ['visited', 'designed', 'delivered'] as const) {
    const moved = await admin.request.put(`/api/orders/status/${orderId}`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await page.reload();
  const garment = mine.getByTestId(`alteration-${product._id}`);
  await garment.getByRole('button', { name: 'Ask for an alteration' }).click();
  const ask = garment.getByRole('form', { name: 'Ask for an alteration' });
  await ask.getByLabel('Too tight').check();
  await ask.getByLabel('Where (optional, e.g. left sleeve)').fill('waist');
  await ask.getByLabel('What should we change?').fill('Let out the waist by half an inch');
  const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a1f3d' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId(`alteration-picture-${product._id}`).setInputFiles({ name: 'waist.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(ask.getByRole('img', { name: 'Reference picture 1' })).toBeVisible();
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(garment.getByTestId('alteration-status')).toContainText('Alteration requested: Too tight');
  await waitForMail(SHOP_EMAIL, {
    match: (mail) => mail.text.includes(orderId) && mail.text.includes('Let out the waist by half an inch'),
  });

  // The owner books its pickup on the order's card, then moves it along from Today.
  await admin.goto(`/admin-only?tab=orderStatus&status=delivered&q=${orderId}`);
  await card.getByRole('button', { name: 'Book alteration pickup' }).click();
  const pickupSlot = await pickFirstOpenSlot(card);
  await card.getByRole('button', { name: 'Book this slot' }).click();
  await expect(card.getByTestId('visit-entry').filter({ hasText: 'Alteration' })).toContainText(pickupSlot);
  await admin.goto('/admin-only');
  const altered = admin.getByTestId('today-alterations').getByTestId('today-alteration').filter({ hasText: orderId });
  await expect(altered).toContainText('Let out the waist by half an inch');
  await altered.getByRole('button', { name: 'Mark picked up' }).click();
  await altered.getByRole('button', { name: 'Mark done' }).click();
  await expect(altered).toHaveCount(0);
  await page.reload();
  await expect(garment.getByTestId('alteration-status')).toContainText('Alteration done');
  await waitForMail(shopper.email, { match: (mail) => mail.text.includes(orderId) && mail.text.includes('Your alteration is done.') });
});
