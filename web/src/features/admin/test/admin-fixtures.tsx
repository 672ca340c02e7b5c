import { DEFAULT_STITCHING, GARMENT_GROUPS, type AdminOrder, type CancelledOrder, type ReportResponse } from '@thaiyal/contract';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { makeAddress, makeOrder, makeUser, renderWithApp } from '../../../test/render';

/** Renders `ui` for a signed-in admin, with the toasts on screen. */
export function renderForAdmin(ui: ReactNode, path = '/admin-only') {
  return renderWithApp(
    <>
      {ui}
      <Toaster />
    </>,
    { user: makeUser({ role: 'admin' }), path },
  );
}

/** A customer's order as the admin sees it: {@link makeOrder}'s with its customer. */
export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...makeOrder({
      purchaseDate: '2025-03-02T10:30:00.000Z',
      items: [
        {
          productId: null,
          name: 'Kanchi Silk Saree Blouse',
          image: '/uploads/p/ab12-640.webp',
          quantity: 2,
          price: 1250.5,
          stitching: DEFAULT_STITCHING,
        },
      ],
      address: makeAddress({ name: 'Meenakshi S' }),
      totalPrice: 2501,
    }),
    customer: { username: 'Meenakshi', email: 'meena@example.com' },
    language: null,
    ...overrides,
  };
}

/** A cancelled-order record. */
export function makeCancelledOrder(overrides: Partial<CancelledOrder> = {}): CancelledOrder {
  return {
    _id: '7f1c1e0a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
    orderId: 'TH-9ZZ1AB',
    username: 'Kavya',
    phoneNumber: '9123456780',
    reason: 'Ordered the wrong size',
    createdAt: '2025-03-05T08:00:00.000Z',
    productInfo: [{ image: '/uploads/p/cd34-640.webp', name: 'Maxi Frock' }],
    ...overrides,
  };
}

/** A report of `from` to `to` with nothing in it: every week and group at zero (docs/product.md#reports). */
export function emptyReport(from: string, to: string, overrides: Partial<ReportResponse> = {}): ReportResponse {
  return {
    from,
    to,
    orders: 0,
    delivered: 0,
    cancelled: 0,
    revenue: 0,
    byWeek: [],
    byGroup: GARMENT_GROUPS.map((group) => ({ group, orders: 0, revenue: 0 })),
    onTimeRate: null,
    averageDaysToDeliver: null,
    cancellationReasons: [],
    topProducts: [],
    ...overrides,
  };
}
