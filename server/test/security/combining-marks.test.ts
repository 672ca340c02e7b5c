import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, measurementProfiles } from '../../src/db/schema/index.js';
import { insertOrder } from '../admin-support.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';

/**
 * Finding 10 of the outside probe (docs/security.md#findings-of-the-outside-probe): a
 * measurement profile's name with 59 U+0301 and an address's name, street and landmark with 79
 * to 119 were stored whole and drew over the card above on the admin's day's visits. Every
 * free-text field of a request now cuts runs of combining marks to 4 at input (contract
 * `freeText`), as reviews and the contact form already did; Tamil, whose vowel signs and
 * virama are marks too (never more than 2 in a row), is kept as written.
 */

const ACUTE = '\u0301';
/** "e" and `count` combining acute accents, as the probe sent. */
const stacked = (count: number) => `e${ACUTE.repeat(count)}`;
const CUT = stacked(4);
/** The longest run of combining marks in `text`. */
const longestMarkRun = (text: string) => Math.max(0, ...(text.match(/\p{M}+/gu) ?? []).map((run) => [...run].length));

describe('combining marks in profile names, addresses and reasons (ASVS 2.2.1)', () => {
  let context: TestContext;
  let shopper: TestUser;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context?.close();
  });

  async function post(url: string, payload: object) {
    return context.app.inject({ method: 'POST', url, headers: { cookie: shopper.cookie }, payload });
  }

  it('ASVS 2.2.1 a measurement profile named "e" and 59 U+0301 (60 characters) is stored and answered with at most 4 in a row', async () => {
    shopper = await createUser(context);
    const response = await post('/api/measurements', { name: stacked(59), measurements: {} });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ profile: { name: string } }>().profile.name).toBe(CUT);
    const [stored] = await context.database.db.select().from(measurementProfiles).where(eq(measurementProfiles.userId, shopper.id));
    expect(stored?.name).toBe(CUT);
  });

  it('ASVS 2.2.1 an address whose name, door number, street and landmark carry 35 to 119 U+0301 (each within its length) is stored with at most 4 in a row', async () => {
    shopper = await createUser(context);
    const response = await post('/api/auth/address', {
      name: stacked(79),
      phoneNumber: '9876543210',
      pinCode: '642001',
      doorNumber: `12${stacked(35)}`,
      street: stacked(119),
      landmark: stacked(119),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await context.database.db.select().from(addresses).where(eq(addresses.userId, shopper.id));
    expect(stored).toMatchObject({ name: CUT, doorNumber: `12${CUT}`, street: CUT, landmark: CUT });
    const answered = response.json<{ user: { address: Record<string, string> } }>().user.address;
    for (const field of ['name', 'doorNumber', 'street', 'landmark']) expect(longestMarkRun(answered[field]!), field).toBe(4);
  });

  it('ASVS 2.2.1 a cancellation reason of "e" and 500 U+0301 is stored with at most 4 in a row', async () => {
    shopper = await createUser(context);
    const [productId] = (await seedProducts(context, [{ name: 'Marks Blouse', pricePaise: 100_000 }])) as [string];
    const orderId = await insertOrder(context, shopper.id, { lines: [{ productId }] });
    const cancelled = await post('/api/orders/cancel', { orderId, reason: `${stacked(500)} wrong size` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const orders = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: shopper.cookie } });
    const [order] = orders.json<{ orders: { reason?: string }[] }>().orders;
    expect(order?.reason).toBe(`${CUT} wrong size`);
  });

  it('ASVS 2.2.1 Tamil names and addresses, vowel signs and virama included, are stored exactly as written', async () => {
    shopper = await createUser(context);
    const tamil = { name: 'மீனாட்சி', street: 'கோயம்புத்தூர் சாலை', landmark: 'ஸ்ரீ மாரியம்மன் கோயில் அருகில்' };
    for (const text of Object.values(tamil)) expect(longestMarkRun(text)).toBeGreaterThan(0);

    const profile = await post('/api/measurements', { name: tamil.name, measurements: {} });
    expect(profile.statusCode, profile.body).toBe(201);
    expect(profile.json<{ profile: { name: string } }>().profile.name).toBe(tamil.name);

    const address = await post('/api/auth/address', { ...tamil, phoneNumber: '9876543210', pinCode: '642001', doorNumber: '7' });
    expect(address.statusCode, address.body).toBe(200);
    const [stored] = await context.database.db.select().from(addresses).where(eq(addresses.userId, shopper.id));
    expect(stored).toMatchObject(tamil);
  });
});
