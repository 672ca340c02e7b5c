import type { Locator } from '@playwright/test';

/**
 * In a visit calendar inside `within` (docs/product.md#home-visit-slot: the checkout's, the owner's
 * booking and her delivery pick share it), chooses the first day with an open slot and that day's
 * first open slot; answers the slot's label (`HH:MM-HH:MM`).
 */
export async function pickFirstOpenSlot(within: Locator): Promise<string> {
  await within.getByRole('list', { name: 'Day' }).getByRole('button').and(within.locator(':enabled')).first().click();
  const slot = within.getByRole('radio').and(within.locator(':enabled')).first();
  await slot.check();
  return ((await slot.locator('xpath=..').locator('span span').first().textContent()) ?? '').trim();
}
