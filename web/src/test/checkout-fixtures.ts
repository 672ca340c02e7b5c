import type { VisitDaysResponse } from '@thaiyal/contract';
import { mockApi, type MockAnswer, type MockRoutes } from './mock-api';
import { makeOrder, makeProduct } from './render';

// What the checkout tests share (docs/product.md#place-order): the ids of two products, one
// measurement profile, two slots and a reference picture, the visit calendar, and the API routes.

export const BLOUSE = '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10';
export const CHUDI = '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11';
export const PROFILE = '2d7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e12';
export const SLOT_OPEN = '3e7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e13';
export const SLOT_FULL = '4f7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e14';
export const PICTURE = '5a7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e15';

/** One slot of a day as `GET /api/visit-slots` answers it: `label` is `HH:MM-HH:MM`, 3 places. */
const slot = (id: string, label: string, status: 'open' | 'full', available: number) => ({
  id,
  label,
  start: label.slice(0, 5),
  end: label.slice(6),
  capacity: 3,
  booked: 3 - available,
  available,
  status,
});

/** The visit calendar: Wednesday 25 Nov 2026 (today) with an open and a full slot, then Sunday 29 closed. */
const VISIT_DAYS: VisitDaysResponse = {
  today: '2026-11-25',
  days: [
    {
      date: '2026-11-25',
      weekday: 3,
      closed: false,
      closedNote: '',
      slots: [slot(SLOT_OPEN, '10:00-13:00', 'open', 2), slot(SLOT_FULL, '14:00-17:00', 'full', 0)],
    },
    { date: '2026-11-29', weekday: 0, closed: true, closedNote: '', slots: [] },
  ],
};

/** The reference picture's upload answer. */
const PICTURE_UPLOADED = { status: 201, body: { picture: { id: PICTURE, url: '/uploads/references/abc-640.webp' } } };

/**
 * The checkout's API: her one profile (`Priya, 8 years`), the visit calendar, the blouse (her
 * fabric) and the chudithar (the shop's fabric offered), the picture upload and Place Order
 * (`TH-ABCDEF` unless `placeOrder` answers otherwise); `extra` adds or replaces routes.
 * @returns the calls made, as {@link mockApi} records them.
 */
export function checkoutRoutes(
  options: { placeOrder?: (body: unknown) => MockAnswer; upload?: () => MockAnswer; extra?: MockRoutes } = {},
) {
  return mockApi({
    'GET /measurements': () => ({
      status: 200,
      body: {
        profiles: [
          {
            _id: PROFILE,
            name: 'Priya, 8 years',
            measurements: { bust: 610 },
            createdAt: '2026-11-01T00:00:00.000Z',
            updatedAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      },
    }),
    'GET /visit-slots*': () => ({ status: 200, body: VISIT_DAYS }),
    [`GET /product/${BLOUSE}`]: () => ({ status: 200, body: { product: makeProduct({ _id: BLOUSE, priceIncludesFabric: false }) } }),
    [`GET /product/${CHUDI}`]: () => ({ status: 200, body: { product: makeProduct({ _id: CHUDI, priceIncludesFabric: true }) } }),
    'POST /orders/reference-pictures': options.upload ?? (() => PICTURE_UPLOADED),
    'POST /orders': (call) =>
      options.placeOrder ? options.placeOrder(call.body) : { status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } },
    ...options.extra,
  });
}
