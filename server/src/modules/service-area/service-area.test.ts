import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  AREA_MESSAGES,
  AREA_WAITLIST_RATE_LIMIT,
  AdminServiceAreaSchema,
  AreaRequestListSchema,
  LIMITS,
  ServiceAreaCheckSchema,
} from '@thaiyal/contract';
import { addresses, areaRequests, orders, servedPinCodes } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { call, CookieJar } from '../../../test/auth-support.js';

let context: TestContext;
let admin: TestUser;
let customer: TestUser;
let productId: string;

/** The pin codes the first migration serves (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md). */
const POLLACHI = ['642001', '642002', '642003', '642004', '642005', '642006', '642007'];
const ADDRESS = { name: 'Meena', phoneNumber: '9876543210', doorNumber: '12A', street: 'Kovai Road', pinCode: '642001' };

function as(user: TestUser): Record<string, string> {
  return { cookie: user.cookie };
}

async function restorePollachi() {
  const response = await call(context.app, 'PUT', '/api/admin/service-area', {
    body: { pinCodes: POLLACHI.map((pinCode) => ({ pinCode, area: 'Pollachi', areaTa: 'பொள்ளாச்சி' })) },
    headers: as(admin),
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  customer = await createUser(context);
  productId = (await seedProducts(context, [{ name: 'Area Blouse', pricePaise: 80_000 }]))[0]!;
});

afterAll(async () => {
  await context?.close();
});

beforeEach(async () => {
  await context.database.db.delete(areaRequests);
  await restorePollachi();
});

describe('GET /api/service-area/:pinCode (docs/product.md#service-area)', () => {
  it('starts with the Pollachi pin codes, 642001 to 642007, in English and Tamil', async () => {
    for (const pinCode of POLLACHI) {
      const response = await call(context.app, 'GET', `/api/service-area/${pinCode}`);
      expect(response.statusCode).toBe(200);
      expect(ServiceAreaCheckSchema.parse(response.json())).toEqual({ pinCode, served: true, area: 'Pollachi', areaTa: 'பொள்ளாச்சி' });
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it.each(['642008', '641001', '600001', '642103'])('answers served: false for %s', async (pinCode) => {
    const response = await call(context.app, 'GET', `/api/service-area/${pinCode}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pinCode, served: false, area: null, areaTa: null });
  });

  it.each(['64200', '6420011', '64200x', '%20642001x', 'abcdef'])('refuses the pin code %j with the pin-code message', async (pinCode) => {
    const response = await call(context.app, 'GET', `/api/service-area/${pinCode}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: ADDRESS_MESSAGES.pinCode, reason: 'address.pinCode' });
  });
});

describe('POST /api/service-area/waitlist', () => {
  it('stores a phone as its 10 digits or an e-mail lower-cased, once per pin code and contact', async () => {
    const db = context.database.db;
    for (const contact of ['+91 98430 12345', '098430 12345', 'Priya@Example.COM', 'priya@example.com']) {
      const response = await call(context.app, 'POST', '/api/service-area/waitlist', { body: { pinCode: '642103', contact } });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: AREA_MESSAGES.waitlistSaved });
      expect(response.json().message).toBe(AREA_MESSAGES.waitlistSaved);
    }
    const rows = await db.select().from(areaRequests).orderBy(areaRequests.contact);
    expect(rows.map((row) => [row.pinCode, row.contact, row.userId])).toEqual([
      ['642103', '9843012345', null],
      ['642103', 'priya@example.com', null],
    ]);
  });

  it("links a signed-in shopper's request to her account", async () => {
    const response = await call(context.app, 'POST', '/api/service-area/waitlist', {
      body: { pinCode: '642104', contact: '98430 12345' },
      headers: as(customer),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await context.database.db.select().from(areaRequests);
    expect(row).toMatchObject({ pinCode: '642104', contact: '9843012345', userId: customer.id });
  });

  it('answers 409 for a pin code the shop already serves, and stores nothing', async () => {
    const response = await call(context.app, 'POST', '/api/service-area/waitlist', { body: { pinCode: '642002', contact: '9843012345' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: AREA_MESSAGES.alreadyServed, reason: 'area.alreadyServed' });
    expect(await context.database.db.select().from(areaRequests)).toEqual([]);
  });

  it.each([
    ['no contact', { pinCode: '642103' }, AREA_MESSAGES.contactInvalid, 'area.contactInvalid'],
    ['a 9-digit phone', { pinCode: '642103', contact: '98430 1234' }, AREA_MESSAGES.contactInvalid, 'area.contactInvalid'],
    ['a broken e-mail', { pinCode: '642103', contact: 'priya@' }, AREA_MESSAGES.contactInvalid, 'area.contactInvalid'],
    ['a contact that is a number', { pinCode: '642103', contact: 9843012345 }, AREA_MESSAGES.contactInvalid, 'area.contactInvalid'],
    ['an e-mail too long', { pinCode: '642103', contact: `${'a'.repeat(250)}@x.in` }, AREA_MESSAGES.contactInvalid, 'area.contactInvalid'],
    ['no pin code', { contact: '9843012345' }, ADDRESS_MESSAGES.pinCode, 'address.pinCode'],
    ['a 5-digit pin code', { pinCode: '64210', contact: '9843012345' }, ADDRESS_MESSAGES.pinCode, 'address.pinCode'],
    ['an extra field', { pinCode: '642103', contact: '9843012345', userId: 'x' }, 'Unrecognized key: "userId"', undefined],
  ])('refuses %s with a 400 and stores nothing', async (_label, body, message, reason) => {
    const response = await call(context.app, 'POST', '/api/service-area/waitlist', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'bad_request' });
    expect(response.json().reason).toBe(reason);
    expect(await context.database.db.select().from(areaRequests)).toEqual([]);
  });

  it(`answers 429 after ${AREA_WAITLIST_RATE_LIMIT.max} requests from one address`, async () => {
    const ip = '203.0.113.77';
    for (let index = 0; index < AREA_WAITLIST_RATE_LIMIT.max; index++) {
      const body = { pinCode: '642109', contact: `asker${index}@example.com` };
      expect((await call(context.app, 'POST', '/api/service-area/waitlist', { body, ip })).statusCode).toBe(201);
    }
    const refused = await call(context.app, 'POST', '/api/service-area/waitlist', {
      body: { pinCode: '642109', contact: 'one-more@example.com' },
      ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: AREA_MESSAGES.tooMany, reason: 'area.tooMany' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the admin sets the served pin codes (PUT /api/admin/service-area)', () => {
  it('replaces the list in the order given; the check, the address form and orders follow at once', async () => {
    const jar = new CookieJar();
    jar.set('access_token', customer.accessToken);
    await call(context.app, 'POST', '/api/service-area/waitlist', { body: { pinCode: '642103', contact: 'a@example.com' } });
    await call(context.app, 'POST', '/api/service-area/waitlist', { body: { pinCode: '642103', contact: 'b@example.com' } });
    await call(context.app, 'POST', '/api/service-area/waitlist', { body: { pinCode: '642120', contact: 'c@example.com' } });

    // Before: 642103 is not served; an address there is refused with a message naming the area.
    const refused = await call(context.app, 'POST', '/api/auth/address', { body: { ...ADDRESS, pinCode: '642103' }, jar });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'We do not visit pin code 642103 yet. Our tailor visits homes only in the Pollachi area.',
      code: 'bad_request',
      reason: 'area.notServed',
      params: { pinCode: '642103' },
    });
    expect(await context.database.db.select().from(addresses).where(eq(addresses.userId, customer.id))).toEqual([]);

    const response = await call(context.app, 'PUT', '/api/admin/service-area', {
      body: {
        pinCodes: [
          { pinCode: '642103', area: ' Kottur ', areaTa: 'கோட்டூர்' },
          { pinCode: '642001', area: 'Pollachi' },
        ],
      },
      headers: as(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = AdminServiceAreaSchema.parse(response.json());
    expect(body.pinCodes).toEqual([
      { pinCode: '642103', area: 'Kottur', areaTa: 'கோட்டூர்' },
      { pinCode: '642001', area: 'Pollachi', areaTa: '' },
    ]);
    expect(body.requests.map(({ pinCode, count, served }) => ({ pinCode, count, served }))).toEqual([
      { pinCode: '642103', count: 2, served: true },
      { pinCode: '642120', count: 1, served: false },
    ]);
    expect((await call(context.app, 'GET', '/api/service-area/642103')).json()).toMatchObject({ served: true, area: 'Kottur' });
    expect((await call(context.app, 'GET', '/api/service-area/642002')).json()).toMatchObject({ served: false });

    const saved = await call(context.app, 'POST', '/api/auth/address', { body: { ...ADDRESS, pinCode: '642103' }, jar });
    expect(saved.statusCode).toBe(200);

    // GET answers the same view.
    const view = await call(context.app, 'GET', '/api/admin/service-area', { headers: as(admin) });
    expect(view.json()).toEqual(response.json());
  });

  it('refuses an order whose saved address is no longer served (409), and places it once the pin code is back', async () => {
    const shopper = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', shopper.accessToken);
    expect((await call(context.app, 'POST', '/api/auth/address', { body: { ...ADDRESS, pinCode: '642005' }, jar })).statusCode).toBe(200);
    await call(context.app, 'PUT', '/api/admin/service-area', {
      body: { pinCodes: [{ pinCode: '642001', area: 'Pollachi' }] },
      headers: as(admin),
    });
    const order = { items: [{ productId, quantity: 1 }], totalAmt: 800 };
    const refused = await call(context.app, 'POST', '/api/orders', { body: order, jar });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'area.notServed', params: { pinCode: '642005' } });
    expect(await context.database.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    await restorePollachi();
    expect((await call(context.app, 'POST', '/api/orders', { body: order, jar })).statusCode).toBe(201);
  });

  it('lists the requests themselves, for one pin code or all, newest first', async () => {
    for (const [pinCode, contact] of [
      ['642120', 'first@example.com'],
      ['642103', '98430 12345'],
      ['642120', 'second@example.com'],
    ]) {
      await call(context.app, 'POST', '/api/service-area/waitlist', { body: { pinCode, contact } });
    }
    const one = await call(context.app, 'GET', '/api/admin/service-area/requests?pinCode=642120', { headers: as(admin) });
    expect(one.statusCode).toBe(200);
    expect(
      AreaRequestListSchema.parse(one.json())
        .requests.map((request) => request.contact)
        .sort(),
    ).toEqual(['first@example.com', 'second@example.com']);
    const all = await call(context.app, 'GET', '/api/admin/service-area/requests', { headers: as(admin) });
    expect(all.json().requests).toHaveLength(3);
    const bad = await call(context.app, 'GET', '/api/admin/service-area/requests?pinCode=1', { headers: as(admin) });
    expect(bad.statusCode).toBe(400);
  });

  const entry = { pinCode: '642001', area: 'Pollachi' };
  it.each([
    ['an empty list', { pinCodes: [] }, AREA_MESSAGES.pinCodesRequired],
    ['no list', {}, 'Invalid input: expected array, received undefined'],
    ['a pin code twice', { pinCodes: [entry, { ...entry, area: 'Again' }] }, AREA_MESSAGES.duplicatePinCode],
    ['a 5-digit pin code', { pinCodes: [{ ...entry, pinCode: '64200' }] }, ADDRESS_MESSAGES.pinCode],
    ['a blank area', { pinCodes: [{ ...entry, area: '  ' }] }, AREA_MESSAGES.areaRequired],
    ['no area', { pinCodes: [{ pinCode: '642001' }] }, AREA_MESSAGES.areaRequired],
    ['an area too long', { pinCodes: [{ ...entry, area: 'x'.repeat(81) }] }, AREA_MESSAGES.areaTooLong],
    ['a Tamil area too long', { pinCodes: [{ ...entry, areaTa: 'த'.repeat(81) }] }, AREA_MESSAGES.areaTooLong],
    [
      'too many pin codes',
      { pinCodes: Array.from({ length: LIMITS.maxServedPinCodes + 1 }, (_, index) => ({ pinCode: String(600000 + index), area: 'X' })) },
      `Too big: expected array to have <=${LIMITS.maxServedPinCodes} items`,
    ],
    ['an extra field', { pinCodes: [{ ...entry, served: true }] }, 'Unrecognized key: "served"'],
  ])('refuses %s with a 400 and changes nothing', async (_label, body, message) => {
    const before = await context.database.db.select().from(servedPinCodes);
    const response = await call(context.app, 'PUT', '/api/admin/service-area', { body, headers: as(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'bad_request' });
    expect(await context.database.db.select().from(servedPinCodes)).toEqual(before);
  });
});
