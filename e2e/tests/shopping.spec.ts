import type { Page } from '@playwright/test';
import { cards, rupees, toast } from '../support/shop-page.js';
import { firstProductOf, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Shopping (docs/product.md#cart): a visitor's heart and Add to cart lead to sign-in and back,
 * done; the wishlist heart; the cart with its quantity controls; and a review refused before a
 * delivered order. The checkout has its own journeys (checkout.spec.ts), and so has cancelling
 * from My orders (my-orders.spec.ts). Each journey signs up its own shopper.
 */

/** A product picked from a listing: what its card showed. */
interface Picked {
  name: string;
  /** Rupees. */
  price: number;
}

/** Opens the first product of a category and puts it in the cart from its detail page. */
async function addFirstOf(page: Page, category: string): Promise<Picked> {
  await page.goto(`/category/${category}`);
  const card = cards(page).first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const price = Number((await card.getByText('₹').textContent())!.replace(/[₹,\s]/g, ''));
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  return { name, price };
}

/** Signs in on the sign-in screen the shop sent the visitor to. */
async function signInHere(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a visitor sent to sign in comes back to the page with what she tapped done: the heart, Add to cart', async ({ page, browser }) => {
  // An account made elsewhere: this page is a visitor's.
  const elsewhere = await browser.newPage();
  const shopper = await signUpShopper(elsewhere, 'Revathi');
  await elsewhere.close();

  // The heart on a category's card → /signin → back on the category, the product wishlisted.
  await page.goto('/category/saree-blouse');
  const card = cards(page).first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: `Add ${name} to wishlist` }).click();
  await signInHere(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/category\/saree-blouse$/);
  await expect(
    cards(page)
      .first()
      .getByRole('button', { name: `Remove ${name} from wishlist` }),
  ).toHaveAttribute('aria-pressed', 'true');
  const wishlist = (await (await page.request.get('/api/wishlist')).json()) as { products: Array<{ name: string }> };
  expect(wishlist.products.map((product) => product.name)).toEqual([name]);

  // Signed out, Add to cart on a product → /signin → back on the product, added once.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'signin', exact: true })).toBeVisible();
  await page.goto('/category/saree-blouse');
  await cards(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const productUrl = page.url();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await signInHere(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(productUrl);
  await expect(toast(page, 'Added to cart')).toBeVisible();
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: Array<{ quantity: number }> };
  expect(cart.items.map((line) => line.quantity)).toEqual([1]);
});

test('the heart fills at once and the product is in the Loved collection', async ({ page }) => {
  await signUpShopper(page);
  await page.goto('/category/maxi-frock');
  const loved = cards(page).first();
  const lovedName = (await loved.getByRole('heading').textContent())!.trim();
  await loved.getByRole('button', { name: `Add ${lovedName} to wishlist` }).click();
  await expect(loved.getByRole('button', { name: `Remove ${lovedName} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Wishlist', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loved collection' })).toBeVisible();
  await expect(cards(page).getByRole('heading', { name: lovedName })).toBeVisible();
});

test('the cart counts its lines in the header, shows each line, and a new quantity at once, kept by the server', async ({ page }) => {
  await signUpShopper(page);
  // Two products in the cart; the header counts the lines.
  const blouse = await addFirstOf(page, 'saree-blouse');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  const pant = await addFirstOf(page, 'palazzo-pant');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
  await expect(page).toHaveURL(/\/cartpage$/);
  const blouseLine = page.getByRole('article', { name: blouse.name });
  await expect(blouseLine.getByText('Size: Custom')).toBeVisible();
  await expect(blouseLine.getByText(`${rupees(blouse.price)} each`)).toBeVisible();
  await expect(blouseLine.getByRole('button', { name: `Remove ${blouse.name} from cart` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For You' })).toBeVisible();

  // Quantity 1 → 2: shown at once, kept by the server.
  await blouseLine.getByRole('button', { name: `Increase quantity of ${blouse.name}` }).click();
  await expect(blouseLine.getByTestId('quantity')).toHaveText('Quantity 2');
  await expect(blouseLine.getByText(`Line total: ${rupees(blouse.price * 2)}`)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(`Total: ${rupees(blouse.price * 2 + pant.price)}`);
  await page.reload();
  await expect(page.getByRole('article', { name: blouse.name }).getByTestId('quantity')).toHaveText('Quantity 2');
});

test('a review before a delivered order: "Must be filled" when empty, then refused and the box disabled', async ({ page }) => {
  await signUpShopper(page);
  const blouse = await firstProductOf(page, 'saree-blouse');
  await page.goto(`/view/${blouse._id}/saree-blouse`);
  const reviewBox = page.getByLabel('Write a review');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Must be filled' })).toBeVisible();
  await reviewBox.fill('Lovely stitching');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose from 1 to 5 stars' })).toBeVisible();
  await page.getByLabel('5 stars').check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const purchaseFirst = 'Review this product after you’ve experienced it firsthand by making a purchase!';
  await expect(page.getByRole('button', { name: purchaseFirst })).toBeDisabled();
  await expect(reviewBox).toBeDisabled();
  // The review shown at once is taken back.
  await expect(page.getByText('No reviews yet. Be the first to share!')).toBeVisible();
});
