import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type AdminOrder, type OrderState } from '@thaiyal/contract';
import { STATUS_WORDS, statusMail } from './status.mail.js';

// Every order state has its words in the customer's status mail, in English and in Tamil
// (docs/product.md#states-and-transitions, docs/product.md#languages): driven by the contract's
// ORDER_STATES, so a state added there without its mail text fails here.

const TAMIL = /[\u0B80-\u0BFF]/;

function orderIn(status: OrderState): AdminOrder & { customer: NonNullable<AdminOrder['customer']> } {
  return {
    orderId: 'TH-4K7Q2M',
    purchaseDate: '2026-11-02T04:00:00.000Z',
    status,
    items: [],
    address: {
      name: 'Meena',
      phoneNumber: '9876543210',
      doorNumber: '12A',
      street: 'Kovai Road',
      city: 'pollachi',
      state: 'tamilnadu',
      pinCode: '642001',
    },
    totalPrice: 800,
    paymentMethod: 'cod',
    visit: null,
    customer: { username: 'meena', email: 'meena@example.com' },
    language: null,
    timeline: [{ status, at: '2026-11-02T04:00:00.000Z' }],
  };
}

describe('status mail words (docs/product.md#states-and-transitions)', () => {
  it.each(ORDER_STATES)('%s has its name and its line in English and in Tamil', (state) => {
    const words = STATUS_WORDS[state];
    expect(words?.en).toMatch(/\S/);
    expect(words?.enLine).toMatch(/\S/);
    expect(words?.ta).toMatch(TAMIL);
    expect(words?.taLine).toMatch(TAMIL);
  });

  it.each(ORDER_STATES)('the mail for %s says both lines', (state) => {
    const { text } = statusMail(orderIn(state), 'user-1', 'https://shop.example');
    expect(text).toContain(STATUS_WORDS[state].enLine);
    expect(text).toContain(STATUS_WORDS[state].taLine);
  });

  it('has words for no state the contract lacks', () => {
    expect(Object.keys(STATUS_WORDS).sort()).toEqual([...ORDER_STATES].sort());
  });
});
