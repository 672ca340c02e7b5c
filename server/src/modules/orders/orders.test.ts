import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CartResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  ORDER_MESSAGES,
  VisitDaysResponseSchema,
  type Order,
} from '@thaiyal/contract';
import { addresses, cancelledOrders, cartLines, orderLines, orders, products } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { createShopper } from '../../../test/admin-support.js';
import { ORDER_NUMBER_ALPHABET, generateOrderNumber, placeOrder } from './place-order.js';

const SHOP = 'shop@thaiyal.test';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ORDER_NUMBER = new RegExp(`^TH-[${ORDER_NUMBER_ALPHABET}]{6}$`);

let context: TestContext;
let smtp: SmtpCapture;
let ids: string[];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL: SHOP });
  ids = await seedProducts(context, [
    {
      name: 'Silk Blouse',
      category: 'saree-blouse',
      pricePaise: 125_050,
      images: ['/uploads/products/s1-640.webp', '/uploads/products/s2-640.webp'],
    },
    { name: 'Cotton Nightie', category: 'nightwear', pricePaise: 45_000, images: ['/uploads/products/n1-640.webp'] },
    { name: 'Palazzo', category: 'palazzo-pant', pricePaise: 60_025, images: [] },
  ]);
});

afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** The first mail to `address` after `since` whose text contains `needle`. */
function mailWith(address: string, needle: string, since: number): Promise<string> {
  return smtp.waitForText(address, needle, since);
}

function call(user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return context.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A signed-in shopper with a saved address (set straight in the table: accounts are another module). */
async function shopper(options: { address?: boolean } = {}): Promise<TestUser> {
  if (options.address ?? true) return createShopper(context);
  return createUser(context);
}

/** Puts lines in a cart in the given order: a second apart, since two inserts can share a clock tick and the cart lists lines by when they were added. */
async function fillCart(user: TestUser, lines: [string, number][]) {
  const start = Date.now() - lines.length * 1000;
  for (const [index, [productId, quantity]] of lines.entries()) {
    await context.database.db.insert(cartLines).values({ userId: user.id, productId, quantity, createdAt: new Date(start + index * 1000) });
  }
}

async function cartOf(user: TestUser) {
  return CartResponseSchema.parse((await call(user, 'GET', '/api/cart')).json());
}

async function ordersOf(user: TestUser): Promise<Order[]> {
  const response = await call(user, 'GET', '/api/orders');
  expect(response.statusCode).toBe(200);
  return OrderListResponseSchema.parse(response.json()).orders;
}

async function orderCount(userId: string) {
  return (await context.database.db.select().from(orders).where(eq(orders.userId, userId))).length;
}

async function place(user: TestUser, items: [string, number][], totalAmt: number) {
  return call(user, 'POST', '/api/orders', { items: items.map(([productId, quantity]) => ({ productId, quantity })), totalAmt });
}

async function placed(user: TestUser, items: [string, number][], totalAmt: number): Promise<Order> {
  const response = await place(user, items, totalAmt);
  expect(response.statusCode).toBe(201);
  return OrderResponseSchema.parse(response.json()).order;
}

describe('a visitor', () => {
  it.each([
    ['POST', '/api/orders', { items: [], totalAmt: -1, userId: 'x' }],
    ['GET', '/api/orders', undefined],
    ['POST', '/api/orders/cancel', { orderId: '', reason: '' }],
  ] as const)('gets 401 on %s %s', async (method, url, payload) => {
    const response = await call(null, method, url, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized', reason: 'platform.signInRequired' });
  });
});

describe('placing an order: the answer and the mails to customer and shop', () => {
  it('answers 201 with the order priced from the catalog, empties those cart lines, and mails customer and shop', async () => {
    const user = await shopper();
    await fillCart(user, [
      [ids[0]!, 2],
      [ids[2]!, 1],
      [ids[1]!, 3],
    ]);
    const since = smtp.mails.length;
    const order = await placed(
      user,
      [
        [ids[0]!, 2],
        [ids[2]!, 1],
      ],
      3101.25,
    );

    expect(order).toMatchObject({
      status: 'call',
      paymentMethod: 'cod',
      totalPrice: 3101.25,
      address: { name: 'Meena', phoneNumber: '9876543210', city: 'pollachi', state: 'tamilnadu', pinCode: '642001' },
      items: [
        { productId: ids[0], name: 'Silk Blouse', image: '/uploads/products/s1-640.webp', quantity: 2, price: 1250.5 },
        { productId: ids[2], name: 'Palazzo', image: '', quantity: 1, price: 600.25 },
      ],
    });
    expect(order.orderId).toMatch(ORDER_NUMBER);
    // Only the ordered products leave the cart.
    expect((await cartOf(user)).items.map((item) => [item._id, item.quantity])).toEqual([[ids[1], 3]]);

    const customerMail = await mailWith(user.email, order.orderId, since);
    expect(customerMail).toContain('₹3,101.25');
    expect(customerMail).toContain('cash on delivery');
    expect(customerMail).toContain('உங்கள் ஆர்டருக்கு நன்றி');
    expect(customerMail).toContain('Silk Blouse × 2: ₹2,501.00');
    // docs/architecture.md#mail: the HTML lists one item per row, in a Tamil-first font stack, and
    // every mail ends with the shop's phone and WhatsApp.
    const cell = (value: string) => new RegExp(`<td[^>]*>${value}</td>`);
    expect(customerMail).toMatch(/<table[^>]*><thead><tr><th[^>]*>Item<\/th>/);
    for (const value of ['Silk Blouse', '2', '₹2,501.00', 'Palazzo', '1', '₹600.25']) expect(customerMail).toMatch(cell(value));
    expect(customerMail).toMatch(/<th[^>]*>ஆடை<\/th>/);
    expect(customerMail).toContain("font-family:'Noto Sans Tamil'");
    expect(customerMail).toContain('Call or WhatsApp us / அழைக்க அல்லது வாட்ஸ்அப் செய்ய: +91 98765 43210');
    expect(customerMail).toContain('href="https://wa.me/919876543210"');
    expect(customerMail).toContain('href="tel:+919876543210"');
    // Her own mail speaks to her (`your own fabric`); the shop's says whose fabric it is.
    expect(customerMail).toContain('your own fabric');
    expect(customerMail).toContain('உங்கள் சொந்தத் துணி');
    expect(customerMail).not.toContain('her own fabric');
    expect(customerMail).not.toContain('வாடிக்கையாளரின்');
    // Laid out as the shop's: its name at the top, one column at most 600 px, one button.
    const html = customerMail.slice(customerMail.indexOf('<html'));
    expect(html).toContain('max-width:600px');
    expect(html.indexOf('Thaiyal · தையல்')).toBeGreaterThan(0);
    expect(html.indexOf('Thaiyal · தையல்')).toBeLessThan(html.indexOf('thank you for your order'));
    expect(html.match(/<a href="http:\/\/localhost:3000\/myOrders"/g)).toHaveLength(1);
    expect(customerMail).toContain('My orders · என் ஆர்டர்கள்');
    // The line's picture is not in the store here (a seeded path): the mail goes without it, no broken picture.
    expect(customerMail).not.toContain('cid:');
    const shopMail = await mailWith(SHOP, `New order ${order.orderId}`, since);
    expect(shopMail).toContain('her own fabric');
    expect(shopMail).toContain(user.email);
    expect(shopMail).toContain('9876543210');
    expect(shopMail).toContain('Kovai Road');
    expect(shopMail).toContain(`புதிய ஆர்டர் ${order.orderId}`);
    expect(shopMail).toMatch(cell('Silk Blouse'));
    expect(shopMail).toContain('https://wa.me/919876543210');
  });

  it('mails the home visit’s date and slot to customer and shop in English and Tamil, or that the shop will call to arrange it', async () => {
    const user = await shopper();
    const days = VisitDaysResponseSchema.parse((await call(null, 'GET', '/api/visit-slots')).json()).days;
    const day = days.find((one) => one.slots.some((slot) => slot.status === 'open'))!;
    const slot = day.slots.find((one) => one.status === 'open')!;
    const [year, month, date] = day.date.split('-').map(Number) as [number, number, number];
    const when = new Date(Date.UTC(year, month - 1, date));
    const english = new Intl.DateTimeFormat('en-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(when);
    const tamil = new Intl.DateTimeFormat('ta-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(when);

    let since = smtp.mails.length;
    const booked = await call(user, 'POST', '/api/orders', {
      items: [{ productId: ids[1], quantity: 1 }],
      totalAmt: 450,
      visit: { date: day.date, slotId: slot.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const orderId = booked.json().order.orderId as string;
    const customerMail = await mailWith(user.email, orderId, since);
    expect(customerMail).toContain(
      `Home visit for measurements and fabric collection: ${english}, ${slot.label}. We will call you before we come.`,
    );
    expect(customerMail).toContain(`வீட்டு வருகை: ${tamil}, ${slot.label}.`);
    const shopMail = await mailWith(SHOP, `New order ${orderId}`, since);
    expect(shopMail).toContain(`Home visit: ${english}, ${slot.label}.`);
    expect(shopMail).toContain(`வீட்டு வருகை: ${tamil}, ${slot.label}.`);

    since = smtp.mails.length;
    const unbooked = await placed(user, [[ids[1]!, 1]], 450);
    expect(await mailWith(user.email, unbooked.orderId, since)).toContain(
      'We will call you to arrange the home visit for measurements and fabric collection.',
    );
    const shopCall = await mailWith(SHOP, `New order ${unbooked.orderId}`, since);
    expect(shopCall).toContain('Home visit: not booked. Call the customer to arrange it.');
    expect(shopCall).toContain('வாடிக்கையாளரை அழைத்து நேரத்தை முடிவு செய்யுங்கள்');
  });
});

describe('placing an order: what leaves the cart, and the copy the order keeps', () => {
  it('takes only the ordered quantity out of a cart line (Buy Now of 1 from 3 leaves 2), removing lines at 0', async () => {
    const user = await shopper();
    await fillCart(user, [
      [ids[0]!, 3],
      [ids[1]!, 2],
    ]);
    // Buy Now: one unit of a line of 3.
    await placed(user, [[ids[0]!, 1]], 1250.5);
    expect((await cartOf(user)).items.map((item) => [item._id, item.quantity])).toEqual([
      [ids[0], 2],
      [ids[1], 2],
    ]);
    // Exactly the line's quantity removes it; a product not in the cart leaves the rest alone.
    await placed(
      user,
      [
        [ids[1]!, 2],
        [ids[2]!, 1],
      ],
      1500.25,
    );
    expect((await cartOf(user)).items.map((item) => [item._id, item.quantity])).toEqual([[ids[0], 2]]);
    // More than the cart holds removes the line, never leaves 0 or less.
    await placed(user, [[ids[0]!, 3]], 3751.5);
    expect((await cartOf(user)).items).toEqual([]);
    expect(await context.database.db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toEqual([]);
  });

  it('subtracts both of two Buy Nows placed at once from the same cart line', async () => {
    const user = await shopper();
    await fillCart(user, [[ids[1]!, 3]]);
    const responses = await Promise.all([place(user, [[ids[1]!, 1]], 450), place(user, [[ids[1]!, 1]], 450)]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    expect((await cartOf(user)).items.map((item) => [item._id, item.quantity])).toEqual([[ids[1], 1]]);
    await Promise.all([place(user, [[ids[1]!, 1]], 450), place(user, [[ids[1]!, 1]], 450)]);
    expect(await context.database.db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toEqual([]);
  });

  it('keeps its own copy of name, image and price when the product changes later', async () => {
    const user = await shopper();
    const [temporary] = await seedProducts(context, [
      { name: 'Gown', category: 'gown-pattupavadai', pricePaise: 99_900, images: ['/uploads/products/g-640.webp'] },
    ]);
    const order = await placed(user, [[temporary!, 1]], 999);
    await context.database.db.update(products).set({ name: 'Renamed', pricePaise: 1 }).where(eq(products.id, temporary!));
    await context.database.db.delete(products).where(eq(products.id, temporary!));
    context.app.catalog.invalidate();
    const [listed] = await ordersOf(user);
    expect(listed).toMatchObject({
      orderId: order.orderId,
      totalPrice: 999,
      items: [{ productId: null, name: 'Gown', price: 999, image: '/uploads/products/g-640.webp' }],
    });
  });
});

describe('placing an order: the Tamil name it was sold under (docs/product.md#languages)', () => {
  it("keeps the product’s Tamil name on the line ('' when it had none), lists it, and names the line by it in the mails’ Tamil part", async () => {
    const user = await shopper();
    const [named, plain] = await seedProducts(context, [
      { name: 'Kanchi Silk Blouse', nameTa: 'காஞ்சி பட்டு பிளவுஸ்', category: 'saree-blouse', pricePaise: 150_000, images: [] },
      { name: 'Plain Palazzo', category: 'palazzo-pant', pricePaise: 50_000, images: [] },
    ]);
    const since = smtp.mails.length;
    const order = await placed(
      user,
      [
        [named!, 1],
        [plain!, 1],
      ],
      2000,
    );
    const lines = [
      { name: 'Kanchi Silk Blouse', nameTa: 'காஞ்சி பட்டு பிளவுஸ்' },
      { name: 'Plain Palazzo', nameTa: '' },
    ];
    expect(order.items).toMatchObject(lines);
    // The order's own copy: renaming the product later changes neither name.
    await context.database.db.update(products).set({ nameTa: 'வேறு பெயர்' }).where(eq(products.id, named!));
    context.app.catalog.invalidate();
    expect((await ordersOf(user))[0]!.items).toMatchObject(lines);
    const stored = await context.database.db
      .select({ nameTa: orderLines.nameTa })
      .from(orderLines)
      .where(inArray(orderLines.productId, [plain!]));
    expect(stored).toEqual([{ nameTa: null }]);

    const mail = await mailWith(user.email, order.orderId, since);
    const [english, tamil] = mail.split('உங்கள் ஆர்டருக்கு நன்றி') as [string, string];
    expect(english).toContain('Kanchi Silk Blouse × 1');
    expect(tamil).toContain('காஞ்சி பட்டு பிளவுஸ் × 1');
    expect(tamil).not.toContain('Kanchi Silk Blouse × 1');
    // Without a Tamil name, the Tamil part keeps the English one.
    expect(tamil).toContain('Plain Palazzo × 1');
  });
});

describe('placing an order: refusals that change nothing', () => {
  it('is a 400 "Please add your address first" without an address, and changes nothing', async () => {
    const user = await shopper({ address: false });
    await fillCart(user, [[ids[0]!, 1]]);
    const response = await place(user, [[ids[0]!, 1]], 1250.5);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please add your address first', code: 'bad_request', reason: 'order.addressFirst' });
    expect(await orderCount(user.id)).toBe(0);
    expect((await cartOf(user)).items).toHaveLength(1);
  });

  it.each([
    ['lower than the real total', 1000],
    ['higher than the real total', 5000],
    ['one paisa off', 1700.49],
  ])('refuses a totalAmt %s with a 409 giving the current total, and changes nothing', async (_name, totalAmt) => {
    const user = await shopper();
    await fillCart(user, [
      [ids[0]!, 1],
      [ids[1]!, 1],
    ]);
    const response = await place(
      user,
      [
        [ids[0]!, 1],
        [ids[1]!, 1],
      ],
      totalAmt,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Prices have changed. The current total is ₹1,700.50.',
      code: 'conflict',
      // The total as data, so the web can say it in Tamil (docs/product.md#languages).
      reason: 'order.priceChanged',
      params: { totalRupees: 1700.5 },
    });
    expect(await orderCount(user.id)).toBe(0);
    expect((await cartOf(user)).items.map((item) => item.quantity)).toEqual([1, 1]);
  });

  it('refuses the old total after the shop changed a price', async () => {
    const user = await shopper();
    const [product] = await seedProducts(context, [{ name: 'Maxi', category: 'maxi-frock', pricePaise: 100_000 }]);
    await context.database.db.update(products).set({ pricePaise: 125_000_050 }).where(eq(products.id, product!));
    context.app.catalog.invalidate();
    const response = await place(user, [[product!, 1]], 1000);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Prices have changed. The current total is ₹12,50,000.50.');
    expect((await place(user, [[product!, 1]], 1_250_000.5)).statusCode).toBe(201);
  });

  it('is a 404 for an unknown or deleted product, and changes nothing', async () => {
    const user = await shopper();
    const [doomed] = await seedProducts(context, [{ name: 'Soon gone', category: 'fleet-frock', pricePaise: 10_000 }]);
    await fillCart(user, [[ids[0]!, 1]]);
    await context.database.db.delete(products).where(eq(products.id, doomed!));
    context.app.catalog.invalidate();
    for (const missing of [UNKNOWN, doomed!]) {
      const response = await place(
        user,
        [
          [ids[0]!, 1],
          [missing, 1],
        ],
        1350.5,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Product not found', code: 'not_found', reason: 'order.productNotFound' });
    }
    expect(await orderCount(user.id)).toBe(0);
    expect((await cartOf(user)).items).toHaveLength(1);
  });

  describe('bad input → 400, nothing changed', () => {
    const item = (overrides: Record<string, unknown> = {}) => ({ productId: 'P0', quantity: 1, ...overrides });
    it.each([
      ['an extra price', { items: [item()], totalAmt: 1250.5, price: 1 }],
      ['an extra status', { items: [item()], totalAmt: 1250.5, status: 'delivered' }],
      ['an extra userId', { items: [item()], totalAmt: 1250.5, userId: 'someone' }],
      ['an extra role', { items: [item()], totalAmt: 1250.5, role: 'admin' }],
      ['a price on a line', { items: [item({ price: 1 })], totalAmt: 1250.5 }],
      ['quantity 0', { items: [item({ quantity: 0 })], totalAmt: 1250.5 }],
      ['a negative quantity', { items: [item({ quantity: -1 })], totalAmt: 1250.5 }],
      ['a fractional quantity', { items: [item({ quantity: 1.5 })], totalAmt: 1875.75 }],
      ['quantity 11', { items: [item({ quantity: 11 })], totalAmt: 13755.5 }],
      ['no items', { items: [], totalAmt: 1250.5 }],
      ['no totalAmt', { items: [item()] }],
      ['a zero total', { items: [item()], totalAmt: 0 }],
      ['a negative total', { items: [item()], totalAmt: -1250.5 }],
      ['a total with 3 decimals', { items: [item()], totalAmt: 1250.505 }],
      ['a total as text', { items: [item()], totalAmt: '1250.50' }],
      ['a malformed product id', { items: [item({ productId: 'abc' })], totalAmt: 1250.5 }],
      ['the same product twice', { items: [item(), item()], totalAmt: 2501 }],
    ])('%s', async (_name, payload) => {
      const user = await shopper();
      await fillCart(user, [[ids[0]!, 1]]);
      const body = JSON.parse(JSON.stringify(payload).replaceAll('P0', ids[0]!)) as unknown;
      const response = await call(user, 'POST', '/api/orders', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
      expect(await orderCount(user.id)).toBe(0);
      expect((await cartOf(user)).items).toHaveLength(1);
    });
  });
});

describe('placing an order: twice at once, and its order number', () => {
  it('never leaves a half-written order or a cart that disagrees when the same cart is ordered twice at once', async () => {
    const user = await shopper();
    await fillCart(user, [
      [ids[0]!, 2],
      [ids[1]!, 1],
    ]);
    const items: [string, number][] = [
      [ids[0]!, 2],
      [ids[1]!, 1],
    ];
    const responses = await Promise.all([place(user, items, 2951), place(user, items, 2951)]);
    const succeeded = responses.filter((response) => response.statusCode === 201);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) expect([201, 409, 404]).toContain(response.statusCode);

    const stored = await context.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(stored).toHaveLength(succeeded.length);
    const lines = await context.database.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          stored.map((row) => row.id),
        ),
      );
    for (const order of stored) {
      const own = lines.filter((line) => line.orderId === order.id);
      expect(own).toHaveLength(2);
      expect(own.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0)).toBe(order.totalPaise);
      expect(order.totalPaise).toBe(295_100);
    }
    expect(new Set(stored.map((row) => row.orderNumber)).size).toBe(stored.length);
    expect((await cartOf(user)).items).toEqual([]);
  });

  it('draws another order number on the rare collision', async () => {
    const user = await shopper();
    const first = await placed(user, [[ids[1]!, 1]], 450);
    const fresh = generateOrderNumber();
    const numbers = [first.orderId, first.orderId, fresh];
    const { order } = await placeOrder(
      context.database.db,
      user.id,
      { items: [{ productId: ids[1]!, quantity: 1 }], totalAmt: 450 },
      {
        orderNumber: () => numbers.shift()!,
      },
    );
    expect(order.orderId).toBe(fresh);
    expect(await orderCount(user.id)).toBe(2);
  });

  it('draws order numbers from the unambiguous alphabet', () => {
    const drawn = new Set(Array.from({ length: 500 }, generateOrderNumber));
    expect(drawn.size).toBe(500);
    for (const number of drawn) expect(number).toMatch(ORDER_NUMBER);
    expect([...drawn].join('')).not.toMatch(/[01OIL]/);
  });
});

describe('my orders', () => {
  it("lists only the user's own orders, newest first, with their lines", async () => {
    const user = await shopper();
    const other = await shopper();
    const older = await placed(user, [[ids[1]!, 2]], 900);
    const newer = await placed(
      user,
      [
        [ids[0]!, 1],
        [ids[2]!, 2],
      ],
      2451,
    );
    await placed(other, [[ids[1]!, 1]], 450);
    const list = await ordersOf(user);
    expect(list.map((order) => order.orderId)).toEqual([newer.orderId, older.orderId]);
    expect(list[0]).toEqual(newer);
    expect(list[0]!.items.map((item) => item.name)).toEqual(['Silk Blouse', 'Palazzo']);
    expect((await ordersOf(other)).map((order) => order.orderId)).not.toContain(newer.orderId);
  });

  it('answers an empty list to a user without orders', async () => {
    expect(await ordersOf(await shopper())).toEqual([]);
  });
});

describe('cancelling an order', () => {
  let user: TestUser;
  let order: Order;

  beforeEach(async () => {
    user = await shopper();
    order = await placed(
      user,
      [
        [ids[0]!, 1],
        [ids[1]!, 2],
      ],
      2150.5,
    );
  });

  async function cancelledRecords(orderNumber: string) {
    return context.database.db.select().from(cancelledOrders).where(eq(cancelledOrders.orderNumber, orderNumber));
  }

  it("records the cancellation from the order's own lines, keeps the order cancelled, and mails the shop", async () => {
    const since = smtp.mails.length;
    const response = await call(user, 'POST', '/api/orders/cancel', {
      orderId: order.orderId,
      reason: '  Wrong size chosen  ',
      // The client's items are never trusted.
      items: [{ name: 'Something else', image: 'https://evil.example/x.png' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Order canceled successfully' });
    expect((await ordersOf(user)).map((listed) => [listed.orderId, listed.status, listed.reason])).toEqual([
      [order.orderId, 'cancelled', 'Wrong size chosen'],
    ]);
    const lines = await context.database.db.select().from(orderLines);
    expect(lines.filter((line) => line.name === 'Something else')).toEqual([]);

    const [record] = await cancelledRecords(order.orderId);
    expect(record).toMatchObject({
      userId: user.id,
      username: user.username,
      phoneNumber: '9876543210',
      reason: 'Wrong size chosen',
      productInfo: [
        { name: 'Silk Blouse', image: '/uploads/products/s1-640.webp' },
        { name: 'Cotton Nightie', image: '/uploads/products/n1-640.webp' },
      ],
    });
    const mail = await mailWith(SHOP, `cancelled order ${order.orderId}`, since);
    expect(mail).toContain('Reason: Wrong size chosen');
    expect(mail).toContain('9876543210');
    expect(mail).toContain('Silk Blouse, Cotton Nightie');
    expect(mail).toContain(`ஆர்டர் ${order.orderId} (₹2,150.50) ஐ ரத்து செய்தார்`);
  });

  it("is a 404 'Order not found' for another user's order, which stays", async () => {
    const intruder = await shopper();
    const response = await call(intruder, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Order not found', code: 'not_found', reason: 'order.orderNotFound' });
    expect((await ordersOf(user)).map((listed) => listed.orderId)).toEqual([order.orderId]);
    expect(await cancelledRecords(order.orderId)).toEqual([]);
  });

  it("is a 409 'Delivered orders cannot be cancelled' for a delivered order, which stays", async () => {
    await context.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.orderNumber, order.orderId));
    const response = await call(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Delivered orders cannot be cancelled',
      code: 'conflict',
      reason: 'order.deliveredNotCancellable',
    });
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await cancelledRecords(order.orderId)).toEqual([]);
  });

  it.each(['visited', 'designed'] as const)('cancels an order at status %s', async (status) => {
    await context.database.db.update(orders).set({ status }).where(eq(orders.orderNumber, order.orderId));
    expect((await call(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Changed my mind' })).statusCode).toBe(200);
  });

  it.each([
    ['an empty reason', { reason: '' }, 400, ORDER_MESSAGES.blankReason],
    ['a blank reason', { reason: '   \n ' }, 400, ORDER_MESSAGES.blankReason],
    ['no reason', { reason: undefined }, 400, undefined],
    ['an extra status', { reason: 'x', status: 'call' }, 400, undefined],
    ['an extra userId', { reason: 'x', userId: 'someone' }, 400, undefined],
    ['items with an extra price', { reason: 'x', items: [{ name: 'a', image: 'b', price: 1 }] }, 400, undefined],
    ['an unknown order', { reason: 'x', orderId: 'TH-ZZZZZZ' }, 404, ORDER_MESSAGES.orderNotFound],
    ['an empty order id', { reason: 'x', orderId: '' }, 400, undefined],
  ])('%s → %i, nothing changed', async (_name, overrides, status, message) => {
    const response = await call(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, ...overrides });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    expect((await ordersOf(user)).map((listed) => listed.status)).toEqual(['call']);
    expect(await cancelledRecords(order.orderId)).toEqual([]);
  });

  it('cancels once when asked twice at once', async () => {
    const responses = await Promise.all([
      call(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'twice' }),
      call(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'twice' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await cancelledRecords(order.orderId)).toHaveLength(1);
  });
});

describe('mail', () => {
  it('sends the shop mail to every admin when SHOP_EMAIL is unset', async () => {
    const local = await createTestContext({ SMTP_URL: smtp.url });
    try {
      const [product] = await seedProducts(local, [{ name: 'Blouse', pricePaise: 50_000 }]);
      const admin = await createUser(local, { role: 'admin' });
      const user = await createUser(local);
      await local.database.db.insert(addresses).values({
        userId: user.id,
        name: 'Meena',
        phoneNumber: '9876543210',
        doorNumber: '1',
        street: 'Main',
        city: 'pollachi',
        state: 'tamilnadu',
        pinCode: '642001',
      });
      const since = smtp.mails.length;
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: user.cookie },
        payload: { items: [{ productId: product, quantity: 1 }], totalAmt: 500 },
      });
      expect(response.statusCode).toBe(201);
      await mailWith(admin.email, `New order ${response.json().order.orderId}`, since);
    } finally {
      await local.close();
    }
  });

  it('still places the order when mail cannot be sent', async () => {
    // Port 9 on loopback: nothing listens, so every send fails.
    const local = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9', SHOP_EMAIL: SHOP });
    try {
      const [product] = await seedProducts(local, [{ name: 'Blouse', pricePaise: 50_000 }]);
      const user = await createUser(local);
      await local.database.db.insert(addresses).values({
        userId: user.id,
        name: 'Meena',
        phoneNumber: '9876543210',
        doorNumber: '1',
        street: 'Main',
        city: 'pollachi',
        state: 'tamilnadu',
        pinCode: '642001',
      });
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: user.cookie },
        payload: { items: [{ productId: product, quantity: 2 }], totalAmt: 1000 },
      });
      expect(response.statusCode).toBe(201);
      expect((await local.database.db.select().from(orders)).map((row) => row.totalPaise)).toEqual([100_000]);
    } finally {
      await local.close();
    }
  });
});
