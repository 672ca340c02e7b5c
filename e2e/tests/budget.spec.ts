import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';
import { expect, test } from '../support/test.js';

/**
 * The home route's JS budget (docs/decisions/013-first-load.md): everything the browser downloads as
 * JavaScript to show `/` on a first visit (the entry, its modulepreloads and every lazy chunk
 * the home page fetches at once), summed as gzip level 9 sizes: at most 150 KiB, React and react-dom
 * included (docs/decisions/018-react-rendered-on-the-server.md).
 */
export const HOME_JS_BUDGET_GZIP_BYTES = 150 * 1024;

/** The home route's CSS budget (docs/decisions/013-first-load.md): at most 20 KiB gzip. */
export const HOME_CSS_BUDGET_GZIP_BYTES = 20 * 1024;

/** Where a visitor ends up: the home page, or the sign-in page the guarded pages send them to. */
const HOME_HEADING = { level: 2, name: 'Featured Products' };
const SIGNIN_HEADING = { level: 1, name: 'Welcome Back!' };

/** An i18next key as a string literal in minified code (quotes of any kind). */
function titleKey(key: string): RegExp {
  return new RegExp(`[\`'"]${key.replace(/\./g, '\\.')}[\`'"]`);
}

/**
 * Pages whose code must stay out of the home page's load (docs/decisions/013-first-load.md: admin, checkout and the
 * rest in their own chunks), each known by a string only its page's code holds: the i18next key
 * of its title (`t('admin.title')`; the strings themselves are nested objects, so the dotted key
 * appears only where a component asks for it). Opening the page in a fresh browser must fetch
 * a chunk holding it (the guarded ones send the browser on, but after their code has come), and
 * no file of the home page's load may hold it.
 */
const SPLIT_PAGES = [
  { name: 'admin', path: '/admin-only', marker: titleKey('admin.title'), landing: HOME_HEADING },
  { name: 'checkout', path: '/address', marker: titleKey('address.title'), landing: SIGNIN_HEADING },
  { name: 'account', path: '/signin', marker: titleKey('auth.signIn'), landing: SIGNIN_HEADING },
  { name: 'my orders', path: '/myOrders', marker: titleKey('orders.title'), landing: SIGNIN_HEADING },
];

/** Chunks named after a library that only forms need; never on the home page. */
const NEVER_ON_HOME = [/\bzod\b/i, /confetti/i];

interface LoadedFile {
  kind: 'js' | 'css';
  /** The URL's path, e.g. `/assets/index-1a2b3c.js`. */
  name: string;
  /** gzip level 9 of the body as sent uncompressed: the same measure whatever encoding the server used. */
  gzipBytes: number;
  /** The body as text. */
  text: string;
}

function kindOf(response: Response): 'js' | 'css' | undefined {
  const type = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (type.includes('javascript') || path.endsWith('.js') || path.endsWith('.mjs')) return 'js';
  if (type.includes('text/css') || path.endsWith('.css')) return 'css';
  return undefined;
}

/** Records every JS and CSS file `page` loads, with its gzip size, until `collect` is called. */
function recordFiles(page: Page): () => Promise<LoadedFile[]> {
  const bodies: Array<Promise<LoadedFile>> = [];
  page.on('response', (response) => {
    const kind = kindOf(response);
    if (!kind || response.status() !== 200) return;
    const name = new URL(response.url()).pathname;
    // Playwright hands back the decoded body, whatever content-encoding the server used.
    // A body the browser no longer has fails the test rather than leaving the file uncounted.
    bodies.push(
      response.body().then((body) => ({ kind, name, gzipBytes: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') })),
    );
  });
  return () => Promise.all(bodies);
}

function total(files: LoadedFile[], kind: 'js' | 'css'): number {
  return files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzipBytes, 0);
}

function table(files: LoadedFile[]): string {
  const rows = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const width = Math.max(5, ...rows.map((file) => file.name.length));
  const line = (kind: string, name: string, bytes: string) => `${kind.padEnd(4)} ${name.padEnd(width)} ${bytes.padStart(8)}`;
  return [
    line('kind', 'file', 'gzip B'),
    ...rows.map((file) => line(file.kind, file.name, String(file.gzipBytes))),
    `${line('js', 'total', String(total(files, 'js')))}  (budget ${HOME_JS_BUDGET_GZIP_BYTES})`,
    `${line('css', 'total', String(total(files, 'css')))}  (budget ${HOME_CSS_BUDGET_GZIP_BYTES})`,
  ].join('\n');
}

/**
 * Starts watching `page`'s requests; the function it returns resolves once none is waiting for
 * its answer and none has started or been answered for `quietMs`. Playwright's own
 * 'networkidle' waits for every body to be read to its end, and Chromium 150 never reports the
 * end of the refresh-token call's 403 answer that the signed-in hint below provokes, so that
 * wait never ended. A request counts as done when its answer's headers arrive or it fails.
 */
function watchNetwork(page: Page, quietMs = 700, timeoutMs = 20_000): () => Promise<void> {
  const waiting = new Set<unknown>();
  let lastChange = Date.now();
  const settle = (request: unknown) => {
    waiting.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    waiting.add(request);
    lastChange = Date.now();
  });
  page.on('response', (response) => settle(response.request()));
  page.on('requestfailed', settle);
  return () =>
    expect
      .poll(() => waiting.size === 0 && Date.now() - lastChange >= quietMs, { timeout: timeoutMs, message: 'the network to go quiet' })
      .toBe(true);
}

/**
 * The JS files a first visit to `path` loads, in a browser context of its own (empty cache),
 * until the page it lands on shows `landing` and the network is idle.
 */
async function scriptsOf(browser: Browser, baseURL: string, path: string, landing: { level: number; name: string }): Promise<LoadedFile[]> {
  const context = await browser.newContext({ baseURL });
  try {
    // A browser that says it is signed in (the session hint, with no session behind it): the
    // server renders the guarded page and preloads its code rather than redirecting a visitor
    // at once; the auth check then finds no session and the page sends her on.
    await context.addCookies([{ name: 'signed_in', value: '1', url: baseURL }]);
    const page = await context.newPage();
    const collect = recordFiles(page);
    const networkQuiet = watchNetwork(page);
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { ...landing, exact: true })).toBeVisible();
    await networkQuiet();
    return (await collect()).filter((file) => file.kind === 'js');
  } finally {
    await context.close();
  }
}

test('the home route stays within its JS and CSS budgets, with admin, checkout and account split off (docs/decisions/013-first-load.md)', async ({
  page,
  browser,
  baseURL,
}) => {
  // Playwright's fresh browser context: an empty cache, so every file of the first visit is fetched.
  const collect = recordFiles(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  // The home page's content is on screen (its rows of products are the last to arrive), and
  // whatever it fetched on the way has finished.
  await expect(page.getByRole('main').getByRole('heading', { ...HOME_HEADING, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const files = await collect();
  const report = table(files);
  console.log(`Home route, first visit (gzip -9 of each body):\n${report}`);
  await test.info().attach('home-budget.txt', { body: report, contentType: 'text/plain' });

  expect(total(files, 'js'), 'the home page loads JavaScript').toBeGreaterThan(0);
  expect(total(files, 'css'), 'the home page loads CSS').toBeGreaterThan(0);
  const homeScripts = files.filter((file) => file.kind === 'js');
  const unwanted = homeScripts
    .map((file) => file.name)
    .filter((name) => NEVER_ON_HOME.some((pattern) => pattern.test(name.split('/').pop() ?? '')));
  expect(unwanted, 'chunks of form-only libraries loaded on /').toEqual([]);
  for (const split of SPLIT_PAGES) {
    const holders = homeScripts.filter((file) => split.marker.test(file.text)).map((file) => file.name);
    expect(holders, `${split.name} page code (${split.marker}) in the home page's load`).toEqual([]);
  }

  expect(total(files, 'js'), `home JS gzip bytes (budget ${HOME_JS_BUDGET_GZIP_BYTES})\n${report}`).toBeLessThanOrEqual(
    HOME_JS_BUDGET_GZIP_BYTES,
  );
  expect(total(files, 'css'), `home CSS gzip bytes (budget ${HOME_CSS_BUDGET_GZIP_BYTES})\n${report}`).toBeLessThanOrEqual(
    HOME_CSS_BUDGET_GZIP_BYTES,
  );

  // Each split page's code is real and found where the page is opened: a renamed title key
  // would otherwise let the check above pass on nothing.
  for (const split of SPLIT_PAGES) {
    const scripts = await scriptsOf(browser, baseURL!, split.path, split.landing);
    const holders = scripts.filter((file) => split.marker.test(file.text)).map((file) => file.name);
    console.log(`${split.path} (${split.name}): its page code is in ${holders.join(', ')}`);
    expect(holders.length, `a chunk of ${split.path} holds ${split.marker}`).toBeGreaterThan(0);
  }
});
