import type { Browser, Page } from '@playwright/test';
import { signInAdmin } from '../support/admin-page.js';
import { signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * Home visits, the service area and measurement profiles (docs/product.md#home-visit-slot,
 * docs/product.md#service-area, docs/product.md#measurement-profiles, docs/product.md#admin-dashboard):
 * the admin closes a day and changes a slot's capacity in the dashboard and a shopper's browser
 * sees both at once; a shopper keeps a measurement profile on its page; the product page's
 * pin-code check says yes inside the area and sorry outside it, where the shopper asks to be
 * told, and the admin's Service area tab counts her request.
 *
 * Runs in the `admin` project (after the shoppers' journeys: it changes the shop's visit
 * settings, and puts them back at the end).
 */

const STAMP = Date.now().toString(36);

interface VisitDay {
  date: string;
  closed: boolean;
  closedNote: string;
  slots: Array<{ id: string; capacity: number; available: number; status: string }>;
}

async function signInAsAdmin(page: Page): Promise<void> {
  const signin = await signInAdmin(page.request);
  expect(signin.status(), await signin.text()).toBe(200);
}

/** `GET /api/visit-slots` as a shopper's browser asks it (the checkout's slot picker reads this). */
async function visitDaysInBrowser(page: Page, from: string, days: number): Promise<VisitDay[]> {
  return page.evaluate(
    async ({ from, days }) => {
      const response = await fetch(`/api/visit-slots?from=${from}&days=${days}`, { credentials: 'include' });
      return ((await response.json()) as { days: VisitDay[] }).days;
    },
    { from, days },
  );
}

async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

test.describe.configure({ mode: 'serial' });

test('the admin closes a festival day and changes a slot’s capacity; a shopper’s browser sees both at once', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const before = await page.request.get('/api/admin/visit-slots');
  expect(before.ok()).toBe(true);
  const original = (await before.json()) as { slots: Array<{ id: string; capacity: number }>; closedDates: Array<{ date: string }> };

  const shopper = await shopperPage(browser);
  const today = (await (await shopper.request.get('/api/visit-slots?days=14')).json()) as { today: string; days: VisitDay[] };
  // Two open days after today: one to close, one to read the new capacity on.
  const open = today.days.filter((day) => !day.closed && day.date !== today.today);
  const [toClose, toRead] = [open[0]!, open[1]!];
  const newCapacity = original.slots[0]!.capacity + 4;

  try {
    await page.goto('/admin-only?tab=visits');
    const firstSlot = page.getByRole('listitem', { name: 'Slot 1' });
    await firstSlot.getByLabel('Visits').fill(String(newCapacity));
    await page.getByLabel('Date', { exact: true }).fill(toClose.date);
    await page.getByLabel('Note').fill(`Pongal ${STAMP}`);
    await page.getByRole('button', { name: 'Close this date' }).click();
    await expect(page.getByText(`Pongal ${STAMP}`)).toBeVisible();
    await page.getByRole('button', { name: 'Save home visits' }).click();
    await expect(page.getByText('Home visits saved')).toBeVisible();

    // The shopper's browser asks again and gets the change at once (no cache in between).
    const [closedDay] = await visitDaysInBrowser(shopper, toClose.date, 1);
    expect(closedDay).toMatchObject({ date: toClose.date, closed: true, closedNote: `Pongal ${STAMP}` });
    expect(closedDay!.slots.every((slot) => slot.status === 'closed' && slot.available === 0)).toBe(true);
    const [openDay] = await visitDaysInBrowser(shopper, toRead.date, 1);
    const slot = openDay!.slots.find((candidate) => candidate.id === original.slots[0]!.id)!;
    expect(slot.capacity).toBe(newCapacity);
    expect(openDay!.closed).toBe(false);

    // The dashboard shows what was saved after a reload.
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Slot 1' }).getByLabel('Visits')).toHaveValue(String(newCapacity));
    await expect(page.getByText(`Pongal ${STAMP}`)).toBeVisible();
  } finally {
    const restored = await page.request.put('/api/admin/visit-slots', { data: original });
    expect(restored.ok(), await restored.text()).toBe(true);
    await shopper.context().close();
  }
});

test('a shopper keeps a measurement profile, typed in inches and centimetres, and finds it from the menu', async ({ page }) => {
  await signUpShopper(page, 'Lakshmi');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'My measurements' }).click();
  await expect(page).toHaveURL(/\/measurements$/);
  await expect(page.getByRole('heading', { name: 'My measurements', level: 1 })).toBeVisible();
  await expect(page.getByText('No measurement profiles yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a profile' }).click();
  await page.getByLabel('Profile name', { exact: true }).fill('Priya, 8 years');
  await page.getByLabel('Bust (in)', { exact: true }).fill('24');
  await page.getByRole('button', { name: 'Centimetres' }).click();
  await expect(page.getByLabel('Bust (cm)', { exact: true })).toHaveValue('61');
  await page.getByLabel('Hip / seat (cm)', { exact: true }).fill('66.5');
  // A value out of range is refused in the browser with the server's message.
  await page.getByLabel('Knee (cm)', { exact: true }).fill('300');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Knee must be between 18 and 70 cm (7.1 to 27.6 inches).')).toBeVisible();
  await page.getByLabel('Knee (cm)', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();

  const list = page.getByRole('list', { name: 'Measurement profiles' });
  await expect(list.getByText('Priya, 8 years')).toBeVisible();
  await expect(list.getByText('2 measurements')).toBeVisible();
  const stored = (await (await page.request.get('/api/measurements')).json()) as {
    profiles: Array<{ name: string; measurements: object }>;
  };
  expect(stored.profiles).toEqual([expect.objectContaining({ name: 'Priya, 8 years', measurements: { bust: 610, hip: 665 } })]);

  // It is still there on a fresh load of the page.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Measurement profiles' }).getByText('Priya, 8 years')).toBeVisible();
});

test('the product page’s pin check says yes for 642001 and sorry for 600001, whose "tell me" the admin counts', async ({
  page,
  browser,
}) => {
  const products = (await (await page.request.get('/api/product')).json()) as { products: Array<{ _id: string; category: string }> };
  const product = products.products[0]!;
  const shopper = await shopperPage(browser);
  await shopper.goto(`/view/${product._id}/${product.category}`);
  await shopper.getByRole('button', { name: 'Do we visit your area?' }).click();
  await shopper.getByLabel('Your pin code').fill('642001');
  await shopper.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(shopper.getByText('Yes, we visit Pollachi (642001).')).toBeVisible();

  await shopper.getByLabel('Your pin code').fill('600001');
  await shopper.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(shopper.getByText('Sorry, we do not visit 600001 yet.')).toBeVisible();
  await expect(shopper.getByRole('link', { name: /Chat with us on WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await expect(shopper.getByLabel('Pin code', { exact: true })).toHaveValue('600001');
  await shopper.getByLabel('Phone number or e-mail').fill(`chennai-${STAMP}@example.test`);
  await shopper.getByRole('button', { name: 'Tell me' }).click();
  await expect(shopper.getByText('Thank you. We will let you know when our tailor starts visiting your area.')).toBeVisible();
  await shopper.context().close();

  await signInAsAdmin(page);
  await page.goto('/admin-only?tab=serviceArea');
  await expect(page.getByRole('listitem', { name: 'Pin code 1' }).getByLabel('Pin code')).toHaveValue('642001');
  const requests = page.getByRole('region', { name: 'Asked to be told when we come' });
  const row = requests.getByRole('listitem').filter({ hasText: '600001' });
  await expect(row).toContainText(/\d+ requests?/);
  await row.getByRole('button', { name: 'Show who asked' }).click();
  await expect(row.getByText(`chennai-${STAMP}@example.test`)).toBeVisible();
});
