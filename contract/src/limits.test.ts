import { describe, expect, it } from 'vitest';
import { holdsCustomerFabric, ORDER_STATES, type OrderState } from './limits.js';

describe('whether the shop holds the customer fabric (docs/product.md#cancellations-kept)', () => {
  const held: Record<OrderState, boolean> = { call: false, visited: true, designed: true, delivered: false, cancelled: false };

  it.each(ORDER_STATES)('an order that is %s', (status) => {
    expect(holdsCustomerFabric(status)).toBe(held[status]);
  });

  it.each(ORDER_STATES)('a cancelled order that was %s before', (before) => {
    expect(holdsCustomerFabric('cancelled', before)).toBe(held[before]);
  });

  it('ignores a status before cancelling on an order that is not cancelled', () => {
    expect(holdsCustomerFabric('call', 'visited')).toBe(false);
    expect(holdsCustomerFabric('visited', 'call')).toBe(true);
  });
});
