import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { renderWithApp } from '../../../test/render';
import { OrderReview } from './order-review';

describe('the Tamil product text in the order review (docs/product.md#languages)', () => {
  afterEach(async () => {
    await initI18n('en');
  });

  it('the order review names a line in Tamil when the temporary order kept its Tamil name', async () => {
    await initI18n('ta');
    renderWithApp(
      <OrderReview
        order={{
          items: [
            { productID: 'a', name: 'Kanchi Silk Saree Blouse', nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்', image: '', price: 1250, quantity: 1 },
            { productID: 'b', name: 'Cotton Nightie', image: '', price: 450, quantity: 1 },
          ],
          totalAmount: 1700,
        }}
        renderPicture={(_url, alt) => <span>{alt}</span>}
      />,
    );
    expect(screen.getAllByText('காஞ்சி பட்டு புடவை பிளவுஸ்')).toHaveLength(2);
    expect(screen.getAllByText('Cotton Nightie')).toHaveLength(2);
  });
});
