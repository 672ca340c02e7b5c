import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  MEASUREMENT_FIELDS,
  MEASUREMENT_GROUPS,
  MEASUREMENT_MESSAGES,
  ProfileListResponseSchema,
  ProfileResponseSchema,
  measurementRange,
} from '@thaiyal/contract';
import { measurementProfiles } from '../../db/schema/index.js';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../../test/harness.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

function send(user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return context.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
}

async function rowsOf(user: TestUser) {
  return context.database.db.select().from(measurementProfiles).where(eq(measurementProfiles.userId, user.id));
}

describe('measurement profiles (docs/product.md#measurement-profiles)', () => {
  it('creates, lists, replaces and deletes a shopper’s profiles, in whole millimetres, with no-store answers', async () => {
    const shopper = await createUser(context);
    const empty = await send(shopper, 'GET', '/api/measurements');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ profiles: [] });
    expect(empty.headers['cache-control']).toBe('no-store');

    const created = await send(shopper, 'POST', '/api/measurements', {
      name: '  Me ',
      measurements: { bust: 860, waist: 740, frontNeckDepth: 180, hip: null },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const me = ProfileResponseSchema.parse(created.json()).profile;
    expect(me).toMatchObject({ name: 'Me', measurements: { bust: 860, waist: 740, frontNeckDepth: 180 } });
    expect(Object.keys(me.measurements)).toEqual(['bust', 'waist', 'frontNeckDepth']);

    const priya = ProfileResponseSchema.parse(
      (await send(shopper, 'POST', '/api/measurements', { name: 'Priya, 8 years', measurements: { chest: 600, topLength: 550 } })).json(),
    ).profile;
    const named = await send(shopper, 'POST', '/api/measurements', { name: 'Amma' });
    expect(named.statusCode).toBe(201);
    expect(named.json().profile.measurements).toEqual({});

    const listed = ProfileListResponseSchema.parse((await send(shopper, 'GET', '/api/measurements')).json()).profiles;
    expect(listed.map((profile) => profile.name)).toEqual(['Me', 'Priya, 8 years', 'Amma']);

    const replaced = await send(shopper, 'PUT', `/api/measurements/${me._id}`, { name: 'Me (2025)', measurements: { bust: 880 } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers['cache-control']).toBe('no-store');
    expect(replaced.json().profile).toMatchObject({ _id: me._id, name: 'Me (2025)', measurements: { bust: 880 }, createdAt: me.createdAt });

    const afterDelete = await send(shopper, 'DELETE', `/api/measurements/${priya._id}`);
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json().profiles.map((profile: { name: string }) => profile.name)).toEqual(['Me (2025)', 'Amma']);
    expect(await rowsOf(shopper)).toHaveLength(2);
  });

  it('answers 401 to a visitor on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/measurements'],
      ['POST', '/api/measurements'],
      ['PUT', `/api/measurements/${id}`],
      ['DELETE', `/api/measurements/${id}`],
    ] as const) {
      const response = await send(undefined, method, url, method === 'POST' || method === 'PUT' ? { name: 'Me' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps each shopper’s profiles her own: another’s id is a 404, the same as an unknown one, and changes nothing', async () => {
    const owner = await createUser(context);
    const other = await createUser(context);
    const profile = (await send(owner, 'POST', '/api/measurements', { name: 'Me', measurements: { bust: 900 } })).json().profile;
    expect((await send(other, 'GET', '/api/measurements')).json()).toEqual({ profiles: [] });
    const unknown = await send(other, 'PUT', '/api/measurements/00000000-0000-4000-8000-000000000000', { name: 'X' });
    const stolen = await send(other, 'PUT', `/api/measurements/${profile._id}`, { name: 'Mine now', measurements: {} });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual(unknown.json());
    expect(stolen.json()).toMatchObject({ message: MEASUREMENT_MESSAGES.notFound, reason: 'measurement.notFound' });
    const deleted = await send(other, 'DELETE', `/api/measurements/${profile._id}`);
    expect(deleted.statusCode).toBe(404);
    expect(await rowsOf(owner)).toMatchObject([{ name: 'Me', measurements: { bust: 900 } }]);
  });

  it(`keeps at most ${LIMITS.maxMeasurementProfiles} profiles, even when two are saved at once`, async () => {
    const shopper = await createUser(context);
    for (let index = 1; index < LIMITS.maxMeasurementProfiles; index++) {
      expect((await send(shopper, 'POST', '/api/measurements', { name: `Profile ${index}` })).statusCode).toBe(201);
    }
    const [first, second] = await Promise.all([
      send(shopper, 'POST', '/api/measurements', { name: 'Tenth A' }),
      send(shopper, 'POST', '/api/measurements', { name: 'Tenth B' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({
      message: MEASUREMENT_MESSAGES.tooMany,
      reason: 'measurement.tooMany',
      params: { maxProfiles: LIMITS.maxMeasurementProfiles },
    });
    expect(await rowsOf(shopper)).toHaveLength(LIMITS.maxMeasurementProfiles);
    // Deleting one makes room again.
    const [one] = await rowsOf(shopper);
    await send(shopper, 'DELETE', `/api/measurements/${one!.id}`);
    expect((await send(shopper, 'POST', '/api/measurements', { name: 'Room again' })).statusCode).toBe(201);
  });

  it('refuses a name the shopper has already, whatever its case, on create and on rename', async () => {
    const shopper = await createUser(context);
    const other = await createUser(context);
    await send(shopper, 'POST', '/api/measurements', { name: 'Priya' });
    const amma = (await send(shopper, 'POST', '/api/measurements', { name: 'Amma' })).json().profile;
    for (const response of [
      await send(shopper, 'POST', '/api/measurements', { name: ' priya ' }),
      await send(shopper, 'PUT', `/api/measurements/${amma._id}`, { name: 'PRIYA' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: MEASUREMENT_MESSAGES.duplicateName, reason: 'measurement.duplicateName' });
    }
    // Keeping its own name, and another shopper's same name, are fine.
    expect((await send(shopper, 'PUT', `/api/measurements/${amma._id}`, { name: 'Amma', measurements: { waist: 800 } })).statusCode).toBe(
      200,
    );
    expect((await send(other, 'POST', '/api/measurements', { name: 'Priya' })).statusCode).toBe(201);
    expect((await rowsOf(shopper)).map((row) => row.name).sort()).toEqual(['Amma', 'Priya']);
  });

  it('groups every measurement under the blouse or the chudithar, frock and pant', () => {
    const grouped = new Set<string>([...MEASUREMENT_GROUPS.blouse, ...MEASUREMENT_GROUPS.dress]);
    expect([...grouped].sort()).toEqual(MEASUREMENT_FIELDS.map((field) => field.key).sort());
  });
});

describe('the unit a profile was typed in (docs/product.md#measurement-profiles)', () => {
  it('keeps the unit she typed in (inches unless she chose centimetres), and replaces it with the profile', async () => {
    const shopper = await createUser(context);
    const inches = await send(shopper, 'POST', '/api/measurements', { name: 'Me', measurements: { bust: 864 } });
    expect(inches.statusCode).toBe(201);
    expect(ProfileResponseSchema.parse(inches.json()).profile.unit).toBe('in');
    const cm = await send(shopper, 'POST', '/api/measurements', { name: 'Amma', unit: 'cm', measurements: { bust: 900 } });
    expect(ProfileResponseSchema.parse(cm.json()).profile.unit).toBe('cm');
    const id = ProfileResponseSchema.parse(inches.json()).profile._id;
    const replaced = await send(shopper, 'PUT', `/api/measurements/${id}`, { name: 'Me', unit: 'cm', measurements: { bust: 864 } });
    expect(ProfileResponseSchema.parse(replaced.json()).profile.unit).toBe('cm');
    const listed = ProfileListResponseSchema.parse((await send(shopper, 'GET', '/api/measurements')).json()).profiles;
    expect(listed.map((profile) => profile.unit)).toEqual(['cm', 'cm']);

    const before = await rowsOf(shopper);
    const bad = await send(shopper, 'POST', '/api/measurements', { name: 'Priya', unit: 'mm', measurements: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MEASUREMENT_MESSAGES.unitInvalid, reason: 'measurement.unitInvalid' });
    expect(await rowsOf(shopper)).toEqual(before);
  });
});

describe('measurement values and names: each bad one gets its own message and changes nothing', () => {
  let shopper: TestUser;
  let existingId: string;
  beforeAll(async () => {
    shopper = await createUser(context);
    existingId = (await send(shopper, 'POST', '/api/measurements', { name: 'Kept', measurements: { bust: 850 } })).json().profile._id;
  });

  // Every measurement at both ends of its range is taken; one millimetre outside is refused with
  // the measurement's own message, giving its range in cm and inches.
  const bounds = MEASUREMENT_FIELDS.flatMap((field) => [
    { key: field.key, value: field.minMm, ok: true },
    { key: field.key, value: field.maxMm, ok: true },
    { key: field.key, value: field.minMm - 1, ok: false },
    { key: field.key, value: field.maxMm + 1, ok: false },
  ]);
  it.each(bounds)('$key = $value mm: accepted $ok', async ({ key, value, ok }) => {
    const response = await send(shopper, 'PUT', `/api/measurements/${existingId}`, { name: 'Kept', measurements: { [key]: value } });
    const field = MEASUREMENT_FIELDS.find((one) => one.key === key)!;
    if (ok) {
      expect(response.statusCode).toBe(200);
      expect(response.json().profile.measurements).toEqual({ [key]: value });
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: MEASUREMENT_MESSAGES[key],
        reason: `measurement.${key}`,
        params: measurementRange(field),
        issues: [{ path: ['body', 'measurements', key] }],
      });
    }
  });

  it.each([
    ['no name', { measurements: { bust: 860 } }, MEASUREMENT_MESSAGES.nameRequired, 'measurement.nameRequired'],
    ['a blank name', { name: '   ' }, MEASUREMENT_MESSAGES.nameRequired, 'measurement.nameRequired'],
    ['a name that is a number', { name: 7 }, MEASUREMENT_MESSAGES.nameRequired, 'measurement.nameRequired'],
    ['a name of 61 characters', { name: 'x'.repeat(61) }, MEASUREMENT_MESSAGES.nameTooLong, 'measurement.nameTooLong'],
    ['a fraction of a millimetre', { name: 'A', measurements: { bust: 860.5 } }, MEASUREMENT_MESSAGES.bust, 'measurement.bust'],
    ['a value as text', { name: 'A', measurements: { waist: '740' } }, MEASUREMENT_MESSAGES.waist, 'measurement.waist'],
    ['a negative value', { name: 'A', measurements: { knee: -300 } }, MEASUREMENT_MESSAGES.knee, 'measurement.knee'],
    ['inches typed as millimetres', { name: 'A', measurements: { hip: 38 } }, MEASUREMENT_MESSAGES.hip, 'measurement.hip'],
    ['an unknown measurement', { name: 'A', measurements: { neck: 300 } }, 'Unrecognized key: "neck"', undefined],
    ['measurements that are a list', { name: 'A', measurements: [860] }, 'Invalid input: expected object, received array', undefined],
    ['an extra field', { name: 'A', userId: 'someone' }, 'Unrecognized key: "userId"', undefined],
  ])('refuses %s with a 400', async (_label, body, message, reason) => {
    for (const [method, url] of [
      ['POST', '/api/measurements'],
      ['PUT', `/api/measurements/${existingId}`],
    ] as const) {
      const response = await send(shopper, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'bad_request' });
      expect(response.json().reason).toBe(reason);
    }
    expect(await rowsOf(shopper)).toMatchObject([{ name: 'Kept' }]);
  });

  it.each(['not-a-uuid', '123', 'TH-4K7Q2M'])('refuses the malformed id %s with a 400', async (id) => {
    expect((await send(shopper, 'PUT', `/api/measurements/${id}`, { name: 'X' })).statusCode).toBe(400);
    expect((await send(shopper, 'DELETE', `/api/measurements/${id}`)).statusCode).toBe(400);
  });
});
