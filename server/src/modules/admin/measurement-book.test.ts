import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  AdminOrderListResponseSchema,
  ErrorBodySchema,
  MAX_PROFILE_VERSIONS,
  MeasuredResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  ProfileListResponseSchema,
  ProfileResponseSchema,
  type MeasurementProfile,
} from '@thaiyal/contract';
import { measurementProfiles, orderLines, orders } from '../../db/schema/index.js';
import { seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { openOrderTestBed, type OrderTestBed } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';

// docs/product.md#the-measurement-book: the owner records what she measured at the visit, per
// garment; with one tap it becomes a version of the customer's profile.

let bed: OrderTestBed;
let context: TestContext, admin: TestUser;
let blouse: string, frock: string, pavadai: string;
// The app's clock, moved by hand from the real time (sessions stay valid).
const clock = manualClock(new Date());

beforeAll(async () => {
  bed = await openOrderTestBed({ clock });
  ({ context, admin } = bed);
  [blouse, frock, pavadai] = (await seedProducts(context, [
    { name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 100_000, images: [] },
    { name: 'Girls Frock', category: 'frock', pricePaise: 150_000, images: [] },
    { name: 'Pattu Pavadai', category: 'pattupavadai', pricePaise: 200_000, images: [] },
  ])) as [string, string, string];
});

afterAll(() => bed?.close());

/** A new shopper's profile `name` with `measurements` (mm). */
async function profileOf(user: TestUser, name: string, measurements: Record<string, number>): Promise<string> {
  const response = await bed.send(user, 'POST', '/api/measurements', { name, measurements });
  expect(response.statusCode).toBe(201);
  return ProfileResponseSchema.parse(response.json()).profile._id;
}

/** `user` places an order of a blouse for `profileId` (null: measured at the visit) and a frock measured at the visit. */
async function placeOrder(user: TestUser, profileId: string | null): Promise<string> {
  const response = await bed.send(user, 'POST', '/api/orders', {
    items: [
      { productId: blouse, quantity: 1, stitching: { profileId } },
      { productId: frock, quantity: 1 },
    ],
    totalAmt: 2500,
  });
  expect(response.statusCode).toBe(201);
  return OrderResponseSchema.parse(response.json()).order.orderId;
}

function record(orderId: string, payload: unknown, user: TestUser | undefined = admin) {
  return bed.send(user, 'PUT', `/api/admin/orders/${orderId}/measurements`, payload as object);
}

async function profilesOf(user: TestUser): Promise<MeasurementProfile[]> {
  const response = await bed.send(user, 'GET', '/api/measurements');
  expect(response.statusCode).toBe(200);
  return ProfileListResponseSchema.parse(response.json()).profiles;
}

/** Every stored line's `measured` and the shopper's profiles' rows: what an error must leave as it was. */
async function storedState() {
  const lines = await context.database.db
    .select({ id: orderLines.id, measured: orderLines.measured })
    .from(orderLines)
    .orderBy(orderLines.id);
  const profiles = await context.database.db.select().from(measurementProfiles).orderBy(measurementProfiles.id);
  return { lines, profiles };
}

const MEASURED = { bust: 860, waist: 720, shoulder: 370 };

/** A table's payload with 'BLOUSE' read as the blouse's id (the table is built before the products are seeded). */
function withIds(payload: object): object {
  return JSON.parse(JSON.stringify(payload).replaceAll('"BLOUSE"', JSON.stringify(blouse))) as object;
}

describe('PUT /api/admin/orders/:orderId/measurements: bad input changes nothing', () => {
  let meena: TestUser, orderId: string, delivered: string, cancelled: string;

  beforeAll(async () => {
    meena = await bed.shopper();
    const priya = await bed.shopper();
    const profileId = await profileOf(meena, 'Me', { bust: 850 });
    orderId = await placeOrder(meena, profileId);
    // Another order, holding a product this one does not.
    const other = await bed.send(priya, 'POST', '/api/orders', { items: [{ productId: pavadai, quantity: 1 }], totalAmt: 2000 });
    expect(other.statusCode).toBe(201);
    delivered = await placeOrder(priya, null);
    await context.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.orderNumber, delivered));
    cancelled = await placeOrder(await bed.shopper(), null);
    await context.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNumber, cancelled));
  });

  it.each([
    ['a value below its range', () => orderId, { lines: [{ productId: 'BLOUSE', measurements: { bust: 399 } }] }, 400, 'measurement.bust'],
    [
      'a value above its range',
      () => orderId,
      { lines: [{ productId: 'BLOUSE', measurements: { waist: 1701 } }] },
      400,
      'measurement.waist',
    ],
    [
      'a fraction of a millimetre',
      () => orderId,
      { lines: [{ productId: 'BLOUSE', measurements: { bust: 860.5 } }] },
      400,
      'measurement.bust',
    ],
    ['an unknown field', () => orderId, { lines: [{ productId: 'BLOUSE', measurements: { neck: 300 } }] }, 400, undefined],
    ['no measurement at all', () => orderId, { lines: [{ productId: 'BLOUSE', measurements: {} }] }, 400, 'admin.measuredEmpty'],
    ['an unknown unit', () => orderId, { lines: [{ productId: 'BLOUSE', measurements: MEASURED, unit: 'mm' }] }, 400, undefined],
    [
      'a note too long',
      () => orderId,
      { lines: [{ productId: 'BLOUSE', measurements: MEASURED, note: 'x'.repeat(301) }] },
      400,
      'admin.measuredNoteTooLong',
    ],
    [
      'a product not on the order',
      () => orderId,
      { lines: [{ productId: '00000000-0000-4000-8000-000000000000', measurements: MEASURED }] },
      400,
      'admin.measuredLineUnknown',
    ],
    [
      'the same garment twice',
      () => orderId,
      {
        lines: [
          { productId: 'BLOUSE', measurements: MEASURED },
          { productId: 'BLOUSE', measurements: MEASURED },
        ],
      },
      400,
      'admin.measuredLineTwice',
    ],
    ['an unknown body key', () => orderId, { lines: [{ productId: 'BLOUSE', measurements: MEASURED }], extra: 1 }, 400, undefined],
    ['no lines', () => orderId, { lines: [] }, 400, undefined],
    ['an unknown order', () => 'TH-ZZZZZZ', { lines: [{ productId: 'BLOUSE', measurements: MEASURED }] }, 404, 'order.orderNotFound'],
    ['a delivered order', () => delivered, { lines: [{ productId: 'BLOUSE', measurements: MEASURED }] }, 409, 'admin.measurementsLocked'],
    ['a cancelled order', () => cancelled, { lines: [{ productId: 'BLOUSE', measurements: MEASURED }] }, 409, 'admin.measurementsLocked'],
  ])('%s is refused', async (_name, order, payload, status, reason) => {
    const before = await storedState();
    const response = await record(order(), { ...withIds(payload), saveToProfile: true });
    expect(response.statusCode).toBe(status);
    const body = ErrorBodySchema.parse(response.json());
    if (reason) expect(body.reason).toBe(reason);
    expect(await storedState()).toEqual(before);
  });

  it("refuses another order's line, even beside a line of this order", async () => {
    const before = await storedState();
    const response = await record(orderId, {
      lines: [
        { productId: blouse, measurements: MEASURED },
        { productId: pavadai, measurements: MEASURED },
      ],
      saveToProfile: true,
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).reason).toBe('admin.measuredLineUnknown');
    expect(await storedState()).toEqual(before);
  });

  it.each([
    ['a visitor', 'visitor', 401],
    ['a customer, even the order’s own', 'meena', 403],
  ] as const)('%s is refused (%i)', async (_name, who, status) => {
    const before = await storedState();
    const response = await bed.send(who === 'meena' ? meena : undefined, 'PUT', `/api/admin/orders/${orderId}/measurements`, {
      lines: [{ productId: blouse, measurements: MEASURED }],
    });
    expect(response.statusCode).toBe(status);
    expect(await storedState()).toEqual(before);
  });
});

describe('recording measurements: the order answers them', () => {
  it('keeps them on the line beside what the shopper typed, in the admin answer, the admin list and My Orders', async () => {
    const meena = await bed.shopper();
    const orderId = await placeOrder(meena, await profileOf(meena, 'Me', { bust: 850 }));
    const response = await record(orderId, {
      lines: [{ productId: blouse, measurements: MEASURED, unit: 'cm', note: '  keep 1 inch margin at the side seams ' }],
    });
    expect(response.statusCode).toBe(200);
    const { message, order } = MeasuredResponseSchema.parse(response.json());
    expect(message).toBe(ADMIN_MESSAGES.measurementsSaved);
    const measured = { measurements: MEASURED, unit: 'cm', note: 'keep 1 inch margin at the side seams', at: clock.now().toISOString() };
    expect(order.items.map((item) => item.measured)).toEqual([measured, null]);
    expect(order.items[0]!.stitching.profile).toMatchObject({ name: 'Me', measurements: { bust: 850 } });

    const list = AdminOrderListResponseSchema.parse((await bed.send(admin, 'GET', '/api/orders/status')).json());
    expect(list.orders.find((one) => one.orderId === orderId)!.items.map((item) => item.measured)).toEqual([measured, null]);
    const mine = OrderListResponseSchema.parse((await bed.send(meena, 'GET', '/api/orders')).json());
    expect(mine.orders.find((one) => one.orderId === orderId)!.items.map((item) => item.measured)).toEqual([measured, null]);
    // Without saveToProfile her profile stays as she typed it.
    expect((await profilesOf(meena))[0]).toMatchObject({ measurements: { bust: 850 }, versions: [{ source: 'shopper' }] });
  });
});

describe('saveToProfile: the measurements become a version of her profile', () => {
  it("adds a 'shop' version to the line's profile, and a new profile for a line that had none", async () => {
    const meena = await bed.shopper();
    const stranger = await bed.shopper();
    const strangers = await profileOf(stranger, 'Me', { bust: 900 });
    const profileId = await profileOf(meena, 'Me', { bust: 850 });
    const orderId = await placeOrder(meena, profileId);
    clock.advance(60_000);
    const response = await record(orderId, {
      lines: [
        { productId: blouse, measurements: MEASURED },
        { productId: frock, measurements: { chest: 640, topLength: 700 }, unit: 'cm' },
      ],
      saveToProfile: true,
    });
    expect(response.statusCode).toBe(200);
    const [me, frockProfile] = await profilesOf(meena);
    expect(me).toMatchObject({ _id: profileId, name: 'Me', measurements: MEASURED });
    expect(me!.versions!.map((version) => [version.source, version.measurements])).toEqual([
      ['shop', MEASURED],
      ['shopper', { bust: 850 }],
    ]);
    expect(me!.versions![0]!.at).toBe(clock.now().toISOString());
    expect(frockProfile).toMatchObject({ name: 'Girls Frock', unit: 'cm', measurements: { chest: 640, topLength: 700 } });
    expect(frockProfile!.versions!.map((version) => version.source)).toEqual(['shop']);
    // Another shopper's profile is never touched.
    expect(await profilesOf(stranger)).toMatchObject([{ _id: strangers, measurements: { bust: 900 }, versions: [{ source: 'shopper' }] }]);

    // Measured again: the frock's line now names the profile made for it, so no second profile.
    await record(orderId, { lines: [{ productId: frock, measurements: { chest: 650 } }], saveToProfile: true });
    const again = await profilesOf(meena);
    expect(again).toHaveLength(2);
    expect(again[1]!.versions!.map((version) => version.measurements)).toEqual([{ chest: 650 }, { chest: 640, topLength: 700 }]);
  });

  it('names a new profile with the order number when her profiles already have the garment’s name', async () => {
    const meena = await bed.shopper();
    await profileOf(meena, 'girls frock', { chest: 600 });
    const orderId = await placeOrder(meena, null);
    clock.advance(1000);
    const response = await record(orderId, { lines: [{ productId: frock, measurements: { chest: 640 } }], saveToProfile: true });
    expect(response.statusCode).toBe(200);
    expect((await profilesOf(meena)).map((profile) => profile.name)).toEqual(['girls frock', `Girls Frock (${orderId})`]);
  });

  it(`keeps at most ${MAX_PROFILE_VERSIONS} versions, dropping the oldest`, async () => {
    const meena = await bed.shopper();
    const orderId = await placeOrder(meena, await profileOf(meena, 'Me', { bust: 800 }));
    for (let bust = 801; bust <= 800 + MAX_PROFILE_VERSIONS; bust++) {
      clock.advance(1000);
      expect((await record(orderId, { lines: [{ productId: blouse, measurements: { bust } }], saveToProfile: true })).statusCode).toBe(200);
    }
    const versions = (await profilesOf(meena))[0]!.versions!;
    expect(versions).toHaveLength(MAX_PROFILE_VERSIONS);
    expect(versions[0]!.measurements).toEqual({ bust: 800 + MAX_PROFILE_VERSIONS });
    // The shopper's first version, the oldest, was dropped for the 21st.
    expect(versions.at(-1)!.measurements).toEqual({ bust: 801 });
    expect(versions.every((version) => version.source === 'shop')).toBe(true);
  });
});

describe("the shopper's own edits are versions too", () => {
  it("adds a 'shopper' version when she changes her measurements, none when she only renames", async () => {
    const meena = await bed.shopper();
    const profileId = await profileOf(meena, 'Me', { bust: 850 });
    clock.advance(1000);
    const edited = await bed.send(meena, 'PUT', `/api/measurements/${profileId}`, { name: 'Me', measurements: { bust: 860 } });
    expect(edited.statusCode).toBe(200);
    expect(ProfileResponseSchema.parse(edited.json()).profile.versions!.map((version) => [version.source, version.measurements])).toEqual([
      ['shopper', { bust: 860 }],
      ['shopper', { bust: 850 }],
    ]);
    await bed.send(meena, 'PUT', `/api/measurements/${profileId}`, { name: 'Meena', measurements: { bust: 860 } });
    expect((await profilesOf(meena))[0]!.versions).toHaveLength(2);
    // Another shopper cannot edit it: her 404 adds no version.
    const stranger = await bed.shopper();
    const refused = await bed.send(stranger, 'PUT', `/api/measurements/${profileId}`, { name: 'Me', measurements: { bust: 999 } });
    expect(refused.statusCode).toBe(404);
    expect((await profilesOf(meena))[0]!.versions).toHaveLength(2);
  });
});
