import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAdmin } from '../support/admin-page.js';
import { firstProductOf, placeOrderThroughApi, putInCart, saveAddress, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * What a walk of the shop on a 360-px phone found, in English and in Tamil
 * (docs/product.md#languages, docs/product.md#screens): each check holds one thing a shopper saw
 * go wrong on the narrowest phone we serve. Runs in the `screens` project (360 × 740, touch).
 */

const LANGUAGES = ['en', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];

/** Reads one of the web app's translation files. */
function strings(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../web/src/i18n/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/** `into` with `from`'s keys laid over it, nested objects merged. */
function merged(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  const out = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const before = out[key];
    out[key] =
      typeof value === 'object' && value && typeof before === 'object' && before
        ? merged(before as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/**
 * The web app's own translations, so the checks find what a shopper reads: English is en.json
 * with the pages' own files (en-admin.json, …) over it, as web/src/i18n/english.ts loads them.
 */
const STRINGS: Record<Language, Record<string, unknown>> = {
  en: readdirSync(new URL('../../web/src/i18n/', import.meta.url))
    .filter((file) => /^en-.+\.json$/.test(file))
    .reduce((all, file) => merged(all, strings(file)), strings('en.json')),
  ta: strings('ta.json'),
};

/** A string of the web app by its key (`home.featured`) in `language`. */
function say(language: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], STRINGS[language]);
  if (typeof value !== 'string') throw new Error(`no string ${key} in ${language}`);
  return value;
}

/** Resolves after the browser has drawn two more frames: a snap or a layout the last change asked for is done. */
async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * A product row by its title, scrolled into view: where its strip starts, where its first card
 * starts and where the page's gutter (main's left padding) ends, in CSS pixels.
 */
async function rowStart(page: Page, title: string): Promise<{ scrollLeft: number; cardLeft: number; gutter: number }> {
  const row: Locator = page.getByRole('region', { name: title, exact: true });
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole('listitem').first()).toBeVisible();
  await framesDrawn(page);
  return row.getByRole('list').evaluate((list) => {
    const main = document.querySelector('main')!;
    return {
      scrollLeft: list.scrollLeft,
      cardLeft: list.firstElementChild!.getBoundingClientRect().left,
      gutter: main.getBoundingClientRect().left + parseFloat(getComputedStyle(main).paddingLeft),
    };
  });
}

/** The row's first card starts whole, at the page's gutter, with the strip unscrolled. */
async function expectRowStartsAtGutter(page: Page, title: string): Promise<void> {
  const start = await rowStart(page, title);
  expect(start.scrollLeft, `${title}: the strip starts unscrolled`).toBe(0);
  expect(Math.round(start.cardLeft), `${title}: the first card starts at the page's gutter`).toBe(Math.round(start.gutter));
}

/** Where the page and the Products tab's first card end against the screen, and where its delete button is, in CSS pixels. */
async function productsTabFit(page: Page) {
  const card = page.getByTestId('admin-product').first();
  await expect(card).toBeVisible();
  await framesDrawn(page);
  return card.evaluate((element) => {
    const buttons = element.querySelectorAll('button');
    const remove = buttons[buttons.length - 1]!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return {
      pageWidth: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
      tableWidth: element.scrollWidth,
      tableShown: element.clientWidth,
      deleteRight: remove.right,
      deleteLeft: remove.left,
      tableRight: box.right,
    };
  });
}

/**
 * Each select of the open dialog whose chosen option's text is wider than the select shows it
 * (measured in the select's own font, less its padding and the arrow's room): the cut ones' text.
 */
async function cutSelects(page: Page): Promise<string[]> {
  return page.getByRole('dialog').evaluate((dialog) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return Array.from(dialog.querySelectorAll('select'))
      .filter((select) => {
        const style = getComputedStyle(select);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.textContent ?? '';
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return context.measureText(text).width > room;
      })
      .map((select) => select.selectedOptions[0]?.textContent ?? '');
  });
}

/**
 * The order tracker's step labels (My Orders' first order) whose words do not sit whole on one
 * line, or which stick out of their step: each word is measured on its own (a Range over it has
 * one box per line it spans).
 */
async function brokenTrackerLabels(page: Page, language: Language): Promise<string[]> {
  const tracker = page.getByRole('list', { name: say(language, 'orders.trackerLabel'), exact: true }).first();
  await expect(tracker).toBeVisible();
  await framesDrawn(page);
  return tracker.evaluate((list) =>
    Array.from(list.children).flatMap((step) => {
      const label = step.querySelector(':scope > span:not([aria-hidden="true"]):not(.sr-only)')!;
      const text = label.firstChild!;
      const content = text.textContent ?? '';
      const box = step.getBoundingClientRect();
      const broken: string[] = [];
      let at = 0;
      for (const word of content.split(' ')) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        const lines = new Set(Array.from(range.getClientRects()).map((one) => Math.round(one.top)));
        const bounds = range.getBoundingClientRect();
        if (lines.size > 1 || bounds.left < box.left - 1 || bounds.right > box.right + 1) broken.push(word);
        at += word.length + 1;
      }
      return broken;
    }),
  );
}

/** Whether the box of `locator` lies wholly inside the screen and inside its dialog's shown part. */
async function wholeOnScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const dialog = element.closest('dialog')!.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    return (
      box.top >= Math.max(0, dialog.top) - 1 &&
      box.bottom <= Math.min(clientHeight, dialog.bottom) + 1 &&
      box.left >= 0 &&
      box.right <= clientWidth + 1
    );
  });
}

for (const language of LANGUAGES) {
  test.describe(`a phone walk at 360 px in ${language === 'en' ? 'English' : 'Tamil'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    });

    test('every product row starts with its first card whole at the page’s gutter', async ({ page }) => {
      await page.goto('/');
      await expectRowStartsAtGutter(page, say(language, 'home.featured'));
      await expectRowStartsAtGutter(page, say(language, 'home.forYou'));
      await signUpShopper(page);
      const product = await firstProductOf(page, 'saree-blouse');
      await page.goto(`/view/${product._id}/saree-blouse`);
      await expectRowStartsAtGutter(page, say(language, 'product.tailoredForYou'));
      await putInCart(page, product._id);
      await page.goto('/cartpage');
      await expectRowStartsAtGutter(page, say(language, 'cart.forYou'));
    });

    test('the admin’s Products tab fits the phone: the delete button on screen, categories named, selects whole', async ({ page }) => {
      const signin = await signInAdmin(page.request);
      expect(signin.status(), await signin.text()).toBe(200);
      await page.goto('/admin-only?tab=products');
      const fit = await productsTabFit(page);
      expect(fit.pageWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(fit.screen);
      expect(fit.tableWidth, 'the product card needs no sideways scroll').toBeLessThanOrEqual(fit.tableShown);
      expect(fit.deleteLeft, 'the delete button starts on screen').toBeGreaterThanOrEqual(0);
      expect(fit.deleteRight, 'the delete button ends inside the card and the screen').toBeLessThanOrEqual(
        Math.min(fit.tableRight, fit.screen),
      );
      // The product editor from the first card: its category select names each category in the page's language.
      await page.getByTestId('admin-product').first().getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const category = dialog.getByLabel(say(language, 'admin.product.category'), { exact: true });
      await expect(category.locator('option[value="saree-blouse"]')).toHaveText(say(language, 'categories.saree-blouse'));
      await expect(category.locator('option[value="party-wear-chudithar"]')).toHaveText(say(language, 'categories.party-wear-chudithar'));
      expect(await cutSelects(page), 'selects whose chosen option is cut').toEqual([]);
      // Either choice of what the price pays for shows whole.
      await dialog.getByLabel(say(language, 'admin.product.pricePaysFor'), { exact: true }).selectOption('true');
      expect(await cutSelects(page), 'selects whose chosen option is cut').toEqual([]);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(pageWidth, 'the editor is no wider than the screen').toBeLessThanOrEqual(0);
    });

    test('the order tracker keeps each word whole, lines are named in the page’s language, the sorry overlay opens with its title on screen', async ({
      page,
    }) => {
      await signUpShopper(page);
      await saveAddress(page);
      const product = await firstProductOf(page, 'saree-blouse');
      const orderId = await placeOrderThroughApi(page, [{ product, quantity: 1 }]);
      await page.goto('/myOrders');
      expect(await brokenTrackerLabels(page, language), 'words of the tracker broken across lines or out of their step').toEqual([]);
      // The order's lines by the name they were sold under in the page's language (docs/product.md#languages).
      const { nameTa } = product as typeof product & { nameTa: string };
      expect(nameTa, 'the demo catalog names its blouses in Tamil').not.toBe('');
      const shown = language === 'ta' ? nameTa : product.name;
      await expect(page.getByRole('main').getByText(shown, { exact: true }).first()).toBeVisible();
      await page.goto(`/order-placed/${orderId}`);
      await expect(page.getByRole('main').getByText(`${shown} × 1`, { exact: true })).toBeVisible();
      // The address form's service-area question, answered No: the sorry message, its title first on screen.
      await page.goto('/address');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: say(language, 'checkout.serviceArea.no'), exact: true })
        .click();
      const sorry = page.getByRole('dialog', { name: say(language, 'checkout.serviceArea.sorryTitle') });
      await expect(sorry).toBeVisible();
      await framesDrawn(page);
      const title = sorry.getByRole('heading', { name: say(language, 'checkout.serviceArea.sorryTitle') });
      expect(await wholeOnScreen(title), 'the sorry title is whole on screen').toBe(true);
      expect(
        await wholeOnScreen(sorry.getByRole('button', { name: say(language, 'checkout.serviceArea.back'), exact: true })),
        'BACK (focused) is on screen',
      ).toBe(true);
    });

    test('the product page’s bottom bar waits until Add to cart is scrolled past, never covering the price on first load', async ({
      page,
    }) => {
      const product = await firstProductOf(page, 'saree-blouse');
      await page.goto(`/view/${product._id}/saree-blouse`);
      const main = page.getByRole('main');
      const addToCart = main.getByRole('button', { name: say(language, 'product.addToCart'), exact: true });
      await expect(addToCart).toBeAttached();
      // The observer's first report comes a frame after it starts watching (after hydration).
      await framesDrawn(page);
      await framesDrawn(page);
      const bar = page.getByTestId('sticky-buy-bar');
      await expect(bar, 'no bar on first load').toHaveCount(0);
      // Scrolled as a finger scrolls: past the page's own buttons, then on beyond them: the bar repeats them.
      await addToCart.scrollIntoViewIfNeeded();
      await framesDrawn(page);
      await expect(bar, 'no bar while the page’s own buttons are on screen').toHaveCount(0);
      await addToCart.evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().bottom + window.scrollY + 200));
      await expect(bar).toBeVisible();
      // Back at the top: the bar goes again.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).toHaveCount(0);
    });
  });
}
