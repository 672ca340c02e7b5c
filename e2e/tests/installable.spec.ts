import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.js';
import { expect, test } from '../support/test.js';

/**
 * The shop installs as an app and opens what she has seen without a connection
 * (docs/product.md#installing-the-shop, docs/decisions/022-installable-app.md): the service
 * worker installs and controls the page, a visited category page opens with the network off,
 * a page never visited gives the offline page in the page's language, Chromium finds nothing
 * that stops the install, the manifest says what a phone needs, and a new version waits for her
 * Reload, then takes over with one reload.
 */

test.use({ serviceWorkers: 'allow' });

const CATEGORY = { path: '/category/palazzo-pant', heading: 'Palazzo Pant' };

/** Resolves once a service worker controls `page` (the worker's `clientsClaim` on a first install). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        else navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      }),
  );
}

/** Whether the worker's page cache holds `path` (in any language or sign-in variant). */
function pageKept(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const cache = await caches.open('thaiyal-pages-v1');
    return (await cache.keys()).some((request) => new URL(request.url).pathname === wanted);
  }, path);
}

test('the worker installs, a visited category page opens offline, an unvisited page is the offline page in her language', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlled(page);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(registration!).pathname).toBe('/sw.js');

  await page.goto(CATEGORY.path);
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY.heading })).toBeVisible();
  // Kept once the worker has written the page (stale-while-revalidate writes after answering).
  await expect.poll(() => pageKept(page, CATEGORY.path)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY.heading })).toBeVisible();
  await expect(page.getByRole('link', { name: /Palazzo/ }).first()).toBeVisible();

  // A page she never opened: the offline page, English first.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'What still works' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  // The page's own words in the other language below.
  await expect(page.getByRole('heading', { level: 2, name: 'இணைய இணைப்பு இல்லை' })).toBeVisible();

  // Never kept, even once visited: the sign-in page.
  await context.setOffline(false);
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  expect(await pageKept(page, '/signin')).toBe(false);

  // She reads Tamil (the language cookie): the offline page is Tamil first.
  await context.addCookies([{ name: 'lang', value: 'ta', url: page.url() }]);
  await context.setOffline(true);
  await page.goto('/our/story');
  await expect(page.getByRole('heading', { level: 1, name: 'இணைய இணைப்பு இல்லை' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('link', { name: 'மீண்டும் முயலவும்' })).toBeVisible();
  await context.setOffline(false);
});

test('Chromium finds nothing that stops the install (Page.getInstallabilityErrors)', async ({ playwright, baseURL }, testInfo) => {
  // A profile of its own: Chromium installs nothing from an incognito context, which every
  // other test's context is (`in-incognito` would be the only error).
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
  } finally {
    await context.close();
  }
});

test('the manifest names the app in the page language, with 192 and 512 px icons, also maskable', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest?lang=en');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7a1f3d');

  const english = await (await request.get('/manifest.webmanifest?lang=en')).json();
  expect(english).toMatchObject({
    name: 'Thaiyal – tailoring in Pollachi',
    short_name: 'Thaiyal',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  const tamil = await (await request.get('/manifest.webmanifest?lang=ta')).json();
  expect(tamil).toMatchObject({ id: english.id, short_name: 'தையல்', lang: 'ta', theme_color: '#7a1f3d', background_color: '#fffbeb' });

  const icons = english.icons as Array<{ src: string; sizes: string; purpose: string }>;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    // The PNG header's width and height (IHDR) are what the manifest says.
    const body = await png.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
});

/** The built worker the shop serves, with the `.br` and `.gz` the server sends as they are (web/vite.config.ts). */
const WORKER_FILES = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => fileURLToPath(new URL(`../../web/dist/${name}`, import.meta.url)));

/** The line {@link deployNewWorker} adds to the built worker. */
const NEW_VERSION_MARK = '\n// e2e: a new version\n';

/**
 * Serves a new version of the worker until the returned function puts the built one back: the
 * same script with one line more, so the browser finds it byte-different (a deploy of a new build).
 * The built script is read without any line an earlier, interrupted run may have left, so what is
 * put back is always the build's own. It changes a file the shop serves, so this spec runs in a
 * project of its own, beside no other page with a worker (playwright.config.ts).
 */
function deployNewWorker(): () => void {
  const kept = WORKER_FILES.map((path) => {
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  });
  const built = Buffer.from(kept[0]!.toString('utf8').split(NEW_VERSION_MARK)[0]!);
  const script = Buffer.concat([built, Buffer.from(NEW_VERSION_MARK)]);
  const [plain, brotli, gzip] = WORKER_FILES;
  writeFileSync(plain!, script);
  if (kept[1]) writeFileSync(brotli!, brotliCompressSync(script));
  if (kept[2]) writeFileSync(gzip!, gzipSync(script));
  return () => {
    writeFileSync(plain!, built);
    if (kept[1]) writeFileSync(brotli!, brotliCompressSync(built));
    if (kept[2]) writeFileSync(gzip!, gzipSync(built));
  };
}

test('a new version waits for her Reload, then takes over with one reload', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  // Marks this page: a reload forgets it.
  await page.evaluate(() => Object.assign(window, { e2eBeforeUpdate: true }));

  const restore = deployNewWorker();
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const notice = page.getByRole('status').filter({ hasText: 'A new version of Thaiyal is ready' });
    await expect(notice).toBeVisible();
    // Nothing reloads under her while the new version waits.
    expect(await page.evaluate(() => 'e2eBeforeUpdate' in window)).toBe(true);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);

    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForLoadState('load');
    // The page runs again under the new worker, which is the only one: nothing waits, and the page has no old state.
    expect(await page.evaluate(() => 'e2eBeforeUpdate' in window)).toBe(false);
    const versions = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return {
        waiting: Boolean(registration.waiting),
        active: registration.active?.state,
        controlled: Boolean(navigator.serviceWorker.controller),
      };
    });
    expect(versions).toEqual({ waiting: false, active: 'activated', controlled: true });
  } finally {
    restore();
  }
});
