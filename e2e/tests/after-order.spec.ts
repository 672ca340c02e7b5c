import { E2E_ADMIN } from '../support/admin.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * After the order (docs/product.md#the-days-visits): a shopper with a measurement profile places
 * an order with a home-visit slot (through the API; the checkout has its own journey); her
 * My Orders and the product page have WhatsApp links to the shop; the admin's OrderStatus tab
 * has tap-to-call and WhatsApp to her; the admin's Visits tab for that date lists it under its slot with a `tel:` link, a wa.me link
 * naming the order and the slot, and a map-search link; the order sheet shows the measurements
 * in inches and cm and prints to an A4 PDF with only the sheet on it.
 */

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
  const signin = await admin.request.post('/api/auth/signin', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
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
  await expect(card).toContainText('Bust: 88.9 cm');

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
