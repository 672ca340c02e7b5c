import { DEFAULT_STITCHING, type AdminOrder, type CancelledOrder } from '@thaiyal/contract';
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
