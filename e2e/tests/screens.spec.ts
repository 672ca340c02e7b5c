import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAdmin } from '../support/admin-page.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Every page on a 360-px phone, in English and in Tamil (docs/product.md#languages): none is
 * wider than the screen (no sideways scrolling, nothing cut at the right edge). With
 * SCREENSHOTS_DIR set (`npm run screenshots`), each page is also saved as a full-page
 * picture, `{dir}/{language}/{nn}-{page}.png`, for a person to look over.
 */

const LANGUAGES = ['en', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];

/** The page's strings in each language, read from the web app's own translations. */
const STRINGS: Record<Language, Record<string, unknown>> = {
  // The English of the checkout's tailoring steps and of the product lists lives in files of
  // their own beside en.json (web/src/i18n/english.ts).
  en: {
    ...(JSON.parse(readFileSync(new URL('../../web/src/i18n/en.json', import.meta.url), 'utf8')) as Record<string, unknown>),
    ...(JSON.parse(readFileSync(new URL('../../web/src/i18n/en-tailoring.json', import.meta.url), 'utf8')) as Record<string, unknown>),
    ...(JSON.parse(readFileSync(new URL('../../web/src/i18n/en-list.json', import.meta.url), 'utf8')) as Record<string, unknown>),
  },
  ta: JSON.parse(readFileSync(new URL('../../web/src/i18n/ta.json', import.meta.url), 'utf8')) as Record<string, unknown>,
};

/** A string of the web app by its key (`cart.continue`) in `language`. */
function say(language: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], STRINGS[language]);
  if (typeof value !== 'string') throw new Error(`no string ${key} in ${language}`);
  return value;
}

/** The pages anyone may open, by a short name. Products and categories are added from the catalog. */
const OPEN_PAGES: Array<[string, string]> = [
  ['home', '/'],
  ['featured', '/featured'],
  ['search', '/search'],
  ['search-results', '/search?q=pattu+pavadai&sort=price-asc&min=1000&max=5000'],
  ['search-nothing', '/search?q=zzqxv'],
  ['category-sorted', '/category/saree-blouse?sort=price-desc&max=2000'],
  ['signin', '/signin'],
  ['signup', '/signup'],
  ['otp', '/otp'],
  ['forgot', '/forgot'],
  ['reset', '/api/reset/not-a-real-token'],
  ['delivery', '/delivery'],
  ['contact', '/contact'],
  ['custom-tailoring', '/custom/tailoring'],
  ['bridal-attire', '/bridal/wedding/attire'],
  ['alterations', '/alterations/repairs'],
  ['fabric-consultation', '/fabric/consultation'],
  ['opportunities', '/oppurtunities'],
  ['collaborators', '/our/collaborators'],
  ['showcase', '/work/showcase'],
  ['get-in-touch', '/get/in/touch'],
  ['our-story', '/our/story'],
  ['why-choose-us', '/why/choose/us'],
  ['customer-commitment', '/customer/commitment'],
  ['data-privacy', '/data/privacy'],
  ['terms', '/terms'],
  ['returns', '/returns'],
  ['faq', '/faq'],
  ['product-not-found', '/view/00000000-0000-4000-8000-000000000000/blouse'],
  ['page-not-found', '/no/such/page'],
];

interface ApiProduct {
  _id: string;
  name: string;
  nameTa: string;
  category: string;
  price: number;
}

/** A banner as `GET /api/banner` answers it (docs/product.md#entities). */
interface ApiBanner {
  headline: string;
  headlineTa: string;
  line: string;
  lineTa: string;
}

/** The name a page in `language` shows for a product: its Tamil name on a Tamil page when it has one (docs/product.md#languages). */
function shownName(product: ApiProduct, language: string): string {
  return language === 'ta' && product.nameTa ? product.nameTa : product.name;
}

/** The catalog's product with the longest name as `language` shows it: the hardest to fit on a narrow card or cart line. */
async function longestNamedProduct(request: APIRequestContext, language: string): Promise<ApiProduct> {
  const response = await request.get('/api/product');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: ApiProduct[] };
  const product = [...products].sort((a, b) => shownName(b, language).length - shownName(a, language).length)[0];
  if (!product) throw new Error('the shop has no products');
  return product;
}

/** Waits until the page has settled: no loading text, no route bar, fonts and pictures in. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Fails when the page is wider than the screen, naming the elements that stick out past its
 * right edge (the innermost few), so the fix is findable from the report alone.
 */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const offenders: string[] = [];
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 1) continue;
        // Only elements whose own children all fit: the innermost that stick out.
        const child = Array.from(element.children).some((one) => one.getBoundingClientRect().right > width + 1);
        if (child) continue;
        // Inside a scroller that clips it (a carousel, a table wrapper): not the page's width.
        let clipped = false;
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 1) {
            clipped = true;
            break;
          }
        }
        if (clipped) continue;
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).slice(0, 3).join('.')}`;
        offenders.push(`${name} "${(element.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(box.right)}`);
      }
      return { scrollWidth: document.documentElement.scrollWidth, width, offenders: offenders.slice(0, 5) };
    });
  // Polled: a panel sliding in on a spring may overshoot the edge for a moment.
  await expect
    .poll(async () => (await measure()).offenders, { message: `${what}: elements past the right edge of the screen` })
    .toEqual([]);
  const found = await measure();
  expect(found.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(found.width);
}

/** Numbers pictures from `start + 1`, so each test's come out together and in order. */
function numbering(start: number): () => number {
  let last = start;
  return () => ++last;
}

/** Checks the page and, under `npm run screenshots`, saves its picture. */
async function check(page: Page, language: Language, index: number, name: string): Promise<void> {
  await settled(page);
  await expectNoSidewaysScroll(page, `${language} ${name} (${page.url()})`);
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) {
    mkdirSync(join(dir, language), { recursive: true });
    await page.screenshot({ path: join(dir, language, `${String(index).padStart(2, '0')}-${name}.png`), fullPage: true });
  }
}

/** The open pages, a category and the longest-named product; the product's pin check and the drawer, opened. */
async function openPages(page: Page, language: Language): Promise<void> {
  const product = await longestNamedProduct(page.request, language);
  const pages: Array<[string, string]> = [
    ...OPEN_PAGES,
    ['category', `/category/${product.category}`],
    ['product', `/view/${product._id}/${product.category}`],
  ];
  const next = numbering(0);
  for (const [name, path] of pages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await check(page, language, next(), name);
  }
  // The product page's "Do we visit your area?" check, opened.
  await page.goto(`/view/${product._id}/${product.category}`);
  await page.getByRole('button', { name: say(language, 'product.areaCheck') }).click();
  await expect(page.locator('input[autocomplete="postal-code"]')).toBeVisible();
  await check(page, language, next(), 'product-pin-check');
  // The drawer, open over home.
  await page.goto('/');
  await page.getByRole('button', { name: say(language, 'nav.openMenu') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, language, next(), 'drawer');
}

/** Every home banner's headline and line, whole over its picture, in the page's language. */
async function bannerWords(page: Page, language: Language): Promise<void> {
  const answer = await page.request.get('/api/banner');
  expect(answer.ok()).toBe(true);
  const { banners } = (await answer.json()) as { banners: ApiBanner[] };
  await page.goto('/');
  const slides = page.getByRole('region', { name: say(language, 'home.bannersLabel') }).getByRole('group');
  await expect(slides).toHaveCount(banners.length);
  for (const [index, banner] of banners.entries()) {
    // docs/product.md#home: the Tamil text on a Tamil page, the English where there is none.
    const words = [(language === 'ta' && banner.headlineTa) || banner.headline, (language === 'ta' && banner.lineTa) || banner.line].filter(
      Boolean,
    );
    const link = slides.nth(index).getByRole('link');
    await expect(link).toHaveText(words.join(''));
    // Every word shows: no line cut off by its line limit, none outside the picture.
    const cut = await link.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return Array.from(element.querySelectorAll('p'))
        .filter((p) => {
          const own = p.getBoundingClientRect();
          return p.scrollHeight > p.clientHeight + 1 || own.bottom > box.bottom + 1 || own.top < box.top - 1 || own.right > box.right + 1;
        })
        .map((p) => p.textContent);
    });
    expect(cut, `banner ${index + 1} in ${language}`).toEqual([]);
  }
}

/**
 * Gives `page`'s new shopper (through the API) the longest-named product in her wishlist and
 * cart, an address, an order of two and a cancelled order beside it (docs/product.md#cancellations-kept:
 * its mark, reason and time, and the list's filter); returns the product and the order's number.
 */
async function shopperWithOrders(page: Page, language: Language): Promise<{ product: ApiProduct; orderId: string }> {
  await signUpShopper(page, language === 'ta' ? 'மீனாட்சி சுந்தரம்' : 'Meenakshi Sundaram');
  const product = await longestNamedProduct(page.request, language);
  expect((await page.request.post('/api/wishlist', { data: { productId: product._id } })).ok()).toBe(true);
  const address = await page.request.post('/api/auth/address', {
    data: {
      name: 'Meenakshi Sundaram',
      phoneNumber: '9123456780',
      doorNumber: '12/4A',
      street: 'Mahalingapuram Main Road',
      pinCode: '642002',
    },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const order = await page.request.post('/api/orders', {
    data: { items: [{ productId: product._id, quantity: 2 }], totalAmt: product.price * 2 },
  });
  expect(order.status(), await order.text()).toBe(201);
  const toCancel = await page.request.post('/api/orders', {
    data: { items: [{ productId: product._id, quantity: 1 }], totalAmt: product.price },
  });
  expect(toCancel.status(), await toCancel.text()).toBe(201);
  const cancelled = await page.request.post('/api/orders/cancel', {
    data: {
      orderId: ((await toCancel.json()) as { order: { orderId: string } }).order.orderId,
      reason:
        language === 'ta' ? 'விழாவின் தேதி மாறிவிட்டது, பிறகு மீண்டும் ஆர்டர் செய்கிறேன்' : 'The function date moved; I will order again later',
    },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  expect((await page.request.post('/api/cart', { data: { productId: product._id } })).ok()).toBe(true);
  return { product, orderId: ((await order.json()) as { order: { orderId: string } }).order.orderId };
}

/** A shopper's pages: wishlist, My Orders, the order's confirmation, measurements, cart, and the checkout walked through. */
async function shopperPages(page: Page, language: Language): Promise<void> {
  const { product, orderId } = await shopperWithOrders(page, language);
  const next = numbering(40);
  await page.goto('/wishlist');
  await check(page, language, next(), 'wishlist');
  await page.goto('/myOrders');
  // An order shows the name it was sold under in the page's language (docs/product.md#languages).
  await expect(page.getByRole('main').getByText(shownName(product, language)).first()).toBeVisible();
  await expect(page.getByTestId('order-cancellation')).toBeVisible();
  await check(page, language, next(), 'my-orders');
  // The confirmation screen of the order just placed (docs/product.md#order-confirmation).
  await page.goto(`/order-placed/${orderId}`);
  await expect(page.getByTestId('placed-order-number')).toHaveText(orderId);
  await expect(page.getByTestId('placed-amount')).toBeVisible();
  await check(page, language, next(), 'order-placed');
  // The measurement profiles, with one profile's form open (its longest labels and hints).
  const profile = await page.request.post('/api/measurements', { data: { name: 'Meenakshi Sundaram', measurements: { bust: 864 } } });
  expect(profile.status(), await profile.text()).toBe(201);
  await page.goto('/measurements');
  await page.getByRole('main').getByRole('listitem').getByRole('button').first().click();
  await expect(page.getByRole('main').locator('form')).toBeVisible();
  await check(page, language, next(), 'measurements');
  await page.goto('/cartpage');
  await expect(page.getByRole('main').getByText(shownName(product, language)).first()).toBeVisible();
  await check(page, language, next(), 'cart');

  // Checkout as a shopper with an address walks it: Continue to her address, Edit My
  // Address (the service-area question, then the form), save, review.
  await page.getByRole('button', { name: say(language, 'cart.continue') }).click();
  await expect(page).toHaveURL(/\/confirm\/address$/);
  await check(page, language, next(), 'confirm-address');
  await page.getByRole('link', { name: say(language, 'address.edit') }).click();
  await expect(page).toHaveURL(/\/address$/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, language, next(), 'address-question');
  await page.getByRole('button', { name: say(language, 'checkout.serviceArea.yes') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await check(page, language, next(), 'address');
  await page.getByRole('button', { name: say(language, 'checkout.address.save') }).click();
  await expect(page).toHaveURL(/\/confirm\/address$/);
  await page.getByRole('link', { name: say(language, 'address.confirm') }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByRole('main').getByText(shownName(product, language)).first()).toBeVisible();
  await expect(page.getByTestId('checkout-bar')).toBeVisible();
  await check(page, language, next(), 'place-order');
  // Place Order's other steps (docs/product.md#place-order): the visit, then the review.
  await page.getByRole('button', { name: say(language, 'tailoring.steps.nextVisit') }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(say(language, 'tailoring.steps.names.visit')) })).toBeFocused();
  await expect(page.locator('input[name="visit-mode"]').first()).toBeVisible();
  await check(page, language, next(), 'place-order-visit');
  await page.getByRole('button', { name: say(language, 'tailoring.steps.nextReview') }).click();
  await expect(page.getByTestId('order-review-total')).toBeVisible();
  await check(page, language, next(), 'place-order-review');
}

/** The admin's Home visits tab (the day's visits) with a shopper's visit, and its order sheet, in a second browser context at the page's size. */
async function visitsTab(page: Page, browser: Browser, baseURL: string, language: Language): Promise<void> {
  await signUpShopper(page, language === 'ta' ? 'கவிதா ராஜேந்திரன்' : 'Kavitha Rajendran');
  const address = await page.request.post('/api/auth/address', {
    data: {
      name: 'Kavitha Rajendran',
      phoneNumber: '9843077777',
      doorNumber: '7',
      street: 'Palghat Road',
      landmark: 'Opposite the bus stand',
      pinCode: '642001',
    },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const product = await longestNamedProduct(page.request, language);
  const days = (await (await page.request.get('/api/visit-slots')).json()) as {
    days: { date: string; slots: { id: string; status: string }[] }[];
  };
  const day = days.days.find((one) => one.slots.some((slot) => slot.status === 'open'))!;
  const slotId = day.slots.find((one) => one.status === 'open')!.id;
  const placed = await page.request.post('/api/orders', {
    data: { items: [{ productId: product._id, quantity: 1 }], totalAmt: product.price, visit: { date: day.date, slotId } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const admin = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await admin.context().addCookies([{ name: 'lang', value: language, url: baseURL }]);
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  await admin.goto('/admin-only?tab=dayVisits');
  await admin.getByTestId('day-visits-date').fill(day.date);
  await expect(admin.getByTestId('day-visit').first()).toBeVisible();
  await check(admin, language, 90, 'admin-day-visits');
  await admin.getByTestId('visit-sheet-toggle').first().click();
  await expect(admin.getByTestId('order-sheet')).toBeVisible();
  await check(admin, language, 91, 'admin-order-sheet');
  await admin.context().close();
}

/**
 * Fails unless the dashboard's tabs sit on one line (docs/product.md#admin-dashboard: a strip that
 * scrolls sideways on a phone, not rows of tabs) and `tab` is whole inside the strip's view.
 */
async function expectTabStrip(page: Page, tab: Locator, what: string): Promise<void> {
  const strip = page.getByRole('tablist');
  const lines = await strip
    .getByRole('tab')
    .evaluateAll((all) => new Set(all.map((one) => Math.round(one.getBoundingClientRect().top))).size);
  expect(lines, `${what}: the tabs take one line`).toBe(1);
  // Polled: the strip scrolls smoothly to the open tab.
  await expect
    .poll(
      async () => {
        const [box, shown] = await Promise.all([tab.boundingBox(), strip.boundingBox()]);
        return !!box && !!shown && box.x >= shown.x - 1 && box.x + box.width <= shown.x + shown.width + 1;
      },
      { message: `${what}: the open tab is scrolled into view` },
    )
    .toBe(true);
}

/**
 * Every tab of the admin dashboard at the page's size (with a customer's order, so Today lists it
 * to call and OrderStatus shows its card), Today first, where the dashboard opens, each on one line of tabs with the open one in view; the keyboard's End and
 * Home; and the product editor opened from the Products tab's first card.
 */
async function adminTabs(page: Page, language: Language): Promise<void> {
  await shopperWithOrders(page, language);
  const signin = await signInAdmin(page.request);
  expect(signin.status(), await signin.text()).toBe(200);
  await page.goto('/admin-only');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  const next = numbering(60);
  for (let tab = 0; tab < count; tab++) {
    await tabs.nth(tab).click();
    await expect(tabs.nth(tab)).toHaveAttribute('aria-selected', 'true');
    await expectTabStrip(page, tabs.nth(tab), `${language} admin tab ${tab + 1}`);
    // The tab's list loaded, so its picture shows what the owner sees, not `Please wait...`.
    await expect(page.getByRole('tabpanel').getByText(say(language, 'common.pleaseWait'))).toHaveCount(0);
    // Today, where the dashboard opens: its three sections, the shopper's new order among those to call.
    if (tab === 0) await expect(page.getByTestId('today-call-order').first()).toBeVisible();
    if (tab === 2) await expect(page.getByTestId('admin-product').first()).toBeVisible();
    if (tab === 4) await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
    await check(page, language, next(), `admin-tab-${tab + 1}`);
  }
  // From the keyboard: Home and End reach the first and last tabs, each scrolled into view.
  await tabs.nth(count - 1).focus();
  await page.keyboard.press('Home');
  await expect(tabs.first()).toBeFocused();
  await expectTabStrip(page, tabs.first(), `${language} admin, Home`);
  await page.keyboard.press('End');
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await expectTabStrip(page, tabs.last(), `${language} admin, End`);
  // The product editor (a dialog), opened from the Products tab's first card.
  await tabs.nth(2).click();
  await page.getByTestId('admin-product').first().getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, language, next(), 'admin-product-editor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The heights of every home tile, by section: all of a section's must be one (docs/product.md#home). */
async function tileHeights(page: Page): Promise<number[][]> {
  return page
    .locator('[data-section]')
    .evaluateAll((sections) =>
      sections.map((section) =>
        Array.from(section.querySelectorAll('li > a')).map((tile) => Math.round(tile.getBoundingClientRect().height)),
      ),
    );
}

/**
 * The new home (docs/product.md#home): How it works and Who is behind the shop (with a tailor's
 * photo the admin uploads for the test and removes after), the category tiles each of one height,
 * and a category's Sort & filter button and its dialog (docs/product.md#category-listing), at
 * 360 px with nothing past the right edge.
 */
async function homeStory(page: Page, browser: Browser, baseURL: string, language: Language): Promise<void> {
  const admin = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  const signin = await signInAdmin(admin.request);
  expect(signin.status(), await signin.text()).toBe(200);
  const portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#9f1239' } })
    .jpeg()
    .toBuffer();
  const upload = await admin.request.put(`${baseURL}/api/tailor-photo`, {
    multipart: { image: { name: 'tailor.jpg', mimeType: 'image/jpeg', buffer: portrait } },
    headers: { origin: baseURL },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  try {
    await page.goto('/');
    const steps = page.getByRole('region', { name: say(language, 'home.howItWorks.title') }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    const trust = page.getByRole('region', { name: say(language, 'home.trust.title') });
    await trust.scrollIntoViewIfNeeded();
    await expect(trust.getByRole('img')).toBeVisible();
    await expect(trust).toContainText('S. Meenakshi');
    const heights = await tileHeights(page);
    expect(heights.length, 'tile sections').toBe(5);
    for (const section of heights) expect(new Set(section).size, `tile heights ${section.join(', ')}`).toBe(1);
    await check(page, language, 31, 'home-how-it-works');

    await page.goto('/category/saree-blouse');
    await expect(page.getByRole('form', { name: say(language, 'list.label') })).toBeHidden();
    await page.getByRole('button', { name: say(language, 'list.openSheet') }).click();
    const sheet = page.getByRole('dialog', { name: say(language, 'list.sheetTitle') });
    await expect(sheet).toBeVisible();
    await check(page, language, 32, 'category-sort-sheet');
    await sheet.getByLabel(say(language, 'list.sortBy')).selectOption('price-asc');
    await sheet.getByRole('button', { name: say(language, 'list.apply') }).click();
    await expect(page).toHaveURL(/\/category\/saree-blouse\?sort=price-asc$/);
    await expect(sheet).toHaveCount(0);
  } finally {
    const removed = await admin.request.delete(`${baseURL}/api/tailor-photo`, { headers: { origin: baseURL } });
    expect(removed.status(), await removed.text()).toBe(200);
    await admin.context().close();
  }
}

test.describe.configure({ timeout: 300_000 });

for (const language of LANGUAGES) {
  test.describe(`every page at 360 px in ${language === 'en' ? 'English' : 'Tamil'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    });

    test('the open pages, a category and the longest-named product', async ({ page }) => openPages(page, language));

    test('the new home: how it works, who is behind the shop, tiles of one height; a category’s Sort & filter', async ({
      page,
      browser,
      baseURL,
    }) => homeStory(page, browser, baseURL!, language));

    test('the home banners’ headline and line, whole over each picture in the page’s language', async ({ page }) =>
      bannerWords(page, language));

    test('a shopper’s pages: cart, wishlist, checkout and My Orders', async ({ page }) => shopperPages(page, language));

    test('the Home visits tab with a visit and its order sheet', async ({ page, browser, baseURL }) =>
      visitsTab(page, browser, baseURL!, language));

    test('every tab of the admin dashboard', async ({ page }) => adminTabs(page, language));
  });
}
