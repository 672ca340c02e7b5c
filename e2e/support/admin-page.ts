import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin.js';

/** A new browser context signed in as the shop's admin ({@link E2E_ADMIN}) through the API, and its page. */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signin = await page.request.post('/api/auth/signin', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signin.status(), await signin.text()).toBe(200);
  return page;
}
