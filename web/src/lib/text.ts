/**
 * A name cut to `maxChars` characters plus '..' when longer (docs/product.md#header and Drawer,
 * docs/product.md#limits: 6 characters in the header, 13 in the drawer). Counts code points, so Tamil
 * letters are not split in half.
 */
export function cutName(name: string, maxChars: number): string {
  const chars = Array.from(name);
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}..` : name;
}

/** A price in rupees with the rupee sign, e.g. `₹1,250` or `₹499.50` (docs/product.md#product-card). */
export { formatRupees } from '@thaiyal/contract/money';
