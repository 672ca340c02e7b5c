import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder, renderWithApp } from '../test/render';
import { FinalPriceSummary, OrderPhotos } from './order-final-price';

// docs/product.md#final-price and docs/product.md#designed-photos: what the shopper sees on her order.
const [line] = makeOrder().items;
const base = makeOrder({
  status: 'visited',
  items: [
    { ...line!, productId: 'a', name: 'Silk Blouse', quantity: 2, price: 1200, finalPrice: 1450.5, priceNote: 'Aari work' },
    { ...line!, productId: 'b', name: 'Lining', quantity: 1, price: 300, finalPrice: 300, priceNote: '' },
  ],
  totalPrice: 3201,
  originalTotal: 2700,
  photos: [],
});

describe('FinalPriceSummary', () => {
  it('shows each changed line with its note, the ordered total struck through and the final total', async () => {
    renderWithApp(<FinalPriceSummary order={base} />);
    const section = await screen.findByRole('region', { name: 'Final price after measuring' });
    expect(within(section).getByText(/Silk Blouse: ₹1,450.50 each \(ordered at ₹1,200.00\)/)).toBeTruthy();
    expect(within(section).getByText(/Aari work/)).toBeTruthy();
    expect(within(section).queryByText(/Lining/)).toBeNull();
    expect(within(section).getByTestId('original-total').tagName).toBe('S');
    expect(within(section).getByTestId('original-total').textContent).toBe('₹2,700.00');
    expect(within(section).getByText('Final total: ₹3,201.00')).toBeTruthy();
  });

  it('renders nothing while the prices are as ordered', () => {
    const unchanged = { ...base, totalPrice: 2700, items: base.items.map((item) => ({ ...item, finalPrice: item.price, priceNote: '' })) };
    const { container } = renderWithApp(<FinalPriceSummary order={unchanged} />);
    expect(container.querySelector('[data-testid="final-price"]')).toBeNull();
  });
});

describe('OrderPhotos', () => {
  it('shows each photo as a link to the picture, and nothing without photos', async () => {
    renderWithApp(
      <OrderPhotos order={{ orderId: 'TH-1', photos: ['/uploads/references/a-640.webp', '/uploads/references/b-640.webp'] }} />,
    );
    const section = await screen.findByRole('region', { name: 'Photos of your garment' });
    const images = within(section).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['/uploads/references/a-640.webp', '/uploads/references/b-640.webp']);
    expect(images[0]!.getAttribute('alt')).toBe('Photo 1 of the finished garment');
  });
});
