import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MEASUREMENT_FIELDS, ORDER_STATUSES, PRODUCT_CATEGORIES } from '@thaiyal/contract';
import { banners, cancelledOrders, visitSlots } from '../../src/db/schema/index.js';
import { insertOrder, uploadedFiles } from '../admin-support.js';
import { call, CookieJar, freshIp } from '../auth-support.js';
import { changedTables, snapshotDb, type DbSnapshot } from '../db-snapshot.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';
import { listRoutes } from '../security/support.js';
import {
  bodies,
  contentType,
  nastyKey,
  nastyString,
  nearMiss,
  object,
  pathSegment,
  toJsonText,
  type JsonNode,
  type JsonObject,
} from './arbitraries.js';

/**
 * Property-based fuzzing of every JSON endpoint (docs/security.md#how-it-is-checked; ASVS 2.2.1 input validation,
 * 15.3.6 prototype pollution, 16.5.3 fail securely): random and mutated bodies and path
 * parameters, sent as a visitor, a customer, an admin (and, for the one-time code, a pending
 * sign-up), never get a 5xx; a refused request (4xx) changes no row of any table and answers
 * `{message, code}`. Runs per endpoint and role: FUZZ_RUNS (default 40) where the role gets
 * past the guard, a quarter of that where it is refused at the door. FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const FEW = Math.max(5, Math.round(RUNS / 4));
/** FUZZ_STATS=1 prints how often each endpoint answered each status (to see the fuzz reach past validation). */
const stats = new Map<string, Map<number, number>>();
function count(name: string, status: number): void {
  const byStatus = stats.get(name) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  stats.set(name, byStatus);
}

type Role = 'visitor' | 'customer' | 'admin' | 'pending';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Endpoint {
  method: Method;
  path: string;
  /** How many runs per role; a role left out is not fuzzed on this endpoint. */
  runs: Partial<Record<Role, number>>;
  /** Valid bodies, which the fuzzer mutates; omitted for routes that read no body. */
  body?: fc.Arbitrary<JsonObject>;
  /** A generator per path parameter (raw values; they are encoded or mangled here). */
  params?: Record<string, fc.Arbitrary<string>>;
  /** Tables a refused request may change by design (documented per endpoint). */
  mayChange?: string[];
  /** A page, not the API: its refusal may be an HTML page (docs/product.md#sharing-an-orders-progress) rather than `{message, code}`. */
  html?: boolean;
}

let context: TestContext;
let customer: TestUser;
let admin: TestUser;
let pendingJar: CookieJar;
let productIds: string[];
let orderNumbers: string[];
let bannerId: string;
let cancelledId: string;
let profileId: string;
let slotIds: string[];
const PRICES_PAISE = [125_050, 89_900];

beforeAll(async () => {
  context = await createTestContext();
  customer = await createUser(context);
  admin = await createUser(context, { role: 'admin' });
  productIds = await seedProducts(context, [
    { name: 'Fuzz Blouse', pricePaise: PRICES_PAISE[0]! },
    { name: 'Fuzz Frock', pricePaise: PRICES_PAISE[1]!, category: 'ball-frock' },
  ]);
  const address = { name: 'Fuzz', phoneNumber: '9876543210', doorNumber: '1', street: 'Main Road', pinCode: '642001' };
  for (const user of [customer, admin]) {
    const response = await call(context.app, 'POST', '/api/auth/address', { body: address, headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
  }
  orderNumbers = [
    await insertOrder(context, customer.id, { lines: [{ productId: productIds[0]! }] }),
    await insertOrder(context, customer.id, { status: 'delivered', lines: [{ productId: productIds[1]! }] }),
    await insertOrder(context, admin.id, { status: 'delivered', lines: [{ productId: productIds[0]! }] }),
  ];
  await call(context.app, 'POST', '/api/cart', { body: { productId: productIds[0] }, headers: { cookie: customer.cookie } });
  const [banner] = await context.database.db
    .insert(banners)
    .values({ category: 'aari', image: '/uploads/banners/fuzz-640.webp' })
    .returning();
  bannerId = banner!.id;
  const [record] = await context.database.db
    .insert(cancelledOrders)
    .values({ orderNumber: 'TH-FUZZ01', username: 'Fuzz', phoneNumber: '9876543210', reason: 'fuzz', productInfo: [] })
    .returning();
  cancelledId = record!.id;
  const profile = await call(context.app, 'POST', '/api/measurements', {
    body: { name: 'Fuzz', measurements: { bust: 860 } },
    headers: { cookie: customer.cookie },
  });
  expect(profile.statusCode).toBe(201);
  profileId = profile.json().profile._id;
  slotIds = (await context.database.db.select({ id: visitSlots.id }).from(visitSlots)).map((row) => row.id);
  pendingJar = new CookieJar();
  const signup = await call(context.app, 'POST', '/api/auth/signup', {
    body: { username: 'Pending', email: `pending-${randomBytes(3).toString('hex')}@example.com`, password: 'pending pass' },
    jar: pendingJar,
  });
  expect(signup.statusCode).toBe(201);
});

afterAll(async () => {
  await context?.close();
  if (process.env.FUZZ_STATS) {
    for (const [name, byStatus] of stats)
      console.log(
        `${name}: ${[...byStatus]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
      );
  }
});

// Valid values, from which the fuzzer starts.
const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim().length > 0);
const email = () =>
  fc.oneof(
    fc.constantFrom(customer.email, 'nobody@example.com', customer.email.toUpperCase()),
    fc.stringMatching(/^[a-z0-9.]{1,12}@[a-z]{2,8}\.(com|in)$/),
    fc.emailAddress(),
  );
const password = () => fc.oneof(fc.constant(customer.password), fc.string({ minLength: 6, maxLength: 40 }));
const digits = (count: number) => fc.stringMatching(new RegExp(`^\\d{${count}}$`));
const realProduct = () => fc.constantFrom(...productIds);
const productId = () => fc.oneof(realProduct(), fc.uuid(), realProduct().chain(nearMiss));
const orderId = () => fc.oneof(fc.constantFrom(...orderNumbers), fc.stringMatching(/^TH-[2-9A-HJ-NP-Z]{6}$/));
/** An id that names nothing real, for routes that would delete the fixtures. */
const strangerId = () =>
  fc.oneof(fc.uuid(), realProduct().chain(nearMiss)).filter((id) => !productIds.includes(id) && id !== bannerId && id !== cancelledId);
const hostileParam = (valid: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: nastyString });
const anyBody = () => fc.constant(object({}));

/** Runs per role, by who gets past an endpoint's guard: anyone, a signed-in shopper, the admin. */
const forVisitors = { visitor: RUNS, customer: FEW };
const forShoppers = { visitor: FEW, customer: RUNS, admin: FEW };
const forAdmins = { visitor: FEW, customer: FEW, admin: RUNS };

/** A valid order body: one or two real products, a total right or a paisa off, a visit or none. */
function orderBody(): fc.Arbitrary<JsonObject> {
  return fc
    .uniqueArray(fc.record({ productId: realProduct(), quantity: fc.integer({ min: 1, max: LIMITS.maxQuantity }) }), {
      minLength: 1,
      maxLength: 2,
      selector: (item) => item.productId,
    })
    .chain((items) => {
      const total = items.reduce((sum, item) => sum + PRICES_PAISE[productIds.indexOf(item.productId)]! * item.quantity, 0) / 100;
      return fc.record(
        {
          items: fc.constant(items.map((item) => object(item))),
          totalAmt: fc.constantFrom(total, total + 0.01, 1),
          visit: fc.oneof(
            fc.constant(null),
            fc
              .record({
                date: fc.oneof(
                  fc.constantFrom('2026-11-03', '2026-11-08', '2020-01-01'),
                  fc
                    .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
                    .map((date) => date.toISOString().slice(0, 10)),
                ),
                slotId: fc.oneof(fc.constantFrom(...slotIds), fc.uuid()),
              })
              .map(object),
          ),
        },
        { requiredKeys: ['items', 'totalAmt'] },
      );
    })
    .map((record) => object(record as Record<string, JsonNode>));
}

/** A valid measurement profile: a name and any of the measurements within their ranges. */
function profileBody(): fc.Arbitrary<JsonObject> {
  return fc
    .record(
      {
        name: text(60),
        measurements: fc
          .record(Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field.key, fc.integer({ min: field.minMm, max: field.maxMm })])), {
            requiredKeys: [],
          })
          .map((values) => object(values as Record<string, JsonNode>)),
      },
      { requiredKeys: ['name'] },
    )
    .map((record) => object(record as Record<string, JsonNode>));
}

/** Signing up, in and out, the one-time code, the password reset, and the saved address. */
function accountEndpoints(): Endpoint[] {
  return [
    {
      method: 'POST',
      path: '/api/auth/signup',
      runs: forVisitors,
      body: fc.record({ username: text(80), email: email(), password: password() }).map(object),
    },
    {
      method: 'POST',
      path: '/api/auth/signin',
      runs: forVisitors,
      body: fc.record({ email: email(), password: password() }).map(object),
      // The password of a pending sign-up (one the fuzz made) answers 403 and renews that
      // sign-up with a fresh code (docs/decisions/017-pending-sign-ups.md): by design.
      mayChange: ['pending_signups'],
    },
    {
      method: 'POST',
      path: '/api/auth/verify/otp',
      runs: { visitor: RUNS, pending: RUNS },
      body: fc.record({ otp: digits(6) }).map(object),
      // A wrong code is refused and counted against the code (ASVS 6.6.3): by design.
      mayChange: ['pending_signups'],
    },
    { method: 'POST', path: '/api/auth/resend-otp', runs: forVisitors, body: fc.record({ email: email() }).map(object) },
    { method: 'POST', path: '/api/auth/forgot', runs: forVisitors, body: fc.record({ email: email() }).map(object) },
    {
      method: 'PUT',
      path: '/api/auth/reset/:token',
      runs: forVisitors,
      body: fc.record({ password: password() }).map(object),
      params: { token: hostileParam(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)) },
    },
    { method: 'POST', path: '/api/auth/refresh-token', runs: { visitor: RUNS }, body: anyBody() },
    { method: 'POST', path: '/api/auth/logout', runs: { visitor: RUNS }, body: anyBody() },
    {
      method: 'POST',
      path: '/api/auth/address',
      runs: forShoppers,
      body: fc
        .record(
          {
            name: text(80),
            phoneNumber: digits(10),
            doorNumber: text(40),
            street: text(120),
            pinCode: fc.oneof(fc.constantFrom('642001', '642007'), digits(6)),
            landmark: text(120),
            alternatePhone: fc.oneof(digits(10), fc.constantFrom('+91 98430 12345', '098430-12345', '')),
            city: fc.constantFrom('pollachi', 'Chennai'),
            state: fc.constant('tamilnadu'),
          },
          { requiredKeys: ['name', 'phoneNumber', 'doorNumber', 'street', 'pinCode'] },
        )
        .map(object),
    },
  ];
}

/** A visitor's contact message and "tell me when you come" request. */
function contactEndpoints(): Endpoint[] {
  return [
    {
      method: 'POST',
      path: '/api/contact',
      runs: forVisitors,
      body: fc.record({ name: text(80), email: fc.emailAddress(), phone: digits(10), message: text(400) }).map(object),
    },
    {
      method: 'POST',
      path: '/api/service-area/waitlist',
      runs: forVisitors,
      body: fc
        .record({
          pinCode: fc.oneof(fc.constantFrom('642001', '642103'), digits(6)),
          contact: fc.oneof(digits(10), fc.emailAddress(), fc.constantFrom('+91 98430 12345', '098430 12345')),
        })
        .map(object),
    },
  ];
}

/** A shopper's measurement profiles, cart, wishlist and reviews. */
function shoppingEndpoints(): Endpoint[] {
  return [
    { method: 'POST', path: '/api/measurements', runs: forShoppers, body: profileBody() },
    {
      method: 'PUT',
      path: '/api/measurements/:id',
      runs: forShoppers,
      body: profileBody(),
      params: { id: hostileParam(fc.oneof(fc.constant(profileId), fc.uuid())) },
    },
    // Deletes only ids that are not the fixture, so the PUT keeps one to work on.
    {
      method: 'DELETE',
      path: '/api/measurements/:id',
      runs: forShoppers,
      params: { id: hostileParam(fc.uuid().filter((id) => id !== profileId)) },
    },
    { method: 'POST', path: '/api/cart', runs: forShoppers, body: fc.record({ productId: productId() }).map(object) },
    { method: 'DELETE', path: '/api/cart', runs: forShoppers, body: fc.record({ productId: productId() }).map(object) },
    {
      method: 'PUT',
      path: '/api/cart/:productId',
      runs: forShoppers,
      body: fc.record({ quantity: fc.integer({ min: 0, max: LIMITS.maxQuantity }) }).map(object),
      params: { productId: hostileParam(productId()) },
    },
    { method: 'POST', path: '/api/wishlist', runs: forShoppers, body: fc.record({ productId: productId() }).map(object) },
    {
      method: 'POST',
      path: '/api/comment',
      runs: forShoppers,
      body: fc.record({ productId: productId(), userComment: text(300), stars: fc.integer({ min: 1, max: 5 }) }).map(object),
    },
    // docs/security.md#notifications: only https endpoints on known push services, keys of RFC 8291's sizes.
    { method: 'POST', path: '/api/push/subscriptions', runs: forShoppers, body: pushSubscriptionBody() },
    {
      method: 'DELETE',
      path: '/api/push/subscriptions',
      runs: forShoppers,
      body: fc.record({ endpoint: pushEndpoint() }).map(object),
    },
  ];
}

/** Endpoints a browser could send, and ones the shop must refuse (plain http, private addresses, unknown hosts). */
function pushEndpoint() {
  return fc.oneof(
    fc.constantFrom(
      'https://fcm.googleapis.com/fcm/send/fuzz',
      'https://updates.push.services.mozilla.com/wpush/v2/fuzz',
      'http://fcm.googleapis.com/fcm/send/fuzz',
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest',
      'http://127.0.0.1:9/push',
    ),
    text(300),
  );
}

/** A `PushSubscription.toJSON()` body: an endpoint and a real P-256 key and 16-byte secret. */
function pushSubscriptionBody() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return fc.record({ endpoint: pushEndpoint(), keys: fc.constant(object(keys)) }).map(object);
}

/** Placing and cancelling an order, and its reference pictures. */
function orderEndpoints(): Endpoint[] {
  return [
    { method: 'POST', path: '/api/orders', runs: forShoppers, body: orderBody() },
    // docs/product.md#dates-a-tailor-promises: the quote takes the place-order body and places nothing.
    { method: 'POST', path: '/api/orders/quote', runs: forShoppers, body: orderBody() },
    {
      method: 'POST',
      path: '/api/orders/cancel',
      runs: forShoppers,
      body: fc
        .record(
          {
            orderId: orderId(),
            reason: text(200),
            items: fc.array(fc.record({ name: text(20), image: text(40) }).map(object), { maxLength: 2 }),
          },
          { requiredKeys: ['orderId', 'reason'] },
        )
        .map((record) => object(record as Record<string, JsonNode>)),
    },
    // A multipart route: a JSON body (or any other) must be refused cleanly.
    { method: 'POST', path: '/api/orders/reference-pictures', runs: forShoppers, body: anyBody() },
  ];
}

/** The admin's settings (service area, visit slots) and work on orders. */
function adminOrderEndpoints(): Endpoint[] {
  return [
    {
      method: 'PUT',
      path: '/api/admin/service-area',
      runs: forAdmins,
      body: fc
        .record({
          pinCodes: fc
            .uniqueArray(fc.record({ pinCode: digits(6), area: text(80), areaTa: text(80) }, { requiredKeys: ['pinCode', 'area'] }), {
              minLength: 1,
              maxLength: 3,
              selector: (entry) => entry.pinCode,
            })
            .map((list) => list.map((entry) => object(entry as Record<string, JsonNode>))),
        })
        .map((record) => object(record as Record<string, JsonNode>)),
    },
    {
      method: 'PUT',
      path: '/api/admin/visit-slots',
      runs: forAdmins,
      body: fc
        .record({
          slots: fc.array(
            fc
              .record(
                {
                  id: fc.constantFrom(...slotIds),
                  label: text(40),
                  start: fc.constantFrom('09:00', '10:00', '14:00'),
                  end: fc.constantFrom('13:00', '17:00', '19:30'),
                  capacity: fc.integer({ min: 0, max: LIMITS.maxVisitCapacity }),
                },
                { requiredKeys: ['start', 'end', 'capacity'] },
              )
              .map((slot) => object(slot as Record<string, JsonNode>)),
            { minLength: 1, maxLength: 3 },
          ),
          closedWeekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
          closedDates: fc
            .uniqueArray(fc.record({ date: fc.constantFrom('2026-11-10', '2026-12-25', '2027-01-14'), note: text(40) }), {
              maxLength: 2,
              selector: (entry) => entry.date,
            })
            .map((list) => list.map((entry) => object(entry))),
        })
        .map((record) => object(record as Record<string, JsonNode>)),
    },
    {
      method: 'PUT',
      path: '/api/orders/status/:orderId',
      runs: forAdmins,
      body: fc.record({ status: fc.constantFrom(...ORDER_STATUSES) }).map(object),
      params: { orderId: hostileParam(orderId()) },
    },
    {
      method: 'PUT',
      path: '/api/admin/orders/:orderId/prices',
      runs: forAdmins,
      body: fc
        .record({
          lines: fc.array(
            fc
              .record({
                productId: productId(),
                price: fc.oneof(fc.integer({ min: -10, max: 200_000 }), fc.double({ noNaN: true })),
                note: text(140),
              })
              .map(object),
            { maxLength: 3 },
          ),
        })
        .map((record) => object(record as Record<string, JsonNode>)),
      params: { orderId: hostileParam(orderId()) },
    },
    // The deleting routes only ever name ids that are not the fixtures, so the other routes
    // keep something real to work on.
    { method: 'DELETE', path: '/api/orders/delete/:id', runs: forAdmins, params: { id: hostileParam(strangerId()) } },
    {
      // docs/product.md#payment-at-the-door: amounts of every kind, methods known and not.
      method: 'POST',
      path: '/api/admin/orders/:orderId/payments',
      runs: forAdmins,
      body: fc
        .record(
          {
            method: fc.constantFrom('cash', 'upi', 'card'),
            amount: fc.oneof(fc.integer({ min: -10, max: 200_000 }), fc.double({ noNaN: true })),
            reference: text(50),
            note: text(220),
          },
          { requiredKeys: [] },
        )
        .map(object),
      params: { orderId: hostileParam(orderId()) },
    },
    // docs/product.md#the-bill: a bill for its customer, others' and unknown numbers refused alike.
    { method: 'GET', path: '/api/orders/bill/:orderId', runs: forShoppers, params: { orderId: hostileParam(orderId()) } },
    {
      method: 'DELETE',
      path: '/api/orders/delivered/delete/:orderId',
      runs: forAdmins,
      params: { orderId: hostileParam(fc.stringMatching(/^TH-[2-9A-HJ-NP-Z]{6}$/).filter((id) => !orderNumbers.includes(id))) },
    },
  ];
}

/** The measurements the owner takes at the visit (docs/product.md#the-measurement-book). */
function adminMeasurementEndpoints(): Endpoint[] {
  return [
    {
      // docs/product.md#the-measurement-book: values in and out of range, notes of every length.
      method: 'PUT',
      path: '/api/admin/orders/:orderId/measurements',
      runs: forAdmins,
      body: fc
        .record(
          {
            lines: fc.array(
              fc
                .record({
                  productId: productId(),
                  measurements: fc
                    .record(
                      Object.fromEntries(
                        MEASUREMENT_FIELDS.map((field) => [field.key, fc.integer({ min: field.minMm - 100, max: field.maxMm + 100 })]),
                      ),
                      { requiredKeys: [] },
                    )
                    .map((values) => object(values as Record<string, JsonNode>)),
                  unit: fc.constantFrom('in', 'cm', 'mm'),
                  note: text(320),
                })
                .map(object),
              { maxLength: 3 },
            ),
            saveToProfile: fc.boolean(),
          },
          { requiredKeys: ['lines'] },
        )
        .map((record) => object(record as Record<string, JsonNode>)),
      params: { orderId: hostileParam(orderId()) },
    },
  ];
}

/** The customer's approval before cutting (docs/product.md#sign-off-before-cutting): the owner's ask and phone approval, her answer. */
function signOffEndpoints(): Endpoint[] {
  return [
    { method: 'POST', path: '/api/admin/orders/:orderId/sign-off', runs: forAdmins, params: { orderId: hostileParam(orderId()) } },
    {
      method: 'PUT',
      path: '/api/admin/orders/:orderId/sign-off',
      runs: forAdmins,
      body: fc
        .record(
          {
            state: fc.oneof(fc.constantFrom('approved', 'pending', 'call-requested'), text(12)),
            via: fc.oneof(fc.constantFrom('phone', 'online'), text(8)),
          },
          { requiredKeys: [] },
        )
        .map(object),
      params: { orderId: hostileParam(orderId()) },
    },
    {
      method: 'POST',
      path: '/api/orders/:orderId/sign-off',
      runs: forShoppers,
      body: fc
        .record({ decision: fc.oneof(fc.constantFrom('approve', 'call-me'), text(10)), comment: text(520) }, { requiredKeys: [] })
        .map(object),
      params: { orderId: hostileParam(orderId()) },
    },
  ];
}

/** Free alterations (docs/product.md#free-alterations): her request on an order, the owner's steps. */
function alterationEndpoints(): Endpoint[] {
  return [
    {
      method: 'POST',
      path: '/api/orders/:orderId/alterations',
      runs: forShoppers,
      body: fc
        .record(
          {
            productId: productId(),
            problem: fc.oneof(fc.constantFrom('tight', 'loose', 'length', 'other'), text(10)),
            where: text(100),
            note: text(600),
            pictureIds: fc.array(fc.oneof(fc.uuid(), text(40)), { maxLength: 5 }),
          },
          { requiredKeys: [] },
        )
        .map((record) => object(record as Record<string, JsonNode>)),
      params: { orderId: hostileParam(orderId()) },
    },
    {
      method: 'PUT',
      path: '/api/admin/alterations/:id',
      runs: forAdmins,
      body: fc.record({ status: fc.oneof(fc.constantFrom('requested', 'picked-up', 'done'), text(10)) }, { requiredKeys: [] }).map(object),
      params: { id: hostileParam(fc.uuid()) },
    },
  ];
}

/** A trial or delivery visit's body (docs/product.md#trial-and-delivery-visits): kinds, dates and slots of every shape. */
function appointmentBody() {
  return fc
    .record(
      {
        kind: fc.oneof(fc.constantFrom('trial', 'delivery', 'measure'), text(10)),
        date: fc.oneof(fc.constantFrom('2026-12-10', '2020-01-01', '2026-02-30', ''), text(12)),
        slotId: fc.oneof(fc.uuid(), text(40)),
      },
      { requiredKeys: [] },
    )
    .map(object);
}

/** The dates the shop promises (docs/product.md#dates-a-tailor-promises): moving one, the lead times, and trial and delivery visits. */
function adminDateEndpoints(): Endpoint[] {
  return [
    {
      method: 'POST',
      path: '/api/admin/orders/:orderId/appointments',
      runs: forAdmins,
      body: appointmentBody(),
      params: { orderId: hostileParam(orderId()) },
    },
    {
      method: 'DELETE',
      path: '/api/admin/orders/:orderId/appointments/:id',
      runs: forAdmins,
      params: { orderId: hostileParam(orderId()), id: hostileParam(strangerId()) },
    },
    {
      method: 'POST',
      path: '/api/orders/:orderId/appointments',
      runs: forShoppers,
      body: appointmentBody(),
      params: { orderId: hostileParam(orderId()) },
    },
    // docs/product.md#sharing-an-orders-progress: her own order's link only; others' and unknown numbers alike.
    { method: 'POST', path: '/api/orders/:orderId/share-link', runs: forShoppers, params: { orderId: hostileParam(orderId()) } },
    { method: 'DELETE', path: '/api/orders/:orderId/share-link', runs: forShoppers, params: { orderId: hostileParam(orderId()) } },
    {
      // docs/product.md#dates-a-tailor-promises: dates of every shape, reasons of every length.
      method: 'PUT',
      path: '/api/admin/orders/:orderId/ready-by',
      runs: forAdmins,
      body: fc
        .record(
          { readyBy: fc.oneof(fc.constantFrom('2026-12-10', '2020-01-01', '2026-02-30', ''), text(12)), reason: text(220) },
          { requiredKeys: [] },
        )
        .map(object),
      params: { orderId: hostileParam(orderId()) },
    },
    {
      method: 'PUT',
      path: '/api/admin/lead-times',
      runs: forAdmins,
      body: fc
        .record(
          {
            days: fc
              .record(
                Object.fromEntries(
                  ['blouse', 'chudithar', 'frock', 'pattupavadai', 'pant', 'nightwear'].map((group) => [
                    group,
                    fc.oneof(fc.integer({ min: -5, max: 400 }), fc.double({ noNaN: true })),
                  ]),
                ),
                { requiredKeys: [] },
              )
              .map((record) => object(record as Record<string, JsonNode>)),
            dailyCapacity: fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.double({ noNaN: true })),
          },
          { requiredKeys: [] },
        )
        .map((record) => object(record as Record<string, JsonNode>)),
    },
    {
      // docs/product.md#hsn-codes: codes of every length and letter, categories known and not.
      method: 'PUT',
      path: '/api/admin/hsn-codes',
      runs: forAdmins,
      body: fc
        .record(
          {
            codes: fc
              .dictionary(
                fc.oneof(fc.constantFrom('saree-blouse', 'nightwear', 'ball-frock', 'silk-saree', '__proto__'), text(20)),
                fc.oneof(fc.constantFrom('6204', '620821', '62064000', null), fc.stringMatching(/^\d{0,10}$/), fc.integer()),
                { maxKeys: 4 },
              )
              .map((record) => object(record as Record<string, JsonNode>)),
          },
          { requiredKeys: [] },
        )
        .map((record) => object(record as Record<string, JsonNode>)),
    },
  ];
}

/** The admin's catalog: products and banners. */
function adminCatalogEndpoints(): Endpoint[] {
  return [
    { method: 'PUT', path: '/api/product/:id', runs: forAdmins, body: anyBody(), params: { id: hostileParam(productId()) } },
    // The deleting routes only ever name ids that are not the fixtures, so the other routes
    // keep something real to work on.
    { method: 'DELETE', path: '/api/product/:id', runs: forAdmins, params: { id: hostileParam(strangerId()) } },
    { method: 'DELETE', path: '/api/banner/:id', runs: forAdmins, params: { id: hostileParam(strangerId()) } },
    // Multipart routes: a JSON body (or any other) must be refused cleanly.
    { method: 'POST', path: '/api/product', runs: forAdmins, body: anyBody() },
    { method: 'POST', path: '/api/banner', runs: forAdmins, body: anyBody() },
    // The tailor's photo (docs/product.md#admin-dashboard): multipart too; removing it needs nothing.
    { method: 'PUT', path: '/api/tailor-photo', runs: forAdmins, body: anyBody() },
    { method: 'DELETE', path: '/api/tailor-photo', runs: forAdmins },
    {
      // Last in the table: a valid edit changes the fixtures the other routes work on.
      method: 'PATCH',
      path: '/api/product/:id',
      runs: forAdmins,
      body: fc
        .record(
          {
            name: text(100),
            nameTa: text(100),
            description: text(300),
            descriptionTa: text(300),
            price: fc.oneof(fc.double({ min: -10, max: 2e7, noNaN: true }), fc.integer({ min: 1, max: 20_000 })),
            compareAtPrice: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 30_000 })),
            priceIncludesFabric: fc.boolean(),
            category: fc.constantFrom(...PRODUCT_CATEGORIES, 'sarees'),
            isFeatured: fc.boolean(),
            hidden: fc.boolean(),
          },
          { requiredKeys: [] },
        )
        .map((record) => object(record as Record<string, JsonNode>)),
      params: { id: hostileParam(productId()) },
    },
  ];
}

/** The public reads with a path parameter. */
function catalogEndpoints(): Endpoint[] {
  return [
    { method: 'GET', path: '/api/product/:id', runs: { visitor: RUNS }, params: { id: hostileParam(productId()) } },
    {
      method: 'GET',
      path: '/api/product/category/:category',
      runs: { visitor: RUNS },
      params: { category: hostileParam(fc.constantFrom(...PRODUCT_CATEGORIES)) },
    },
    { method: 'GET', path: '/api/service-area/:pinCode', runs: { visitor: RUNS }, params: { pinCode: hostileParam(digits(6)) } },
    // A customer's picture (docs/security.md#private-pictures): names of the stored shape and worse.
    {
      method: 'GET',
      path: '/uploads/references/:file',
      runs: { visitor: RUNS },
      params: { file: hostileParam(fc.stringMatching(/^[a-z0-9-]{1,40}-(320|640|1280)\.(webp|jpg)$/)) },
    },
    // A tracking page (docs/security.md#tracking-links): tokens of the right shape and worse, all unknown.
    {
      method: 'GET',
      path: '/track/:token',
      runs: { visitor: RUNS },
      params: { token: hostileParam(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)) },
      html: true,
    },
  ];
}

/**
 * Every endpoint that takes a body or a path parameter, and who gets past its guard. Built on
 * each call: the generators need the fixtures made in beforeAll.
 */
function endpoints(): Endpoint[] {
  return [
    ...accountEndpoints(),
    ...contactEndpoints(),
    ...shoppingEndpoints(),
    ...orderEndpoints(),
    ...catalogEndpoints(),
    ...adminOrderEndpoints(),
    ...adminDateEndpoints(),
    ...adminMeasurementEndpoints(),
    ...signOffEndpoints(),
    ...alterationEndpoints(),
    // Last: its PATCH edits the fixtures the other routes work on.
    ...adminCatalogEndpoints(),
  ];
}

/**
 * The last snapshot taken, reused as the next request's "before" while nothing has changed:
 * between two requests nothing else writes to this file's database, and a refused request's
 * "after" is checked to equal its "before". Halves the snapshots taken.
 */
let lastSnapshot: { key: string; snapshot: DbSnapshot } | undefined;

async function snapshotBefore(exclude: string[] = []): Promise<DbSnapshot> {
  // An accepted request may still write after its answer (forgot, resend): let it finish first.
  await context.app.afterAnswer.settled();
  const key = exclude.join(',');
  if (lastSnapshot?.key === key) return lastSnapshot.snapshot;
  // An accepted request's mails leave the outbox in the background; let them go first.
  await context.app.outbox.wake();
  const snapshot = await snapshotDb(context.database.db, exclude);
  lastSnapshot = { key, snapshot };
  return snapshot;
}

/** Compare after a refused request; forget the cached snapshot after an accepted one. */
async function refusedChanged(before: DbSnapshot, exclude: string[] = []): Promise<string[]> {
  await context.app.afterAnswer.settled();
  const after = await snapshotDb(context.database.db, exclude);
  lastSnapshot = { key: exclude.join(','), snapshot: after };
  return changedTables(before, after);
}

function cookieOf(role: Role): string | undefined {
  if (role === 'customer') return `access_token=${customer.accessToken}`;
  if (role === 'admin') return `access_token=${admin.accessToken}`;
  if (role === 'pending') return pendingJar.header();
  return undefined;
}

/** One fuzzed request: send it, then check the two properties. Throws with the whole request on failure. */
async function exercise(
  endpoint: Endpoint,
  role: Role,
  body: JsonNode | undefined,
  params: Record<string, string>,
  type: string | undefined,
) {
  const url = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name]!);
  const payload = body === undefined ? undefined : toJsonText(body);
  const headers: Record<string, string> = {};
  const cookie = cookieOf(role);
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined && type !== undefined) headers['content-type'] = type;
  const before = await snapshotBefore(endpoint.mayChange);
  const response = await context.app.inject({
    method: endpoint.method,
    url,
    headers,
    remoteAddress: freshIp(),
    ...(payload === undefined ? {} : { payload }),
  });
  count(`${endpoint.method} ${endpoint.path} as ${role}`, response.statusCode);
  const describeRequest = () =>
    `${endpoint.method} ${url} as ${role} (content-type ${String(type)})\n  body: ${String(payload).slice(0, 400)}\n  → ${response.statusCode} ${response.body.slice(0, 400)}`;
  if (response.statusCode < 400) lastSnapshot = undefined;
  if (response.statusCode >= 500) throw new Error(`server error\n${describeRequest()}`);
  if (response.statusCode >= 400) {
    const changed = await refusedChanged(before, endpoint.mayChange);
    if (changed.length > 0) throw new Error(`a refused request changed ${changed.join(', ')}\n${describeRequest()}`);
    // A page's own refusal is its HTML page; the router's (a parameter over its length) is still JSON.
    if (endpoint.html && String(response.headers['content-type']).startsWith('text/html')) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      throw new Error(`a refusal that is not JSON\n${describeRequest()}`);
    }
    const { message, code } = (parsed ?? {}) as { message?: unknown; code?: unknown };
    if (typeof message !== 'string' || typeof code !== 'string') throw new Error(`a refusal without {message, code}\n${describeRequest()}`);
  }
}

/** Every route the table of {@link endpoints} fuzzes, by name (`METHOD /path`). */
const FUZZED_ROUTES = [
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/verify/otp',
  'POST /api/auth/resend-otp',
  'POST /api/auth/forgot',
  'PUT /api/auth/reset/:token',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  'POST /api/auth/address',
  'POST /api/contact',
  'POST /api/service-area/waitlist',
  'PUT /api/admin/service-area',
  'POST /api/measurements',
  'PUT /api/measurements/:id',
  'DELETE /api/measurements/:id',
  'POST /api/cart',
  'DELETE /api/cart',
  'PUT /api/cart/:productId',
  'POST /api/wishlist',
  'POST /api/orders',
  'POST /api/orders/cancel',
  'POST /api/comment',
  'PUT /api/orders/status/:orderId',
  'PUT /api/admin/orders/:orderId/prices',
  'PUT /api/admin/orders/:orderId/measurements',
  'POST /api/admin/orders/:orderId/sign-off',
  'PUT /api/admin/orders/:orderId/sign-off',
  'POST /api/orders/:orderId/sign-off',
  'POST /api/admin/orders/:orderId/payments',
  'GET /api/orders/bill/:orderId',
  'POST /api/orders/quote',
  'PUT /api/admin/orders/:orderId/ready-by',
  'PUT /api/admin/lead-times',
  'POST /api/admin/orders/:orderId/appointments',
  'DELETE /api/admin/orders/:orderId/appointments/:id',
  'POST /api/orders/:orderId/appointments',
  'POST /api/orders/:orderId/share-link',
  'DELETE /api/orders/:orderId/share-link',
  'GET /track/:token',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'POST /api/orders/:orderId/alterations',
  'PUT /api/admin/alterations/:id',
  'PUT /api/admin/hsn-codes',
  'PUT /api/product/:id',
  'DELETE /api/product/:id',
  'DELETE /api/banner/:id',
  'DELETE /api/orders/delete/:id',
  'DELETE /api/orders/delivered/delete/:orderId',
  'POST /api/product',
  'POST /api/banner',
  'PUT /api/tailor-photo',
  'DELETE /api/tailor-photo',
  'GET /api/product/:id',
  'GET /api/product/category/:category',
  'GET /api/service-area/:pinCode',
  'GET /uploads/references/:file',
  'PATCH /api/product/:id',
];

describe('fuzzing every JSON endpoint: never a 5xx, and a refused request changes nothing', () => {
  it('covers every route that takes a body or a path parameter', () => {
    const fuzzed = new Set(endpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const needing = listRoutes(context.app)
      .filter((route) => route.method !== 'GET' || route.path.includes(':'))
      .map((route) => `${route.method} ${route.path}`);
    expect(needing.filter((name) => !fuzzed.has(name))).toEqual([]);
  });

  // Table rows are built lazily: the generators need the fixtures made in beforeAll.
  it.each(FUZZED_ROUTES)(
    '%s',
    async (name) => {
      lastSnapshot = undefined;
      const endpoint = endpoints().find((one) => `${one.method} ${one.path}` === name);
      expect(endpoint, name).toBeDefined();
      const params = fc.record(
        Object.fromEntries(Object.entries(endpoint!.params ?? {}).map(([key, values]) => [key, pathSegment(values)])) as Record<
          string,
          fc.Arbitrary<string>
        >,
      );
      const body = endpoint!.body ? bodies(endpoint!.body) : fc.constant(undefined);
      for (const [role, numRuns] of Object.entries(endpoint!.runs) as [Role, number][]) {
        await fc.assert(
          fc.asyncProperty(body, params, contentType, async (one, values, type) => exercise(endpoint!, role, one, values, type)),
          { numRuns, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
        );
      }
    },
    120_000,
  );

  it('forged, broken and stale session cookies are a visitor, never a 5xx', async () => {
    const cookieValue = fc.oneof(
      nastyString.map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'))),
      fc.constantFrom('%zz', '%', 'a.b.c', 'e30.e30.', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', `${customer.accessToken}x`, 'A'.repeat(43)),
    );
    const targets: [Method, string][] = [
      ['GET', '/api/auth/check'],
      ['POST', '/api/auth/refresh-token'],
      ['POST', '/api/auth/verify/otp'],
      ['GET', '/api/cart'],
      ['GET', '/api/orders/status'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.constantFrom('access_token', 'refresh_token', 'otp_session'),
        cookieValue,
        async ([method, url], cookie, value) => {
          const response = await context.app.inject({ method, url, headers: { cookie: `${cookie}=${value}` }, remoteAddress: freshIp() });
          if (response.statusCode >= 500)
            throw new Error(`${method} ${url} with ${cookie}=${value} → ${response.statusCode} ${response.body}`);
        },
      ),
      { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
    );
    // The genuine sessions survive all of it.
    expect((await call(context.app, 'GET', '/api/cart', { headers: { cookie: `access_token=${admin.accessToken}` } })).statusCode).toBe(
      200,
    );
  }, 120_000);
});

describe('fuzzing the multipart uploads: never a 5xx, and a refused one changes nothing', () => {
  it('multipart uploads (POST /api/product, POST /api/banner): never a 5xx, and a refused one leaves no row and no file', async () => {
    lastSnapshot = undefined;
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#963' } })
      .png()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="80"><script>alert(1)</script></svg>');
    const validFields: Record<string, [string, string][]> = {
      '/api/product': [
        ['name', 'Fuzz Upload'],
        ['description', 'Made by the fuzzer.'],
        ['price', '499.50'],
        ['category', 'designer-blouse'],
      ],
      '/api/banner': [['category', 'aari']],
    };
    const extraField = fc.tuple(fc.oneof(nastyKey, fc.constantFrom('name', 'price', 'category', 'description')), nastyString);
    const bytes = fc.oneof(
      { weight: 3, arbitrary: fc.constant(png) },
      fc.constant(png.subarray(0, Math.floor(png.length / 2))),
      fc.constant(svg),
      fc.uint8Array({ maxLength: 512 }).map((array) => Buffer.from(array)),
    );
    const file = fc.record({
      // 'right' becomes the route's own file field ('images' or 'image').
      field: fc.oneof(
        { weight: 4, arbitrary: fc.constant('right') },
        { weight: 1, arbitrary: fc.constantFrom('images', 'image', 'file', '') },
      ),
      filename: fc.oneof({ weight: 2, arbitrary: fc.constantFrom('a.png', '../../x.png', 'x.svg') }, { weight: 1, arbitrary: nastyString }),
      type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      data: bytes,
    });
    const form = fc
      .record({
        url: fc.constantFrom('/api/product', '/api/banner'),
        drop: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat() }),
        replace: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.nat(), nastyString) }),
        extra: fc.oneof(
          { weight: 3, arbitrary: fc.constant([]) },
          { weight: 1, arbitrary: fc.array(extraField, { minLength: 1, maxLength: 2 }) },
        ),
        files: fc.oneof(
          { weight: 3, arbitrary: fc.array(file, { minLength: 1, maxLength: 2 }) },
          { weight: 1, arbitrary: fc.array(file, { maxLength: 7 }) },
        ),
        truncate: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) }),
      })
      .map(({ url, drop, replace, extra, files, truncate }) => {
        const fields: [string, string][] = validFields[url]!.map(([name, value]) => [name, value]);
        if (replace) fields[replace[0] % fields.length]![1] = replace[1];
        if (drop !== undefined) fields.splice(drop % fields.length, 1);
        const sent = files.map((one) => (one.field === 'right' ? { ...one, field: url === '/api/banner' ? 'image' : 'images' } : one));
        return { url, fields: [...fields, ...extra], files: sent, truncate };
      });
    await fc.assert(
      fc.asyncProperty(form, async ({ url, fields, files, truncate }) => {
        const data = new FormData();
        for (const [name, value] of fields) data.append(name, value);
        for (const one of files) data.append(one.field, new Blob([new Uint8Array(one.data)], { type: one.type }), one.filename);
        const encoded = new Response(data);
        const bytesOut = Buffer.from(await encoded.arrayBuffer());
        const payload = truncate > 0 ? bytesOut.subarray(0, Math.max(0, bytesOut.length - truncate)) : bytesOut;
        const filesBefore = uploadedFiles(context);
        const before = await snapshotBefore();
        const response = await context.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { cookie: `access_token=${admin.accessToken}`, 'content-type': encoded.headers.get('content-type') ?? '' },
        });
        count(`multipart ${url}`, response.statusCode);
        const describeUpload = () =>
          `POST ${url} fields=${JSON.stringify(fields).slice(0, 300)} files=${JSON.stringify(files.map((one) => ({ ...one, data: one.data.length })))} truncate=${truncate} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (response.statusCode < 400) lastSnapshot = undefined;
        if (response.statusCode >= 500) throw new Error(`server error\n${describeUpload()}`);
        if (response.statusCode >= 400) {
          const changed = await refusedChanged(before);
          if (changed.length > 0) throw new Error(`a refused upload changed ${changed.join(', ')}\n${describeUpload()}`);
          const after = uploadedFiles(context);
          if (JSON.stringify(after) !== JSON.stringify(filesBefore)) throw new Error(`a refused upload left files\n${describeUpload()}`);
        }
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
    );
  }, 120_000);
});
