import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder, renderWithApp } from '../test/render';
import { OrderBill } from './order-bill';

describe('an order’s money and bill (docs/product.md#the-bill)', () => {
  it('shows paid and still to pay, and links the delivered order’s bill as a PDF download', () => {
    renderWithApp(<OrderBill order={makeOrder({ status: 'delivered', paid: 1000, balance: 1500, billNumber: 'TH/2026-27/0007' })} />);
    expect(screen.getByText('Paid: ₹1,000.00')).toBeTruthy();
    expect(screen.getByText('Still to pay: ₹1,500.00')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download bill TH/2026-27/0007 (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/orders/bill/TH-4K7Q2M');
  });

  it('shows nothing before anything is paid or billed', () => {
    const { container } = renderWithApp(<OrderBill order={makeOrder({ status: 'designed', paid: 0, balance: 2500, billNumber: null })} />);
    expect(container.textContent).toBe('');
  });
});
