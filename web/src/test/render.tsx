import {
  DEFAULT_STITCHING,
  type Address,
  type Banner,
  type Order,
  type OrderState,
  type OrderStateCounts,
  type Product,
  type ShopInfo,
  type User,
} from '@thaiyal/contract';
import { ORDER_STATES } from '@thaiyal/contract/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AUTH_USER_KEY } from '../features/auth/api/auth-check';

/** A query client for tests: nothing refetches or retries on its own. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders `ui` inside a memory router and a query client whose auth check answers `user`. */
export function renderWithApp(
  ui: ReactNode,
  options: { user?: User | null; queryClient?: QueryClient; path?: string | { pathname: string; state: unknown } } = {},
) {
  const queryClient = options.queryClient ?? testQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, options.user ?? null);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A product as the API returns it, with overridable fields. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10',
    name: 'Kanchi Silk Saree Blouse',
    nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்',
    description: 'Princess-cut blouse with a deep back and piping.',
    descriptionTa: 'பைப்பிங் வைத்த, ஆழமான முதுகு கொண்ட பிரின்சஸ் கட் பிளவுஸ்.',
    price: 1250,
    compareAtPrice: null,
    priceIncludesFabric: false,
    category: 'saree-blouse',
    images: ['/uploads/p/ab12-640.webp', '/uploads/p/cd34-640.webp'],
    isFeatured: false,
    rating: { average: null, count: 0 },
    reviews: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An address inside the service area, as the API stores it, with overridable fields. */
export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    name: 'Meena',
    phoneNumber: '9876543210',
    doorNumber: '12A',
    street: 'Kovai Road',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642001',
    ...overrides,
  };
}

/** An order as `GET /api/orders` returns it (one line, cash on delivery, no visit booked), with overridable fields. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'TH-4K7Q2M',
    purchaseDate: '2025-03-05T10:00:00.000Z',
    status: 'call',
    items: [
      {
        productId: 'p1',
        name: 'Kanchi Silk Saree Blouse',
        image: '/uploads/p/a-640.webp',
        quantity: 2,
        price: 1250,
        stitching: DEFAULT_STITCHING,
      },
    ],
    address: makeAddress(),
    totalPrice: 2500,
    paymentMethod: 'cod',
    visit: null,
    timeline: [{ status: 'call', at: '2025-03-05T10:00:00.000Z' }],
    ...overrides,
  };
}

/** How many of `orders` are in each state, as a page's `counts` (docs/product.md#lists-by-page). */
export function countStates(orders: readonly { status: OrderState }[]): OrderStateCounts {
  const counts = Object.fromEntries(ORDER_STATES.map((state) => [state, 0])) as OrderStateCounts;
  for (const order of orders) counts[order.status] += 1;
  return counts;
}

/**
 * One page of orders as `GET /api/orders` and `GET /api/orders/status` answer it
 * (docs/product.md#lists-by-page): `orders`, `nextCursor` (null: the last page) and `counts`
 * (by default those of `orders`, as when every order fits on one page).
 */
export function ordersPage<T extends { status: OrderState }>(
  orders: T[],
  { nextCursor = null, counts = countStates(orders) }: { nextCursor?: string | null; counts?: OrderStateCounts } = {},
) {
  return { orders, nextCursor, counts };
}

/** A signed-in user with overridable fields. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '5d1f9a0e-7b2c-4c1d-8e3f-9a0b1c2d3e4f',
    username: 'Meenakshi Sundaram',
    email: 'meena@example.com',
    role: 'customer',
    address: null,
    ...overrides,
  };
}

/** Shows the router's current path (`data-testid="location"`), to check where a click led. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** A banner (contract Banner): an aari banner without text, with `overrides`. */
export function makeBanner(overrides: Partial<Banner> = {}): Banner {
  return {
    _id: '2d9e8c74-5a2a-4cab-9c75-4b6b5e3f1a32',
    image: '/uploads/banners/aari-640.webp',
    category: 'aari',
    headline: '',
    headlineTa: '',
    line: '',
    lineTa: '',
    ...overrides,
  };
}

/** The demo shop's `GET /api/shop-info` answer (contract ShopInfo), with `overrides`. */
export function makeShopInfo(overrides: Partial<ShopInfo> = {}): ShopInfo {
  return {
    name: 'Thaiyal',
    phone: '+91 98765 43210',
    phoneHref: 'tel:+919876543210',
    whatsappHref: 'https://wa.me/919876543210',
    email: 'hello@thaiyal.in',
    emailHref: 'mailto:hello@thaiyal.in',
    social: [],
    portfolioHref: 'https://thaiyal.in/portfolio',
    legalName: 'Thaiyal Tailoring (demo shop)',
    address: '12 Kovai Road, Pollachi, Coimbatore district, Tamil Nadu 642001',
    grievanceOfficer: {
      name: 'S. Meenakshi (demo)',
      email: 'grievance@thaiyal.in',
      phone: '+91 98765 43210',
      phoneHref: 'tel:+919876543210',
    },
    ...overrides,
  };
}
