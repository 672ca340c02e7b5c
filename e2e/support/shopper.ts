import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { oneTimeCodeIn, waitForMail } from './mail.js';

/** A shopper made for one test. */
export interface Shopper {
  username: string;
  email: string;
  password: string;
}

/**
 * Signs a new shopper up through the API and verifies the e-mail with the one-time code read
 * from the SMTP capture, in the page's own cookie jar: the page is signed in afterwards
 * (docs/product.md#sign-up: sign-up, code by mail, verify). The sign-up screens themselves are the
 * accounts journey's subject; shopping specs only need a signed-in shopper.
 */
export async function signUpShopper(page: Page, username = 'Meena'): Promise<Shopper> {
  const shopper = { username, email: `shopper-${randomUUID().slice(0, 8)}@example.test`, password: 'tailor-made-6' };
  const signup = await page.request.post('/api/auth/signup', {
    data: { username: shopper.username, email: shopper.email, password: shopper.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = oneTimeCodeIn(await waitForMail(shopper.email));
  const verify = await page.request.post('/api/auth/verify/otp', { data: { otp: code } });
  expect(verify.status(), await verify.text()).toBe(200);
  return shopper;
}
