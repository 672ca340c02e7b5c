import { describe, expect, it } from 'vitest';
import { productDescription, productName } from './product-text';

describe('productName and productDescription (docs/product.md#languages)', () => {
  const product = { name: 'Silk Blouse', nameTa: 'பட்டு பிளவுஸ்', description: 'Princess cut.', descriptionTa: 'பிரின்சஸ் கட்.' };

  it.each([
    ['a Tamil page with Tamil text', product, 'ta', 'பட்டு பிளவுஸ்', 'பிரின்சஸ் கட்.'],
    ['an English page', product, 'en', 'Silk Blouse', 'Princess cut.'],
    ['no language yet', product, undefined, 'Silk Blouse', 'Princess cut.'],
    ['a Tamil page, no Tamil text', { ...product, nameTa: '', descriptionTa: '' }, 'ta', 'Silk Blouse', 'Princess cut.'],
    ['a Tamil page, only spaces', { ...product, nameTa: '  ', descriptionTa: ' ' }, 'ta', 'Silk Blouse', 'Princess cut.'],
    [
      'a Tamil page, a line without Tamil fields',
      { name: 'Silk Blouse', description: 'Princess cut.' },
      'ta',
      'Silk Blouse',
      'Princess cut.',
    ],
  ])('on %s shows the right text', (_case, item, language, name, description) => {
    expect(productName(item, language)).toBe(name);
    expect(productDescription(item, language)).toBe(description);
  });
});
