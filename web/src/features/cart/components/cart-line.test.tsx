import type { CartItem } from '@thaiyal/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { renderWithApp } from '../../../test/render';
import { CartLine } from './cart-line';

const ITEM: CartItem = {
  _id: '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10',
  name: 'Kanchi Silk Saree Blouse',
  nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்',
  description: 'Princess-cut blouse.',
  descriptionTa: 'பிரின்சஸ் கட் பிளவுஸ்.',
  images: [],
  price: 1250,
  quantity: 1,
  category: 'saree-blouse',
};

function renderLine(item: CartItem) {
  return renderWithApp(
    <CartLine item={item} picture={null} href="/view/x/saree-blouse" onQuantityChange={() => {}} onRemove={() => {}} onBuyNow={() => {}} />,
  );
}

describe('the Tamil product text in the cart (docs/product.md#languages)', () => {
  afterEach(async () => {
    await initI18n('en');
  });

  it('a cart line shows the Tamil name and description on a Tamil page, the English ones otherwise', async () => {
    const { unmount } = renderLine(ITEM);
    expect(screen.getByRole('heading', { name: 'Kanchi Silk Saree Blouse' })).toBeTruthy();
    unmount();
    await initI18n('ta');
    const tamil = renderLine(ITEM);
    expect(screen.getByRole('heading', { name: 'காஞ்சி பட்டு புடவை பிளவுஸ்' })).toBeTruthy();
    expect(screen.getByText('பிரின்சஸ் கட் பிளவுஸ்.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'காஞ்சி பட்டு புடவை பிளவுஸ்' })).toBeTruthy();
    tamil.unmount();
    renderLine({ ...ITEM, nameTa: '', descriptionTa: '' });
    expect(screen.getByRole('heading', { name: 'Kanchi Silk Saree Blouse' })).toBeTruthy();
  });
});
