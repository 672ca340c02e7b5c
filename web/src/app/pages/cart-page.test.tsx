import type { CartResponse } from '@thaiyal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTemporaryOrder, getTemporaryOrder, saveTemporaryOrder } from '../../features/checkout/temporary-order';
import { mockApi } from '../../test/mock-api';
import { LocationProbe, makeUser, renderWithApp } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { CartPage } from './cart-page';

const blouse = {
  _id: '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10',
  name: 'Kanchi Silk Saree Blouse',
  description: 'Princess-cut blouse.',
  images: ['/uploads/p/ab12-640.webp'],
  price: 1250,
  quantity: 1,
  category: 'saree-blouse',
};
const pant = { ...blouse, _id: '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', name: 'Palazzo Pant', price: 450, quantity: 10 };
const cart: CartResponse = { items: [blouse, pant], total: 5750 };

function renderCart(user = makeUser()) {
  return renderWithApp(
    <>
      <CartPage />
      <LocationProbe />
      <TestToaster />
    </>,
    { user, path: '/cartpage' },
  );
}

function line(name: string) {
  return screen.getByRole('article', { name });
}

describe('CartPage (docs/product.md#cart, docs/product.md#states-and-transitions, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTemporaryOrder();
    clearToasts();
  });

  it('shows each line with Size: Custom, price each, line total and quantity; trash at 1, plus stops at 10', async () => {
    mockApi({
      'GET /cart': () => ({ status: 200, body: cart }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    renderCart();
    const first = await screen.findByRole('article', { name: blouse.name });
    expect(within(first).getByText('Size: Custom')).toBeTruthy();
    expect(within(first).getByText('₹1,250 each')).toBeTruthy();
    expect(within(first).getByText('Line total: ₹1,250')).toBeTruthy();
    expect(within(first).getByRole('button', { name: `Remove ${blouse.name} from cart` })).toBeTruthy();
    const second = line(pant.name);
    expect(within(second).getByText('Line total: ₹4,500')).toBeTruthy();
    expect(within(second).getByRole('button', { name: `Decrease quantity of ${pant.name}` })).toBeTruthy();
    expect((within(second).getByRole('button', { name: `Increase quantity of ${pant.name}` }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('cart-total').textContent).toBe('Total: ₹5,750');
    expect(await screen.findByText('No products found')).toBeTruthy();
  });

  it('shows a quantity change at once and rolls it back with the product’s notice when the server refuses', async () => {
    let refuse!: (answer: { status: number; body: unknown }) => void;
    const calls = mockApi({
      'GET /cart': () => ({ status: 200, body: cart }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
      'PUT /cart/*': () => new Promise((resolve) => (refuse = resolve)),
    });
    renderCart();
    const first = await screen.findByRole('article', { name: blouse.name });
    fireEvent.click(within(first).getByRole('button', { name: `Increase quantity of ${blouse.name}` }));
    expect(await within(first).findByText('Line total: ₹2,500')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('Total: ₹7,000');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', path: `/cart/${blouse._id}`, body: { quantity: 2 } });

    await act(async () => refuse({ status: 503, body: { message: 'down', code: 'unavailable' } }));
    expect(await screen.findByText('Server slow, please try later')).toBeTruthy();
    expect(within(line(blouse.name)).getByText('Line total: ₹1,250')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('Total: ₹5,750');
  });

  it('removes the line at once with the trash can (quantity 0) and keeps the server’s answer', async () => {
    const calls = mockApi({
      'GET /cart': () => ({ status: 200, body: cart }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
      'PUT /cart/*': () => ({ status: 200, body: { items: [pant], total: 4500 } }),
    });
    renderCart();
    const first = await screen.findByRole('article', { name: blouse.name });
    fireEvent.click(within(first).getByRole('button', { name: `Remove ${blouse.name} from cart` }));
    await screen.findByText('Total: ₹4,500');
    expect(screen.queryByRole('article', { name: blouse.name })).toBeNull();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ quantity: 0 });
  });

  it('clears the temporary order on opening; Buy Now saves one line at quantity 1 and goes to /address', async () => {
    saveTemporaryOrder([{ productID: 'old', name: 'Old', image: '', price: 1, quantity: 1 }]);
    mockApi({
      'GET /cart': () => ({ status: 200, body: cart }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    renderCart();
    const second = await screen.findByRole('article', { name: pant.name });
    expect(getTemporaryOrder().items).toEqual([]);
    fireEvent.click(within(second).getByRole('button', { name: 'Buy Now' }));
    expect(getTemporaryOrder()).toEqual({
      items: [{ productID: pant._id, name: pant.name, image: pant.images[0], price: 450, quantity: 1 }],
      totalAmount: 450,
    });
    expect(screen.getByTestId('location').textContent).toBe('/address');
  });

  it('Continue saves every line and goes to /confirm/address when the address has a name', async () => {
    mockApi({
      'GET /cart': () => ({ status: 200, body: cart }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    const address = {
      name: 'Meena',
      phoneNumber: '9876543210',
      doorNumber: '1',
      street: 'Kovai Road',
      city: 'pollachi',
      state: 'tamilnadu',
      pinCode: '642001',
    };
    renderCart(makeUser({ address }));
    await screen.findByRole('article', { name: pant.name });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(getTemporaryOrder().items.map((item) => [item.productID, item.quantity])).toEqual([
      [blouse._id, 1],
      [pant._id, 10],
    ]);
    expect(getTemporaryOrder().totalAmount).toBe(5750);
    expect(screen.getByTestId('location').textContent).toBe('/confirm/address');
  });
});
