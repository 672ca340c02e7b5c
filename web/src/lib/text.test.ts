import { describe, expect, it } from 'vitest';
import { cutName, formatRupees } from './text';

describe('cutName (docs/product.md#limits username cut)', () => {
  it.each([
    ['Meenakshi', 6, 'Meenak..'],
    ['Kavya', 6, 'Kavya'],
    ['Sixsix', 6, 'Sixsix'],
    ['Meenakshi Sundaram', 13, 'Meenakshi Sun..'],
    ['மீனாட்சி', 3, 'மீன..'],
  ])('%s cut to %i → %s', (name, chars, expected) => {
    expect(cutName(name, chars)).toBe(expected);
  });
});

describe('formatRupees', () => {
  it.each([
    [1250, '₹1,250'],
    [499.5, '₹499.50'],
    [125000, '₹1,25,000'],
  ])('%d → %s', (rupees, expected) => {
    expect(formatRupees(rupees)).toBe(expected);
  });
});
