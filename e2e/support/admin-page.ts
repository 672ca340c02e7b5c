import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin.js';

/**
 * Signs {@link E2E_ADMIN} in through the API (`POST /api/auth/signin`) in `request`'s cookie jar,
 * from an address of its own in TEST-NET-2 (198.51.100.0/24, never routed) sent as
 * X-Forwarded-For to the e2e shop, which trusts it as behind a proxy (playwright.config.ts). So
 * the sign-ins per address (docs/security.md, 30 in 15 minutes) count the journeys through the
 * sign-in screen only, as for the shoppers of support/shopper.ts, however many specs need the owner.
 * @returns the sign-in's answer (200 when it worked).
 */
export function signInAdmin(request: APIRequestContext): Promise<APIResponse> {
  return request.post('/api/auth/signin', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` },
  });
}

/** A new browser context signed in as the shop's admin ({@link signInAdmin}), and its page. */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signin = await signInAdmin(page.request);
  expect(signin.status(), await signin.text()).toBe(200);
  return page;
}
