/**
 * Rupee amounts as shoppers read them: the rupee sign and Indian digit grouping (the last
 * three digits, then pairs: `₹1,25,000`). Written out rather than through `Intl.NumberFormat`:
 * making an `en-IN` formatter loads locale data, a long task on a slow phone's first page
 * (docs/decisions/013-first-load.md), and these two shapes are all the shop needs. money.test.ts checks them against
 * `Intl.NumberFormat('en-IN')`.
 */

/**
 * Paise (a whole number, as the database keeps money) → rupees as the API carries them:
 * `12550` → `125.5` (docs/decisions/002-money-in-paise.md).
 */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** `12345678` → `1,23,45,678`: digits (no sign) grouped the Indian way. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 === 0 ? head.match(/\d\d/g)! : [head[0]!, ...(head.slice(1).match(/\d\d/g) ?? [])];
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

function format(rupees: number, alwaysPaise: boolean): string {
  const paise = Math.round(rupees * 100);
  const sign = paise < 0 ? '-' : '';
  const whole = groupIndian(String(Math.floor(Math.abs(paise) / 100)));
  const fraction = Math.abs(paise) % 100;
  const decimals = alwaysPaise || fraction !== 0 ? `.${String(fraction).padStart(2, '0')}` : '';
  return `₹${sign}${whole}${decimals}`;
}

/**
 * A price in rupees with the rupee sign, paise only when there are some: `₹1,250`, `₹499.50`
 * (docs/product.md#product-card: price with a rupee sign). Rounded to the paisa.
 */
export function formatRupees(rupees: number): string {
  return format(rupees, false);
}

/**
 * Rupees with the rupee sign and always two decimals: `₹1,250.50`, `₹1,25,000.00` (docs/product.md#limits:
 * order prices with two decimals). Rounded to the paisa.
 */
export function formatRupeesExact(rupees: number): string {
  return format(rupees, true);
}
