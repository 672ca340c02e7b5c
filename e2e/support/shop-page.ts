import type { Locator, Page } from '@playwright/test';

/** Rupees as the shop shows product prices: '₹1,250' or '₹899.50'. */
export function rupees(value: number): string {
  const hasPaise = Math.round(value * 100) % 100 !== 0;
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: hasPaise ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** Rupees as orders show them, always with two decimals: '₹1,250.00'. */
export function rupeesExact(value: number): string {
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The product cards of a listing (or the orders of My orders): the articles of the page's main region. */
export function cards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

/** A toast (react-hot-toast's live region) with this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}
