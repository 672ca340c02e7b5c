import type { AdminOrder } from '@thaiyal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeOrder, renderWithApp } from '../../../test/render';
import { PaymentForm } from './payment-form';

const UPI = 'upi://pay?pa=thaiyal%40okaxis&pn=Thaiyal&am=2500.00&cu=INR&tn=TH-4K7Q2M';
const order = {
  ...makeOrder({ status: 'delivered', paid: 0, balance: 2500, payments: [], billNumber: 'TH/2026-27/0007' }),
  customer: { username: 'Meena', email: 'meena@example.test' },
  language: 'ta',
  upi: { uri: UPI },
} as AdminOrder;

describe('the payment form on an order card (docs/product.md#payment-at-the-door)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows paid, balance, unpaid and the bill number; records a UPI payment of the balance with its reference, beside the QR code', async () => {
    const paid = { ...order, paid: 2500, balance: 0, upi: null };
    const calls = mockApi({
      'POST /admin/orders/TH-4K7Q2M/payments': () => ({ status: 201, body: { message: 'Payment recorded', order: paid } }),
    });
    renderWithApp(<PaymentForm order={order} />);
    expect(screen.getByText('Balance: ₹2,500.00')).toBeTruthy();
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText('Bill TH/2026-27/0007')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'UPI QR code to pay ₹2,500.00' })).toBeNull();
    fireEvent.click(screen.getByLabelText('UPI'));
    const qr = await screen.findByRole('img', { name: 'UPI QR code to pay ₹2,500.00' });
    expect(qr.getAttribute('data-uri')).toBe(UPI);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    fireEvent.change(screen.getByLabelText('UPI reference (optional)'), { target: { value: ' 412345678901 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ method: 'upi', amount: 2500, reference: '412345678901' });
  });

  it.each([
    ['0', 'Give an amount in rupees above zero, such as 850 or 849.50.'],
    ['10.005', 'Give an amount in rupees above zero, such as 850 or 849.50.'],
    ['2500.01', 'At most the balance, ₹2,500.00.'],
  ])('refuses %s before asking the server', (amount, message) => {
    const calls = mockApi({});
    renderWithApp(<PaymentForm order={order} />);
    fireEvent.change(screen.getByLabelText('Amount received (₹)'), { target: { value: amount } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(calls).toEqual([]);
  });

  it('offers no form before the garment is designed', () => {
    renderWithApp(<PaymentForm order={{ ...order, status: 'visited', upi: null }} />);
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
  });
});
