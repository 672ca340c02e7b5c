import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { linkIn, listMails, oneTimeCodeIn, waitForMail } from '../support/mail.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Accounts (docs/product.md#sign-up, e2e): sign-up through the screens with the one-time code read
 * from the captured mail, the header's cut name, sign-out from the drawer, sign-in with
 * Remember Me (the e-mail pre-filled next time), forgot → mailed link → reset → sign-in with
 * the new password only, a customer kept out of /admin-only, and an unverified account led
 * to /otp when it signs in.
 */

/** localStorage key of the remembered e-mail (web/src/features/auth/components/signin-form.tsx). */
const REMEMBER_EMAIL_KEY = 'thaiyal.rememberEmail';

/** Server messages (contract/src/account.ts AUTH_MESSAGES). */
const BAD_CREDENTIALS = 'Invalid email or password';
const UNVERIFIED = 'Please verify your e-mail first. We have sent a code to your e-mail.';

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A toast (react-hot-toast's live region) with this text. */
function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** The name (or 'signin') the header shows. */
function headerText(page: Page, text: string): Locator {
  return page.getByRole('banner').getByText(text, { exact: true });
}

/** Signs out through the drawer's Logout button; the header then offers 'signin'. */
async function signOutFromDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('button', { name: 'Logout' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'signin', exact: true })).toBeVisible();
}

/** Fills and submits the sign-in screen (already open). */
async function signIn(page: Page, email: string, password: string, remember: boolean): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Remember Me').setChecked(remember);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Types the code on /otp and verifies it: the shopper is welcomed and goes home. */
async function verifyCode(page: Page, code: string, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toast(page, `Welcome ${username}`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test('a shopper signs up with the mailed code, signs out and signs in with Remember Me', async ({ page }) => {
  test.setTimeout(90_000);
  const shopper = { username: 'Lakshmipriya', email: uniqueEmail('lakshmi'), password: 'silk-and-cotton' };

  // Sign up on the screens: /signup → /otp, the code arrives by mail.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Username').fill(shopper.username);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  // Sign-up does not sign in (docs/product.md#states-and-transitions): the header still offers 'signin'.
  await expect(headerText(page, 'signin')).toBeVisible();

  const mail = await waitForMail(shopper.email);
  await verifyCode(page, oneTimeCodeIn(mail), shopper.username);

  // Signed in: the header shows the name cut to 6 characters plus '..'.
  await expect(headerText(page, 'Lakshm..')).toBeVisible();
  await expect(headerText(page, 'signin')).toHaveCount(0);
  await expect(headerText(page, shopper.username)).toHaveCount(0);
  // The session survives a reload (cookies, not only the client's memory).
  await page.reload();
  await expect(headerText(page, 'Lakshm..')).toBeVisible();

  // Sign out from the drawer.
  await signOutFromDrawer(page);

  // Sign in with Remember Me ticked → home, signed in, the e-mail kept.
  await page.getByRole('banner').getByRole('link', { name: 'signin', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await signIn(page, shopper.email, shopper.password, true);
  await expect(page).toHaveURL(/\/$/);
  await expect(headerText(page, 'Lakshm..')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), REMEMBER_EMAIL_KEY)).toBe(shopper.email);

  // Signed out again, the sign-in screen has the e-mail filled in and Remember Me ticked.
  await signOutFromDrawer(page);
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Remember Me')).toBeChecked();

  // Signing in with Remember Me unticked forgets the e-mail.
  await signIn(page, shopper.email, shopper.password, false);
  await expect(page).toHaveURL(/\/$/);
  await expect(headerText(page, 'Lakshm..')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), REMEMBER_EMAIL_KEY)).toBeNull();
  await signOutFromDrawer(page);
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toHaveValue('');
});

test('a shopper resets a forgotten password through the mailed link', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const shopper = await signUpShopper(page, 'Kavitha');
  await context.clearCookies();
  const newPassword = 'new-thread-77';

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  const lastMailId = (await listMails(shopper.email)).at(-1)?.id ?? 0;
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('check your email for reset link')).toBeVisible();

  // The mail links to {PUBLIC_URL}/api/reset/{token}: a screen of the web app.
  const resetPrefix = `${baseURL}/api/reset/`;
  const mail = await waitForMail(shopper.email, { afterId: lastMailId, match: (m) => `${m.text}${m.html}`.includes(resetPrefix) });
  const link = linkIn(mail, resetPrefix);
  expect(link).toMatch(/\/api\/reset\/[^/?#]{16,}$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

  const newField = page.getByLabel('New password');
  const confirmField = page.getByLabel('Confirm password');
  const resetButton = page.getByRole('button', { name: 'Reset Password' });
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });

  await newField.fill(newPassword);
  await confirmField.fill(`${newPassword}x`);
  await resetButton.click();
  await expect(alert).toHaveText('Passwords do not match.');

  await newField.fill('abc12');
  await confirmField.fill('abc12');
  await resetButton.click();
  await expect(alert).toHaveText('Passwords must be at least 6 characters.');

  await newField.fill(newPassword);
  await confirmField.fill(newPassword);
  await resetButton.click();
  await expect(toast(page, 'Password reset successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  // The old password fails with the server's message; the new one signs in.
  await signIn(page, shopper.email, shopper.password, false);
  await expect(toast(page, BAD_CREDENTIALS)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(headerText(page, 'signin')).toBeVisible();

  await signIn(page, shopper.email, newPassword, false);
  await expect(page).toHaveURL(/\/$/);
  await expect(headerText(page, 'Kavith..')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await newField.fill('another-pass-9');
  await confirmField.fill('another-pass-9');
  await resetButton.click();
  await expect(alert).toHaveText('Error resetting password. Please try again.');
  await expect(page).toHaveURL(/\/api\/reset\//);
});

test('a customer opening /admin-only lands on /', async ({ page }) => {
  await signUpShopper(page, 'Anbu');
  await page.goto('/');
  // Signed in, a customer: the name shows and there is no Dashboard button.
  await expect(headerText(page, 'Anbu')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await page.goto('/admin-only');
  await expect(page).toHaveURL(/\/$/);
  await expect(headerText(page, 'Anbu')).toBeVisible();
});

test('an unverified account signing in is led to /otp and finishes there', async ({ page, context }) => {
  test.setTimeout(90_000);
  const shopper = { username: 'Selvi', email: uniqueEmail('unverified'), password: 'not-yet-6' };
  const signup = await page.request.post('/api/auth/signup', { data: shopper });
  expect(signup.status(), await signup.text()).toBe(201);
  const signupMail = await waitForMail(shopper.email);
  // Another browser, as it were: nothing of the sign-up (its otp_session cookie) is kept.
  await context.clearCookies();

  await page.goto('/signin');
  await signIn(page, shopper.email, shopper.password, false);
  await expect(toast(page, UNVERIFIED)).toBeVisible();
  await expect(page).toHaveURL(/\/otp$/);
  await expect(headerText(page, 'signin')).toBeVisible();

  // Sign-in mails a fresh code only outside the 60 s resend cooldown (auth.service.ts signin);
  // this sign-in is inside it, so the sign-up's code is still the one to type. The browser's
  // sign-in is what lets /otp verify it: its cookies were cleared above.
  const code = oneTimeCodeIn((await listMails(shopper.email)).at(-1) ?? signupMail);
  await verifyCode(page, code, shopper.username);
  await expect(headerText(page, 'Selvi')).toBeVisible();
});
