/**
 * A name cut to `maxChars` characters plus '..' when longer (SPEC §2 Header and Drawer,
 * SPEC §9: 6 characters in the header, 13 in the drawer). Counts code points, so Tamil
 * letters are not split in half.
 */
export function cutName(name: string, maxChars: number): string {
  const chars = Array.from(name);
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}..` : name;
}

/**
 * The two rupee formats, made once: `toLocaleString` with options builds a new formatter on
 * every call, which cost a page of cards a long task on a slow phone (issue 7 §3).
 */
const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const RUPEES_AND_PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price in rupees with the rupee sign, e.g. `₹1,250` or `₹499.50` (SPEC §2 Product card). */
export function formatRupees(rupees: number): string {
  const hasPaise = Math.round(rupees * 100) % 100 !== 0;
  return `₹${(hasPaise ? RUPEES_AND_PAISE : WHOLE_RUPEES).format(rupees)}`;
}
