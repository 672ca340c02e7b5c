import type { TFunction } from 'i18next';

/**
 * How an address's city or state, kept by the API in the shop's stored form (`pollachi`,
 * `tamilnadu`, docs/product.md#address), reads on screen in the page's language: `Pollachi` /
 * `பொள்ளாச்சி`, `Tamil Nadu` / `தமிழ்நாடு`. A value without a name of its own is shown as stored.
 */
export function placeName(value: string, t: TFunction): string {
  return t(`places.${value}`, { defaultValue: value });
}
