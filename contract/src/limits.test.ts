import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatShopDate,
  formatShopDay,
  formatShopTime,
  formatVisitDate,
  holdsCustomerFabric,
  ORDER_STATES,
  slotNamesItsTimes,
  type OrderState,
} from './limits.js';

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

describe('shop times in India time whatever the zone it runs in (docs/product.md#languages)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    // A zone behind UTC: a day read from local midnight, or a time in local hours, would be off.
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes a moment as Pollachi reads it', () => {
    expect(formatShopTime('2026-11-27T09:00:00.000Z', 'en')).toBe('27 Nov 2026, 2:30 pm');
    expect(formatShopDate('2026-11-27T20:00:00.000Z', 'en')).toBe('28 Nov 2026');
  });

  it('writes a visit day as people say it, in English and Tamil', () => {
    expect(formatVisitDate('2026-11-28', 'en')).toBe('Sat 28 Nov');
    expect(formatVisitDate('2026-11-28', 'ta')).toBe('28 நவ., சனி');
    expect(formatShopDay('2026-11-04', 'en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })).toBe(
      'Wednesday, 4 November 2026',
    );
  });

  it('knows a slot named by its times (docs/product.md#the-days-visits)', () => {
    expect(slotNamesItsTimes({ label: '10:00-13:00', start: '10:00', end: '13:00' })).toBe(true);
    expect(slotNamesItsTimes({ label: '10:00 – 13:00', start: '10:00', end: '13:00' })).toBe(true);
    expect(slotNamesItsTimes({ label: 'Morning', start: '10:00', end: '13:00' })).toBe(false);
  });
});
