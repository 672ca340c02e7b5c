import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { firstProductOf, putInCart, signUpShopper } from '../support/shopper.js';
import { expect, test } from '../support/test.js';

/**
 * What a walk of the shop on a 360-px phone found, in English and in Tamil
 * (docs/product.md#languages, docs/product.md#screens): each check holds one thing a shopper saw
 * go wrong on the narrowest phone we serve. Runs in the `screens` project (360 × 740, touch).
 */

const LANGUAGES = ['en', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];

/** The web app's own translations, so the checks find what a shopper reads. */
const STRINGS: Record<Language, Record<string, unknown>> = {
  en: JSON.parse(readFileSync(new URL('../../web/src/i18n/en.json', import.meta.url), 'utf8')) as Record<string, unknown>,
  ta: JSON.parse(readFileSync(new URL('../../web/src/i18n/ta.json', import.meta.url), 'utf8')) as Record<string, unknown>,
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
  });
}
