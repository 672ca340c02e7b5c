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
