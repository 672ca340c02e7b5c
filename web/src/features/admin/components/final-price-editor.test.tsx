import type { AdminOrder } from '@thaiyal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { makeOrder, renderWithApp } from '../../../test/render';
import { FinalPriceEditor } from './final-price-editor';

const order: AdminOrder = { ...makeOrder(), customer: { username: 'Meena', email: 'meena@example.test' } } as AdminOrder;

function openEditor(which: AdminOrder = order) {
  renderWithApp(<FinalPriceEditor order={which} />);
  fireEvent.click(screen.getByRole('button', { name: 'Set final price' }));
}

describe('the final price editor (docs/product.md#final-price)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it('sends each line’s final price and note, and closes on success', async () => {
    const calls = mockApi({
      'PUT /admin/orders/TH-4K7Q2M/prices': () => ({ status: 200, body: { message: 'Final prices saved', order } }),
    });
    openEditor();
    fireEvent.change(screen.getByLabelText('Final price each (₹)'), { target: { value: '1450.50' } });
    fireEvent.change(screen.getByLabelText('Note (lining, aari work, discount…)'), { target: { value: ' lining added ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save final prices' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set final price' })).toBeTruthy());
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/admin/orders/TH-4K7Q2M/prices', { lines: [{ productId: 'p1', price: 1450.5, note: 'lining added' }] }],
    ]);
  });

  it.each([
    ['0', 'Give a price in rupees above zero, such as 850 or 849.50.'],
    ['12.345', 'Give a price in rupees above zero, such as 850 or 849.50.'],
    ['6251', 'At most 5 times the price ordered and at most ₹1,00,000.00.'],
  ])('refuses %s before asking the server', (price, message) => {
    const calls = mockApi({});
    openEditor();
    fireEvent.change(screen.getByLabelText('Final price each (₹)'), { target: { value: price } });
    fireEvent.click(screen.getByRole('button', { name: 'Save final prices' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    mockApi({
      'PUT /admin/orders/TH-4K7Q2M/prices': () => ({
        status: 409,
        body: { message: 'Prices can change only until the order is delivered', code: 'conflict', reason: 'admin.pricesLocked' },
      }),
    });
    openEditor();
    fireEvent.change(screen.getByLabelText('Final price each (₹)'), { target: { value: '1300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save final prices' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Prices can change only until the order is delivered');
    expect((screen.getByLabelText('Final price each (₹)') as HTMLInputElement).value).toBe('1300');
  });

  it('is not offered once the order is delivered', () => {
    renderWithApp(<FinalPriceEditor order={{ ...order, status: 'delivered' }} />);
    expect(screen.queryByRole('button', { name: 'Set final price' })).toBeNull();
  });
});
