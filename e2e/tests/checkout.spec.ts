import type { Page } from '@playwright/test';
import { waitForMail } from '../support/mail.js';
import { SHOP_EMAIL } from '../support/shop.js';
import { rupees, rupeesExact, toast } from '../support/shop-page.js';
import { firstProductOf, putInCart, saveAddress, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * The checkout (docs/product.md#address, docs/product.md#confirm-address,
 * docs/product.md#order-confirmation): from the cart, the service-area question and the address
 * form with its docs/product.md#validation errors, the review, a cash-on-delivery order placed
 * with confetti and found in My orders, mailed to her and the shop; and Buy Now straight to the
 * confirm step once an address exists. Each journey signs up its own shopper and fills her cart
 * or address through the API (e2e/support/shopper.ts); the cart's own screens are
 * shopping.spec.ts's.
 */

/**
 * From the cart: Continue → the service-area overlay. No → the sorry message, whose BACK goes two
 * steps back (to the product page the shopper came from); again, and Yes: the 'Order Checkout' form.
 */
async function answerNoThenYes(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/address$/);
  const overlay = page.getByRole('dialog', { name: 'Service area' });
  await expect(overlay).toContainText('only in the Pollachi area');
  await overlay.getByRole('button', { name: 'No' }).click();
  const sorry = page.getByRole('dialog', { name: 'Sorry!' });
  await expect(sorry).toContainText('coming soon');
  await sorry.getByRole('button', { name: 'BACK' }).click();
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}\/palazzo-pant$/);

  await page.goto('/cartpage');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Service area' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Checkout' })).toBeVisible();
}

/** The 'Order Checkout' form: the fixed city and state, then docs/product.md#validation errors in order, then a good address saved. */
async function typeAddressWithErrors(page: Page): Promise<void> {
  await expect(page.getByLabel('City')).toHaveValue('Pollachi');
  await expect(page.getByLabel('City')).not.toBeEditable();
  await expect(page.getByLabel('State')).toHaveValue('Tamil Nadu');
  await expect(page.getByLabel('State')).not.toBeEditable();

  const save = page.getByRole('button', { name: 'Save Address' });
  await save.click();
  await expect(toast(page, 'Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('Meena Sundaram');
  await page.getByLabel('Phone number', { exact: true }).fill('98765');
  await save.click();
  await expect(toast(page, 'Phone number must be a 10-digit numeric value')).toBeVisible();
  await page.getByLabel('Phone number', { exact: true }).fill('9876543210');
  await page.getByLabel('Pin code').fill('6420');
  await save.click();
  await expect(toast(page, 'Pin code must be a 6-digit numeric value')).toBeVisible();
  await page.getByLabel('Pin code').fill('642001');
  await page.getByLabel('Door number').fill('12A');
  await page.getByLabel('Street').fill('Kovai Road');
  await save.click();
}

/** Place Order's bar on to its last step: Next: visit, then Next: review, each step's heading taking the focus. */
async function toReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next: visit' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Home visit/ })).toBeFocused();
  await page.getByRole('button', { name: 'Next: review' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Review/ })).toBeFocused();
}

test('a shopper checks out: the service-area question, her address with its errors named in order, the review, the order placed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpShopper(page);
  const blouse = await firstProductOf(page, 'saree-blouse');
  const pant = await firstProductOf(page, 'palazzo-pant');
  await putInCart(page, blouse._id, 2);
  await putInCart(page, pant._id);
  const total = blouse.price * 2 + pant.price;
  // From a product page to the cart, as a shopper comes: BACK's two steps lead there.
  await page.goto(`/view/${pant._id}/palazzo-pant`);
  await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
  await expect(page).toHaveURL(/\/cartpage$/);

  await answerNoThenYes(page);
  await typeAddressWithErrors(page);
  // Saved: the confirm step shows what she typed. Confirm, review, place the order.
  await expect(page).toHaveURL(/\/confirm\/address$/);
  for (const value of ['Meena Sundaram', '9876543210', '12A', 'Kovai Road', 'Pollachi', 'Tamil Nadu', '642001']) {
    await expect(page.getByRole('main').getByText(value, { exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Confirm Address' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review Your Order' })).toBeVisible();
  await expect(page.getByText(`Subtotal: ${rupees(blouse.price * 2)}`)).toBeVisible();
  await expect(page.getByTestId('checkout-bar-total')).toHaveText(`Total ${rupees(total)}`);
  // Place Order's steps (docs/product.md#place-order): for whom and fabric, the visit, the review.
  await toReview(page);
  await expect(page.getByTestId('order-review-total')).toHaveText(`Total amount: ${rupees(total)}`);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('button', { name: 'Placing order...' })).toBeDisabled();
  await expect(page.locator('body > canvas'), 'the confetti').toBeVisible();
  // The confirmation screen (docs/product.md#order-confirmation), then My Orders.
  await expect(page).toHaveURL(/\/order-placed\/TH-[A-Z2-9]{6}$/, { timeout: 15_000 });
  await page.getByRole('link', { name: 'Go to My Orders' }).click();
  await expect(page).toHaveURL(/\/myOrders$/);

  // My orders: the new order at 'call' with the right total; the ordered lines left the cart.
  const order = page.getByRole('main').getByRole('article');
  await expect(order).toHaveCount(1);
  const heading = (await order.getByRole('heading', { level: 2 }).textContent())!.trim();
  const orderId = /^Order (TH-[A-Z0-9]{6})$/.exec(heading)?.[1];
  expect(orderId, heading).toBeTruthy();
  await expect(order.getByText('Status: Call')).toBeVisible();
  await expect(order.locator('[aria-current="step"]')).toContainText('Call');
  await expect(order.getByTestId('tracker-pulse')).toHaveCount(1);
  await expect(order.getByText(rupeesExact(blouse.price))).toBeVisible();
  await expect(order.getByTestId('order-total')).toHaveText(`Total: ${rupeesExact(total)}`);
  await expect(order.getByText('Kovai Road')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await waitForMail(shopper.email, { match: (mail) => mail.subject.includes(`${orderId}`) });
  await waitForMail(SHOP_EMAIL, { match: (mail) => mail.subject.includes(`New order ${orderId}`) });
});

test('with an address saved, Buy Now takes that one item straight to the confirm step', async ({ page }) => {
  await signUpShopper(page);
  await saveAddress(page);
  const blouse = await firstProductOf(page, 'saree-blouse');
  await page.goto(`/view/${blouse._id}/saree-blouse`);
  await page.getByRole('button', { name: /buy now/i }).click();
  await expect(page).toHaveURL(/\/confirm\/address$/);
  await page.getByRole('link', { name: 'Confirm Address' }).click();
  await expect(page.getByText('Quantity: 1')).toHaveCount(1);
  await toReview(page);
  await expect(page.getByTestId('order-review-total')).toHaveText(`Total amount: ${rupees(blouse.price)}`);
});
