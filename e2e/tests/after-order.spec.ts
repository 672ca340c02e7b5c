import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from '../support/a11y.js';
import { signInAdmin } from '../support/admin-page.js';
import { waitForMail } from '../support/mail.js';
import { SHOP_EMAIL } from '../support/shop.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * After the order (docs/product.md#the-days-visits): a shopper with a measurement profile places
 * an order with a home-visit slot (through the API; the checkout has its own journey); her
 * My Orders and the product page have WhatsApp links to the shop; the admin's OrderStatus tab
 * has tap-to-call and WhatsApp to her; the admin's Home visits tab for that date lists it under its slot with a `tel:` link, a wa.me link
 * naming the order and the slot, and a map-search link; the order sheet shows the measurements
 * in inches and cm and prints to an A4 PDF with only the sheet on it.
 *
 * The order's life (docs/product.md#the-tailoring-workflow): the admin moves an order through every step
 * in the dashboard, setting a final price after the visit and attaching a photo at designed; the
 * shopper's My Orders shows every step with its time, the photo and both totals, and the mails
 * in the capture carry them. A cancellation after the home visit (docs/product.md#cancellations-kept)
 * says the fabric goes back, keeps the order marked cancelled, and takes it off the admin's list.
 */

/** Rupees as orders show them, always with two decimals: '₹1,250.00'. */
function rupeesExact(value: number): string {
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A signed-up shopper with a saved address and one placed order of the first blouse (through the API). */
async function shopperWithOrder(page: Page, name: string): Promise<{ orderId: string; price: number; email: string }> {
  const shopper = await signUpShopper(page, name);
  const address = await page.request.post('/api/auth/address', {
    data: { name, phoneNumber: '9843077777', doorNumber: '3', street: 'Market Road', pinCode: '642001' },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const products = (await (await page.request.get('/api/product/category/saree-blouse')).json()) as {
    products: { _id: string; price: number }[];
  };
  const product = products.products[0]!;
  const placed = await page.request.post('/api/orders', {
    data: { items: [{ productId: product._id, quantity: 1 }], totalAmt: product.price },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { orderId: string } };
  return { orderId: order.orderId, price: product.price, email: shopper.email };
}

/** A page of a new browser context signed in as the e2e admin. */
async function adminPage(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  return admin;
}

interface VisitDays {
  days: { date: string; slots: { id: string; label: string; start: string; end: string; status: string }[] }[];
}

test('the day’s visits list the order with working call, WhatsApp and map links, and its sheet prints', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpShopper(page, 'Kavitha');
  const address = await page.request.post('/api/auth/address', {
    data: {
      name: 'Kavitha R',
      phoneNumber: '9843055555',
      alternatePhone: '9843066666',
      doorNumber: '7',
      street: 'Palghat Road',
      landmark: 'Opposite the bus stand',
      pinCode: '642001',
    },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const profile = await page.request.post('/api/measurements', { data: { name: 'Kavitha', measurements: { bust: 889, waist: 762 } } });
  expect(profile.status(), await profile.text()).toBe(201);
  const { profile: saved } = (await profile.json()) as { profile: { _id: string } };

  const products = (await (await page.request.get('/api/product/category/saree-blouse')).json()) as {
    products: { _id: string; price: number }[];
  };
  const product = products.products[0]!;
  const days = (await (await page.request.get('/api/visit-slots')).json()) as VisitDays;
  const day = days.days.find((one) => one.slots.some((slot) => slot.status === 'open'))!;
  const slot = day.slots.find((one) => one.status === 'open')!;

  const placed = await page.request.post('/api/orders', {
    data: {
      items: [
        {
          productId: product._id,
          quantity: 1,
          stitching: { fabric: 'own', lining: true, notes: 'Boat neck', profileId: saved._id, pictures: [] },
        },
      ],
      totalAmt: product.price,
      visit: { date: day.date, slotId: slot.id },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { orderId: string } };

  // WhatsApp to the shop: on her order in My Orders (its number) and on the product page (the design).
  await page.goto('/myOrders');
  const mine = page.getByRole('article', { name: `Order ${order.orderId}` });
  await expect(mine.getByTestId('order-whatsapp')).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\d+\\?text=.*${order.orderId}`));
  await page.goto(`/view/${product._id}/saree-blouse`);
  const ask = page.getByTestId('ask-whatsapp');
  await expect(ask).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  // Every order in the OrderStatus tab has tap-to-call and WhatsApp to the customer.
  await admin.goto('/admin-only?tab=orderStatus');
  const adminCard = admin.getByRole('article', { name: `Order ${order.orderId}` });
  await expect(adminCard.getByTestId('visit-tel')).toHaveAttribute('href', 'tel:+919843055555');
  await expect(adminCard.getByTestId('visit-whatsapp')).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/919843055555\\?text=.*${order.orderId}`),
  );

  await admin.goto('/admin-only?tab=dayVisits');
  await admin.getByTestId('day-visits-date').fill(day.date);
  const card = admin.getByTestId('day-visit').filter({ hasText: order.orderId });
  await expect(card).toBeVisible();
  await expect(admin.getByTestId('day-visits-slot').filter({ has: card })).toContainText(`${slot.start}-${slot.end}`);
  await expect(card).toContainText('Kavitha R');
  await expect(card.getByTestId('visit-tel')).toHaveAttribute('href', 'tel:+919843055555');
  await expect(card.getByTestId('visit-alt-tel')).toHaveAttribute('href', 'tel:+919843066666');
  const whatsapp = new URL((await card.getByTestId('visit-whatsapp').getAttribute('href'))!);
  expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/919843055555');
  expect(whatsapp.searchParams.get('text')).toContain(order.orderId);
  expect(whatsapp.searchParams.get('text')).toContain(`${slot.start}-${slot.end}`);
  const map = new URL((await card.getByTestId('visit-map').getAttribute('href'))!);
  expect(map.origin + map.pathname).toBe('https://www.google.com/maps/search/');
  expect(map.searchParams.get('query')).toContain('Opposite the bus stand');
  await expect(card).toContainText('Bust: 35 in (88.9 cm)');

  await card.getByTestId('visit-sheet-toggle').click();
  const sheet = admin.getByTestId('order-sheet');
  await expect(sheet).toContainText(`Order ${order.orderId}`);
  await expect(sheet.getByTestId('sheet-measurements')).toContainText('35.0');
  await expect(sheet.getByTestId('sheet-measurements')).toContainText('88.9');
  await expect(sheet).toContainText('Boat neck');
  await admin.emulateMedia({ media: 'print' });
  // Printed, the app around the sheet is hidden: the header is not visible, the sheet is.
  await expect(admin.locator('header').first()).toBeHidden();
  await expect(sheet).toBeVisible();
  const shot = await sheet.screenshot();
  expect(shot.length).toBeGreaterThan(1000);
  const pdf = await admin.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  await adminContext.close();
});

test('the admin moves an order through every step with a final price and a photo; the shopper sees and is mailed each', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { orderId, price, email } = await shopperWithOrder(page, 'Deepa');
  const finalPrice = price + 350;
  const admin = await adminPage(browser);
  await admin.goto('/admin-only?tab=orderStatus');
  const card = admin.getByRole('article', { name: `Order ${orderId}` });
  await expect(card).toBeVisible();

  /** Choose `status` in the card's selector and confirm it; `photo` is attached at designed. */
  async function setStatus(status: string, label: string, photo?: { name: string; mimeType: string; buffer: Buffer }) {
    await card.getByLabel('Change status').selectOption(status);
    const question = admin.getByRole('dialog', { name: `Change order ${orderId} to “${label}”?` });
    await expect(question).toBeVisible();
    if (photo) {
      await question.getByLabel(/Photos of the finished garment/).setInputFiles(photo);
      await expect(question.getByRole('img', { name: `Photo 1: ${photo.name}` })).toBeVisible();
      await expectNoSeriousViolations(admin, 'the status question with a chosen photo');
    }
    await question.getByRole('button', { name: 'Change and e-mail' }).click();
    await expect(question).toHaveCount(0);
    await expect(card.getByText('Current status:')).toContainText(label);
  }

  await setStatus('visited', 'Visited');
  // After measuring: a final price with its note (docs/product.md#final-price).
  await card.getByRole('button', { name: 'Set final price' }).click();
  const priceForm = card.getByRole('form', { name: `Final price of order ${orderId}` });
  await priceForm.getByLabel('Final price each (₹)').fill(String(finalPrice));
  await priceForm.getByLabel(/^Note/).fill('Aari work on the sleeves');
  await priceForm.getByRole('button', { name: 'Save final prices' }).click();
  await expect(admin.getByText('Final prices saved')).toBeVisible();
  await expect(card.getByTestId('final-price')).toContainText('Aari work on the sleeves');

  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#9d174d' } })
    .jpeg()
    .toBuffer();
  await setStatus('designed', 'Designed', { name: 'finished-blouse.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(card.getByTestId('order-photo')).toHaveCount(1);
  await setStatus('delivered', 'Delivered');

  // Her My Orders: every step with its time, the photo, both totals.
  await page.goto('/myOrders');
  const mine = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(mine.getByText('Status: Delivered')).toBeVisible();
  const steps = mine.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.locator('span.block')).toHaveText([
    'Order received - we will call you',
    'Home visit done',
    'Stitching done',
    'Delivered',
  ]);
  for (const time of await steps.locator('time').all()) {
    await expect(time).toHaveText(/^\d{1,2} \w{3} 20\d\d, \d{1,2}:\d{2} (am|pm)$/);
    expect(Date.parse((await time.getAttribute('datetime'))!)).toBeGreaterThan(Date.now() - 10 * 60_000);
  }
  const shown = mine.getByTestId('order-photo');
  await expect(shown).toHaveCount(1);
  const served = await page.request.get((await shown.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  await expect(mine.getByTestId('final-price')).toContainText('Aari work on the sleeves');
  await expect(mine.getByTestId('original-total')).toHaveText(rupeesExact(price));
  await expect(mine.getByTestId('order-total')).toHaveText(`Total: ${rupeesExact(finalPrice)}`);

  // Her mails: a status mail per step with the timeline, the photo at designed, the final price.
  // Each names the status in her words, as her timeline does (docs/product.md#the-tailoring-workflow).
  const words = { visited: 'Home visit done', designed: 'Stitching done', delivered: 'Delivered' } as const;
  for (const status of ['visited', 'designed', 'delivered'] as const) {
    const mail = await waitForMail(email, { match: (m) => m.subject.startsWith(`Order ${orderId}: ${words[status]}`) });
    expect(mail.text).toContain('Order received - we will call you');
    if (status === 'designed') {
      // The photo travels inside the mail as an inline JPEG (docs/architecture.md#mail), to her
      // only: no link to her private picture (docs/security.md#private-pictures).
      expect(mail.text).toContain('The photos of your garment are in this mail (1).');
      expect(mail.html).toContain('src="cid:picture-1@thaiyal"');
      expect(mail.text).not.toContain('/uploads/references/');
      expect(mail.html).not.toContain('/uploads/references/');
    }
    if (status === 'delivered') expect(mail.text).toContain('Stitching done');
  }
  const priced = await waitForMail(email, { match: (m) => m.subject.includes(`Order ${orderId}: final price`) });
  expect(priced.text).toContain(rupeesExact(finalPrice));
  expect(priced.text).toContain(rupeesExact(price));
  expect(priced.text).toContain('Aari work on the sleeves');
  await admin.context().close();
});

test('cancelled after the home visit: the dialog and her mail say her fabric goes back, and the order stays, cancelled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { orderId, email } = await shopperWithOrder(page, 'Lakshmi');
  const admin = await adminPage(browser);
  const visited = await admin.request.put(`/api/orders/status/${orderId}`, { data: { status: 'visited' } });
  expect(visited.status(), await visited.text()).toBe(200);

  await page.goto('/myOrders');
  const mine = page.getByRole('article', { name: `Order ${orderId}` });
  await mine.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${orderId}` });
  await expect(dialog.getByTestId('fabric-return')).toContainText('we will return it and may call you');
  await dialog.getByLabel('Reason for cancellation').fill('We are moving to Coimbatore');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(mine.getByText('Status: Cancelled')).toBeVisible();
  await page.reload();
  await expect(mine.getByTestId('order-cancellation')).toContainText('Reason: We are moving to Coimbatore');
  await expect(mine.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').last()).toContainText('Cancelled');
  const filter = page.getByRole('group', { name: 'Show orders' });
  await filter.getByRole('button', { name: 'Active (0)' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await filter.getByRole('button', { name: 'Cancelled (1)' }).click();
  await expect(mine).toBeVisible();
  await expectNoSeriousViolations(page, 'My Orders with a cancelled order');

  const hers = await waitForMail(email, { match: (m) => m.subject.includes(`Order ${orderId} cancelled`) });
  expect(hers.text).toContain('We will return your fabric; we may call you to arrange a time.');
  expect(hers.text).toContain('உங்கள் துணியைத் திருப்பித் தருவோம்');
  const shops = await waitForMail(SHOP_EMAIL, { match: (m) => m.subject.includes(`Order ${orderId} cancelled`) });
  expect(shops.text).toContain('return her fabric');

  // Off the admin's orders list, and the status can no longer change.
  await admin.goto('/admin-only?tab=orderStatus');
  await expect(admin.getByRole('heading', { name: 'Customers Orders' })).toBeVisible();
  await expect(admin.getByRole('article', { name: `Order ${orderId}` })).toHaveCount(0);
  const moved = await admin.request.put(`/api/orders/status/${orderId}`, { data: { status: 'designed' } });
  expect(moved.status()).toBe(409);
  // The Cancelled Orders tab lists its record with her reason.
  await admin.goto('/admin-only?tab=cancelOrders');
  const record = admin.getByRole('article').filter({ hasText: `Order ${orderId}` });
  await expect(record).toContainText('We are moving to Coimbatore');
  await admin.context().close();
});
