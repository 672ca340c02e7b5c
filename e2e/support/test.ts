import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test` with the checks every journey wants: an uncaught exception in the page
 * fails the test (a console error does not: a 404 a test asks for logs one).
 */
export const test = base.extend<{ pageErrors: Error[] }>({
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
});

export { expect };
