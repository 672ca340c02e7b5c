import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations, expectVisibleFocus } from '../support/a11y.js';
import { signInAdmin } from '../support/admin-page.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Accessibility (docs/product.md#accessibility): axe-core finds no serious or critical WCAG 2.2 AA violation on
 * home, a category, a product, the cart, checkout's address step, the measurement profiles page,
 * the pin-code check, the sorry message and the admin dashboard;
 * the drawer, dialogs and carousels work from the keyboard with a visible focus.
 */

interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  images: string[];
}

/** A product of the running shop with at least two pictures (the demo catalog has them). */
async function productWithPictures(request: APIRequestContext): Promise<ApiProduct> {
  const response = await request.get('/api/product');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: ApiProduct[] };
  const product = products.find((candidate) => candidate.images.length >= 2) ?? products[0];
  if (!product) throw new Error('the shop has no products');
  return product;
}

/** Waits until the page has settled: no 'Please wait...' and no pending route bar. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Please wait...')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test.describe('axe finds no serious violation', () => {
  // axe reads every node of a page: a full page with its pictures takes some seconds.
  test.describe.configure({ timeout: 180_000 });

  test('on home, a category page and a product page (visitor)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'home');

    const product = await productWithPictures(page.request);
    await page.goto(`/category/${product.category}`);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, `/category/${product.category}`);

    await page.goto(`/view/${product._id}/${product.category}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'product detail');
  });

  test('on the contact page, an information page, the open drawer and the Tamil home', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Call us/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'contact');

    // Empty required fields are announced on each field.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expectNoSeriousViolations(page, 'contact form with errors');

    await page.goto('/data/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Privacy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'data privacy');

    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expectNoSeriousViolations(page, 'drawer');
    await drawer.getByRole('button', { name: 'தமிழ்' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'சிறப்பு ஆடைகள்' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'home in Tamil');
  });

  test('on the cart and the checkout address step (signed in)', async ({ page }) => {
    await signUpShopper(page, 'Kavya');
    const product = await productWithPictures(page.request);
    const added = await page.request.post('/api/cart', { data: { productId: product._id } });
    expect(added.status(), await added.text()).toBe(200);

    await page.goto('/cartpage');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('article', { name: product.name })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'cart');

    await page.goto('/address');
    const overlay = page.getByRole('dialog');
    await expect(overlay).toBeVisible();
    await expectNoSeriousViolations(page, 'checkout service-area question');
    await overlay.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Checkout' })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'checkout address form');
  });

  test('on the measurement profiles page, the pin-code check and the sorry message (signed in)', async ({ page }) => {
    await signUpShopper(page, 'Revathi');
    await page.goto('/measurements');
    await expect(page.getByRole('heading', { level: 1, name: 'My measurements' })).toBeVisible();
    await settled(page);
    await page.getByRole('button', { name: 'Add a profile' }).click();
    await page.getByLabel('Bust (in)', { exact: true }).fill('500');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Please correct the marked fields.')).toBeVisible();
    await expectNoSeriousViolations(page, 'measurement profile form with errors');

    const product = await productWithPictures(page.request);
    await page.goto(`/view/${product._id}/${product.category}`);
    await page.getByRole('button', { name: 'Do we visit your area?' }).click();
    await page.getByLabel('Your pin code').fill('600001');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tell me when you come to my area' })).toBeVisible();
    await expectNoSeriousViolations(page, 'product pin-code check, sorry');

    await page.goto('/address');
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('dialog', { name: 'Sorry!' }).getByRole('button', { name: 'Tell me' })).toBeVisible();
    await expectNoSeriousViolations(page, 'checkout sorry message with the waitlist');
  });

  test('on every tab of the admin dashboard', async ({ page }) => {
    const signin = await signInAdmin(page.request);
    expect(signin.status(), await signin.text()).toBe(200);
    await page.goto('/admin-only');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    const tabs = page.getByRole('tablist').getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      // By exact name: no tab's name may be found inside another's.
      const tab = page.getByRole('tablist').getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await settled(page);
      await expectNoSeriousViolations(page, `admin dashboard, tab ${name}`);
    }
  });
});

test.describe('from the keyboard', () => {
  test('the drawer takes focus, keeps Tab inside, closes on Escape and gives focus back', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await expectVisibleFocus(toggle);
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const close = drawer.getByRole('button', { name: 'Close menu' });
    await expectVisibleFocus(close);
    // Tab through more stops than the drawer has: focus never leaves it.
    const stops = await drawer.locator('a[href], button:not([disabled])').count();
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectVisibleFocus(page.locator(':focus'));

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the drawer’s service-area note leads to the delivery page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByText('Service available only in Pollachi')).toBeVisible();
    await drawer.getByRole('button', { name: 'more info' }).click();
    await expect(page).toHaveURL(/\/delivery$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery Information' })).toBeVisible();
    await expect(drawer).toBeHidden();
  });

  test('the home carousel moves with the arrow keys and its dots are labelled buttons', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Offers and collections' });
    const dots = carousel.getByRole('button', { name: /^Show banner \d+$/ });
    await expect(dots.first()).toBeVisible();
    const count = await dots.count();
    test.skip(count < 2, 'the shop has a single banner');
    // Stop the automatic advance so only the keys move it.
    await carousel.getByRole('button', { name: 'Pause' }).click();
    const current = carousel.locator('[aria-current="true"]');
    await dots.first().click();
    await expect(current).toHaveAccessibleName('Show banner 1');
    await dots.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAccessibleName('Show banner 2');
    // After a key press the focused dot shows its focus ring (:focus-visible).
    await expectVisibleFocus(dots.first());
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveAccessibleName('Show banner 1');
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveAccessibleName(`Show banner ${count}`);
  });

  test('the product pictures move with the arrow keys; the full-screen viewer is a dialog that Escape closes', async ({ page }) => {
    const product = await productWithPictures(page.request);
    test.skip(product.images.length < 2, 'no product with two pictures');
    await page.goto(`/view/${product._id}/${product.category}`);
    const gallery = page.getByRole('group', { name: `Pictures of ${product.name}` });
    const current = gallery.locator('ul [aria-current="true"]');
    const firstThumb = gallery.getByRole('listitem').first().getByRole('button');
    await firstThumb.focus();
    await expectVisibleFocus(firstThumb);
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAccessibleName('Show picture 2');

    const open = gallery.getByRole('button', { name: 'Open picture 2 full screen' });
    await open.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: `Pictures of ${product.name}` });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(viewer.getByText(`Picture 2 of ${product.images.length}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`Picture 1 of ${product.images.length}`)).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('the contact form is filled and sent with the keyboard alone', async ({ page }) => {
    await page.goto('/contact');
    const name = page.getByLabel('Your name', { exact: true });
    await name.focus();
    await expectVisibleFocus(name);
    await page.keyboard.type('Lakshmi');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
    await page.keyboard.type('lakshmi@example.test');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Phone number', { exact: true })).toBeFocused();
    await page.keyboard.type('98430 12345');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
    await page.keyboard.type('Do you stitch school uniforms?');
    await page.keyboard.press('Tab');
    const send = page.getByRole('button', { name: 'Send Message' });
    await expectVisibleFocus(send);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Form Submitted Successfully' })).toBeVisible();
  });
});
