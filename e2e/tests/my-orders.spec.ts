import { signInAdmin } from '../support/admin-page.js';
import { waitForMail } from '../support/mail.js';
import { SHOP_EMAIL } from '../support/shop.js';
import { cards, toast } from '../support/shop-page.js';
import { firstProductOf, placeOrderThroughApi, saveAddress, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * My orders (docs/product.md#my-orders, docs/product.md#cancellations-kept): a shopper cancels an
 * order before the home visit with a reason; it stays in her list, marked cancelled with its
 * reason and day, and she and the shop are mailed. The order is placed through the API; placing
 * one on the screens is checkout.spec.ts's journey, a cancellation after the visit after-order.spec.ts's.
 */

test('a shopper cancels an order with a reason: it stays, marked cancelled; she and the shop are told', async ({ page }) => {
  test.setTimeout(60_000);
  const shopper = await signUpShopper(page);
  await saveAddress(page);
  const orderId = await placeOrderThroughApi(page, [{ product: await firstProductOf(page, 'saree-blouse'), quantity: 1 }]);
  await page.goto('/myOrders');
  const order = cards(page);
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('heading', { level: 2 })).toHaveText(`Order ${orderId}`);

  await order.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${orderId}` });
  // Before the home visit the shop holds no fabric of hers.
  await expect(dialog.getByTestId('fabric-return')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please provide a reason for cancellation.');
  await dialog.getByLabel('Reason for cancellation').fill('The function date moved');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(order.getByText('Status: Cancelled')).toBeVisible();
  await expect(order.getByTestId('order-cancellation')).toContainText('Reason: The function date moved');
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(toast(page, 'Order canceled successfully')).toBeVisible();
  const mail = await waitForMail(SHOP_EMAIL, { match: (m) => m.subject.includes(`Order ${orderId} cancelled`) });
  expect(mail.text).toContain('The function date moved');
  const hers = await waitForMail(shopper.email, { match: (m) => m.subject.includes(`Order ${orderId} cancelled`) });
  expect(hers.text).toContain(`Your order ${orderId} has been cancelled as you asked.`);
  await page.reload();
  await expect(order.getByText('Status: Cancelled')).toBeVisible();
  await expect(order.getByTestId('order-cancellation')).toContainText(/Cancelled on \d+ \w+ 20\d\d/);
});

test('“Order again” on a delivered order puts the same garments in her cart with their stitching details', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signUpShopper(page);
  await saveAddress(page);
  const product = await firstProductOf(page, 'saree-blouse');
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [{ productId: product._id, quantity: 2, stitching: { lining: true, notes: 'Zip at the side' } }],
      totalAmt: product.price * 2,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = ((await placed.json()) as { order: { orderId: string } }).order;
  const admin = await (await browser.newContext()).newPage();
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  const delivered = await admin.request.put(`/api/orders/status/${orderId}`, { data: { status: 'delivered' } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await admin.context().close();

  await page.goto('/myOrders');
  const order = cards(page);
  await expect(order.getByText('Status: Delivered')).toBeVisible();
  await order.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cartpage$/);
  await expect(toast(page, 'Added to your cart with the same stitching details.')).toBeVisible();
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: { _id: string; quantity: number }[] };
  expect(cart.items).toEqual([expect.objectContaining({ _id: product._id, quantity: 2 })]);
  // Checkout reads the line's details from the draft kept for this tab (docs/product.md#stitching-details).
  const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem('thaiyal.checkoutDraft') ?? '{}') as unknown);
  expect(draft).toMatchObject({ lines: { [product._id]: { lining: true, notes: 'Zip at the side', profileId: null } } });
});
