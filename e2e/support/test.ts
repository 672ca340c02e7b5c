import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * What React logs when the browser's first render does not match the server's HTML (it then
 * throws the server's markup away and draws the page again): in its production build a
 * minified error pointing at react.dev/errors (418 text or element mismatch, 419, 421, 422,
 * 423 and 425 its hydration siblings), in development "Hydration failed" or "did not match".
 */
const HYDRATION_ERROR = /hydrat|did not match|react\.dev\/errors\/(?:418|419|421|422|423|425)\b/i;

/** A console message that reports a hydration error or warning. */
export function isHydrationError(message: Pick<ConsoleMessage, 'type' | 'text'>): boolean {
  return (message.type() === 'error' || message.type() === 'warning') && HYDRATION_ERROR.test(message.text());
}

/**
 * Playwright's `test` with the checks every journey wants: an uncaught exception in the page
 * fails the test, and so does any React hydration error or warning in the console, on every
 * page the journey opens (docs/architecture.md#rendering: the server's HTML and the browser's
 * first render must be the same). Other console errors do not fail it: a 404 a test asks for
 * logs one.
 */
export const test = base.extend<{ pageErrors: Error[]; hydrationErrors: string[] }>({
  // Every page opened by `goto` or `reload` is drawn by the server first; a journey acts on it
  // once React has hydrated it (<html data-hydrated>, web/src/lib/hydration.ts), as a shopper's
  // taps before then do nothing but follow links.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const hydrated = async <T>(response: T): Promise<T> => {
        if (response && (await page.evaluate(() => document.getElementById('root') !== null).catch(() => false))) {
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        }
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => hydrated(await goto(url, options));
      page.reload = async (options) => hydrated(await reload(options));
    }
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(
        errors.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
  hydrationErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (isHydrationError(message)) errors.push(`${page.url()}: ${message.text()}`);
        });
        // React reports a mismatch as an uncaught error (window.reportError) in its production build.
        page.on('pageerror', (error) => {
          if (HYDRATION_ERROR.test(error.message)) errors.push(`${page.url()}: ${error.message}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, 'React hydration errors in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
