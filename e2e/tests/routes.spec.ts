import type { Page } from '@playwright/test';
import { signInAdmin } from '../support/admin-page.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Every route of docs/product.md#screens routes table answers with its own page in Chromium, and the guarded ones redirect as docs/product.md#screens and docs/architecture.md#http-api say: /cartpage, /wishlist,
 * /address and /myOrders need sign-in (else /signin); /confirm/address needs an address with
 * a name and /placeorder an address (else /); /admin-only needs the admin role (else /).
 */

interface ApiProduct {
  _id: string;
  name: string;
  category: string;
}

/** The heading (level 1 unless said) that tells each open page apart. */
const OPEN_PAGES: Array<{ path: string; heading: string; level?: number }> = [
  { path: '/', heading: 'Featured Products', level: 2 },
  { path: '/signin', heading: 'Welcome Back!' },
  { path: '/signup', heading: 'Create Account' },
  { path: '/otp', heading: 'Verify OTP' },
  { path: '/forgot', heading: 'Forgot Password' },
  { path: '/api/reset/not-a-real-token', heading: 'Reset Password' },
  { path: '/category/palazzo-pant', heading: 'Palazzo Pant' },
  { path: '/featured', heading: 'Groom collections' },
  { path: '/delivery', heading: 'Delivery Information' },
  { path: '/contact', heading: 'Contact Support' },
  { path: '/custom/tailoring', heading: 'Custom Tailoring' },
  { path: '/bridal/wedding/attire', heading: 'Bridal & Wedding Attire' },
  { path: '/alterations/repairs', heading: 'Alterations & Repairs' },
  { path: '/fabric/consultation', heading: 'Fabric Consultation' },
  { path: '/oppurtunities', heading: 'Opportunities for Artisans' },
  { path: '/our/collaborators', heading: 'Our Collaborators' },
  { path: '/work/showcase', heading: 'Work Showcase' },
  { path: '/get/in/touch', heading: 'Get in Touch' },
  { path: '/our/story', heading: 'Our Story' },
  { path: '/why/choose/us', heading: 'Why Choose Us' },
  { path: '/customer/commitment', heading: 'Customer Commitment' },
  { path: '/data/privacy', heading: 'Data Privacy' },
];

async function expectHeading(page: Page, name: string, level = 1): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level, name, exact: true })).toBeVisible();
}

/** Opens `path` and expects to land on `landing` (a path) showing the heading `heading`. */
async function expectRedirect(page: Page, path: string, landing: string, heading: { name: string; level?: number }) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/\//g, '\\/')}$`));
  await expectHeading(page, heading.name, heading.level);
}

const HOME = { name: 'Featured Products', level: 2 };
const SIGNIN = { name: 'Welcome Back!' };

test('every open route shows its own page', async ({ page }) => {
  for (const route of OPEN_PAGES) {
    await page.goto(route.path);
    await expect(page, route.path).toHaveURL(new RegExp(`${route.path.replace(/\//g, '\\/')}$`));
    await expectHeading(page, route.heading, route.level);
  }
  // The page's <title> follows it.
  await page.goto('/our/story');
  await expect(page).toHaveTitle('Our Story · Thaiyal');
});

test('a product page shows the product; a missing one says so', async ({ page }) => {
  const response = await page.request.get('/api/product');
  const { products } = (await response.json()) as { products: ApiProduct[] };
  const product = products[0]!;
  await page.goto(`/view/${product._id}/${product.category}`);
  await expectHeading(page, product.name);
  const missing = await page.goto(`/view/00000000-0000-4000-8000-000000000000/${product.category}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Product not found')).toBeVisible();
});

test('/opportunities redirects to the product’s /oppurtunities; an unknown path says the page is not found', async ({ page }) => {
  await expectRedirect(page, '/opportunities', '/oppurtunities', { name: 'Opportunities for Artisans' });
  const unknown = await page.goto('/no/such/page');
  expect(unknown?.status()).toBe(404);
  await expectHeading(page, 'Page not found');
});

test('a visitor is sent to /signin or / by the guarded routes', async ({ page }) => {
  for (const path of ['/cartpage', '/wishlist', '/address', '/myOrders']) {
    await expectRedirect(page, path, '/signin', SIGNIN);
  }
  for (const path of ['/confirm/address', '/placeorder', '/admin-only']) {
    await expectRedirect(page, path, '/', HOME);
  }
});

test('a signed-in shopper opens the shopping routes; the address steps need an address', async ({ page }) => {
  await signUpShopper(page, 'Revathi');
  await page.goto('/cartpage');
  await expectHeading(page, 'Your Cart');
  await page.goto('/wishlist');
  await expectHeading(page, 'Loved collection');
  await page.goto('/myOrders');
  await expectHeading(page, 'My Orders');
  await page.goto('/address');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectHeading(page, 'Order Checkout');
  // No address yet: the confirm and place-order steps go home; so does the admin's page.
  for (const path of ['/confirm/address', '/placeorder', '/admin-only']) {
    await expectRedirect(page, path, '/', HOME);
  }
  // /signup shows the sign-in screen to someone signed in (docs/product.md#screens).
  await page.goto('/signup');
  await expectHeading(page, 'Welcome Back!');

  const saved = await page.request.post('/api/auth/address', {
    data: { name: 'Revathi', phoneNumber: '9843012345', doorNumber: '12', street: 'Kovai Road', pinCode: '642001' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/confirm/address');
  await expectHeading(page, 'Confirm your address');
  await page.goto('/placeorder');
  await expectHeading(page, 'Review Your Order');
});

test('the admin opens /admin-only', async ({ page }) => {
  const signin = await signInAdmin(page.request);
  expect(signin.status(), await signin.text()).toBe(200);
  await page.goto('/admin-only');
  await expectHeading(page, 'Admin dashboard');
  await expect(page.getByRole('tablist')).toBeVisible();
});
