import type { Address } from '@thaiyal/contract';

/**
 * The one order support/seed-orders.ts plants among thousands for a spec to find through the
 * dashboard's search (docs/product.md#lists-by-page): its number and phone belong to no other order.
 */
export const SEEDED_TARGET = {
  orderId: 'TH-FND7QZ',
  address: {
    name: 'Vasantha Kumari',
    phoneNumber: '9843012345',
    doorNumber: '4',
    street: 'Mahalingapuram',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642002',
  } satisfies Address,
} as const;
