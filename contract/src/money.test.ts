import { describe, expect, it } from 'vitest';
import { formatRupees, formatRupeesExact, paiseToRupees } from './money.js';

/** The oracle: what `Intl.NumberFormat('en-IN')` writes, with the rupee sign in front. */
const intl = (rupees: number, minimumFractionDigits: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits, maximumFractionDigits: 2 }).format(rupees)}`;

const AMOUNTS = [
  0, 0.5, 1, 9.99, 12, 350, 499.5, 999, 1000, 1250, 4500, 12345.67, 99999.99, 100000, 125000, 1234567, 12345678.9, 123456789, 0.004, 0.005,
  1.005, 2.675,
];

describe('rupee amounts (docs/product.md#screens, docs/product.md#limits)', () => {
  it.each(AMOUNTS)('%d is written as Intl en-IN writes it, paise only when there are some', (rupees) => {
    const paise = Math.round(rupees * 100);
    expect(formatRupees(rupees)).toBe(intl(paise / 100, paise % 100 === 0 ? 0 : 2));
  });

  it.each(AMOUNTS)('%d is written as Intl en-IN writes it, always with two decimals', (rupees) => {
    expect(formatRupeesExact(rupees)).toBe(intl(Math.round(rupees * 100) / 100, 2));
  });

  it('agrees with Intl on every whole and half amount up to ₹2,00,000 in steps that cross each group', () => {
    for (let paise = 0; paise <= 20_000_000; paise += 99_950) {
      expect(formatRupeesExact(paise / 100)).toBe(intl(paise / 100, 2));
    }
  });
});

describe('paise to rupees (docs/decisions/002-money-in-paise.md)', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [12550, 125.5],
    [99999, 999.99],
    [10_000_000, 100_000],
  ])('%d paise are ₹%d', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });
});
