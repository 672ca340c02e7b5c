import { adminPage } from '../support/admin-page.js';
import { waitForMail } from '../support/mail.js';
import { firstProductOf, putInCart, saveAddress, signUpShopper } from '../support/shopper.js';
import { pickFirstOpenSlot } from '../support/visit-calendar.js';
import { expect, test } from '../support/test.js';

/**
 * Dates a tailor promises (docs/product.md#dates-a-tailor-promises,
 * docs/product.md#trial-and-delivery-visits, docs/product.md#admin-dashboard Today): at checkout
 * she gives her function date and sees the ready-by date before she places the order, told
 * plainly that it comes after her function; the owner moves the date with a reason (she is
 * mailed it) and books a trial visit; once the garment is designed she picks her delivery slot in
 * My Orders; the owner's day's visits show the delivery with its kind, and Today lists her order
 * among those at risk (her function is within three days).
 *
 * Runs in the `admin` project (after the shoppers' journeys): it takes places in visit slots.
 */

/** `YYYY-MM-DD` `days` after the calendar day `date`. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

test('her function date and the ready-by date before she orders; the owner moves it and books a trial; she picks her delivery slot; Today lists the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = await signUpShopper(page, 'Divya');
  await saveAddress(page);
  const product = await firstProductOf(page, 'saree-blouse');
  await putInCart(page, product._id);
  const { today } = (await (await page.request.get('/api/visit-slots?days=1')).json()) as { today: string };

  // Checkout: "call me to arrange the visit", then her function in two days, before any ready-by date.
  await page.goto('/cartpage');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Confirm Address' }).click();
  await page.getByRole('button', { name: 'Next: visit' }).click();
  await page.getByRole('button', { name: 'Next: review' }).click();
  const needed = addDays(today, 2);
  await page.getByLabel('For a function on… (optional)').fill(needed);
  const readyByLine = page.getByText(/^Ready by /);
  await expect(readyByLine).toBeVisible();
  const readyByText = (await readyByLine.textContent())!;
  await expect(
    page.getByText(/^Your function is on .*, but we can have it ready only by .*you can still place the order\.$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-placed\/TH-[A-Z2-9]{6}$/, { timeout: 15_000 });
  const orderId = page.url().split('/').pop()!;

  // The placed order keeps the date she was shown, and is a rush order.
  const placed = (await (await page.request.get('/api/orders?limit=5')).json()) as {
    orders: Array<{ orderId: string; readyBy: string; neededBy: string; rush: boolean }>;
  };
  const order = placed.orders.find((one) => one.orderId === orderId)!;
  expect(order).toMatchObject({ neededBy: needed, rush: true });
  await page.goto('/myOrders');
  const mine = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(mine).toContainText(readyByText);

  // The owner moves the date by a day, with a reason she is mailed.
  const admin = await adminPage(browser);
  await admin.goto(`/admin-only?tab=orderStatus&q=${orderId}`);
  const card = admin.getByRole('article', { name: `Order ${orderId}` });
  await card.getByRole('button', { name: 'Move the ready-by date' }).click();
  const movedTo = addDays(order.readyBy, 1);
  await card.getByLabel('Ready by', { exact: true }).fill(movedTo);
  await card.getByLabel('Reason (the customer is mailed it)').fill('Waiting for the lining cloth');
  await card.getByRole('button', { name: 'Save the date' }).click();
  await expect(card).toContainText('Waiting for the lining cloth');
  await waitForMail(shopper.email, { match: (mail) => mail.text.includes(orderId) && mail.text.includes('Waiting for the lining cloth') });

  // And books a trial visit in the visit calendar.
  await card.getByRole('button', { name: 'Book a trial visit' }).click();
  const trialSlot = await pickFirstOpenSlot(card);
  await card.getByRole('button', { name: 'Book this slot' }).click();
  await expect(card.getByTestId('visit-entry').filter({ hasText: 'Trial' })).toContainText(trialSlot);
  await waitForMail(shopper.email, { match: (mail) => mail.text.includes(orderId) && /trial/i.test(mail.text) });

  for (const status of ['visited', 'designed'] as const) {
    const moved = await admin.request.put(`/api/orders/status/${orderId}`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // Designed: she picks her delivery slot herself.
  await page.reload();
  await mine.getByRole('button', { name: 'Pick your delivery slot' }).click();
  const picker = mine.getByRole('form', { name: 'When should we deliver?' });
  const deliverySlot = await pickFirstOpenSlot(picker);
  await picker.getByRole('button', { name: 'Book this slot' }).click();
  const delivery = mine.getByTestId('visit-entry').filter({ hasText: 'Delivery' });
  await expect(delivery).toContainText(deliverySlot);
  const deliveryDate = (
    (await (await page.request.get('/api/orders?limit=5')).json()) as {
      orders: Array<{ orderId: string; appointments: Array<{ kind: string; date: string }> }>;
    }
  ).orders
    .find((one) => one.orderId === orderId)!
    .appointments.find((one) => one.kind === 'delivery')!.date;

  // The owner's day's visits show it as a delivery; Today lists her order at risk.
  await admin.goto('/admin-only?tab=dayVisits');
  await admin.getByLabel('Date', { exact: true }).fill(deliveryDate);
  const visit = admin
    .getByTestId('day-visit')
    .filter({ hasText: orderId })
    .filter({ has: admin.getByTestId('visit-kind').getByText('Delivery') });
  await expect(visit).toBeVisible();
  await admin.goto('/admin-only');
  const atRisk = admin.getByTestId('today-at-risk').getByTestId('today-risk-order').filter({ hasText: orderId });
  await expect(atRisk).toHaveAttribute('data-risk', 'needed-soon');
  await expect(atRisk.getByTestId('order-risk')).toHaveText('Function soon');
});
