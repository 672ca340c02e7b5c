import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { rateLimits } from '../db/schema/index.js';
import {
  countRequest,
  createRateLimitBackend,
  DatabaseCooldown,
  DatabaseFailureCounter,
  limitKey,
  MemoryCooldown,
  MemoryFailureCounter,
} from './rate-limit.js';

// The shared abuse-limit counters (docs/architecture.md#running-several-processes). The two-process test shows them holding
// across processes on PostgreSQL; here the store itself, on whichever database the suite runs.
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

describe('countRequest', () => {
  it('counts concurrent requests of one key without losing any', async () => {
    const key = limitKey('test:ip', '203.0.113.7');
    const results = await Promise.all(Array.from({ length: 20 }, () => countRequest(context.database.db, key, 60_000)));
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const result of results) {
      expect(result.ttl).toBeGreaterThan(50_000);
      expect(result.ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('keeps keys apart and starts again at 1 when the window has ended', async () => {
    const db = context.database.db;
    const first = limitKey('test:email', 'kavya@example.com');
    const second = limitKey('other:email', 'kavya@example.com');
    expect((await countRequest(db, first, 1_000)).current).toBe(1);
    expect((await countRequest(db, first, 1_000)).current).toBe(2);
    expect((await countRequest(db, second, 1_000)).current).toBe(1);
    // Move every window two seconds into the past: it has ended.
    await db.update(rateLimits).set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - interval '2 seconds'` });
    const again = await countRequest(db, first, 1_000);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
  });

  it('stores no IP or e-mail in clear', async () => {
    const rows = await context.database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.key).not.toContain('example.com');
    }
  });
});

describe.each([
  ['in the database', () => new DatabaseCooldown(context.database.db, 'test', 60_000)],
  ['in memory', () => new MemoryCooldown(60_000)],
])('a cooldown %s', (_where, make) => {
  it('answers the time left after a recorded action, on the caller’s clock', async () => {
    const cooldown = make();
    const at = new Date('2026-11-01T10:00:00Z');
    expect(await cooldown.remainingMs('kavya@example.com', at)).toBe(0);
    await cooldown.record('kavya@example.com', at);
    expect(await cooldown.remainingMs('kavya@example.com', new Date(at.getTime() + 15_000))).toBe(45_000);
    expect(await cooldown.remainingMs('other@example.com', at)).toBe(0);
    expect(await cooldown.remainingMs('kavya@example.com', new Date(at.getTime() + 60_000))).toBe(0);
    await cooldown.record('kavya@example.com', new Date(at.getTime() + 60_000));
    expect(await cooldown.remainingMs('kavya@example.com', new Date(at.getTime() + 61_000))).toBe(59_000);
  });

  it('lets exactly one of several concurrent claims act, and the next only once the cooldown has ended', async () => {
    const cooldown = make();
    const at = new Date('2026-11-02T10:00:00Z');
    const claims = await Promise.all(Array.from({ length: 8 }, () => cooldown.claim('priya@example.com', at)));
    expect(claims.filter((left) => left === 0)).toHaveLength(1);
    for (const left of claims.filter((one) => one !== 0)) expect(left).toBe(60_000);
    expect(await cooldown.claim('priya@example.com', new Date(at.getTime() + 59_000))).toBe(1_000);
    // A refused claim recorded nothing: the cooldown still ends 60 s after the first one.
    expect(await cooldown.claim('priya@example.com', new Date(at.getTime() + 60_000))).toBe(0);
    expect(await cooldown.remainingMs('priya@example.com', new Date(at.getTime() + 70_000))).toBe(50_000);
  });
});

describe.each([
  ['in the database', () => new DatabaseFailureCounter(context.database.db, 'test', 60_000)],
  ['in memory', () => new MemoryFailureCounter(60_000)],
])('a failure counter %s', (_where, make) => {
  it('counts failures of a key in its window, keeps keys apart and forgets a cleared key', async () => {
    const failures = make();
    expect(await failures.count('kavya@example.com')).toEqual({ count: 0, ttlMs: 0 });
    await Promise.all(Array.from({ length: 5 }, () => failures.add('kavya@example.com')));
    const counted = await failures.count('kavya@example.com');
    expect(counted.count).toBe(5);
    expect(counted.ttlMs).toBeGreaterThan(50_000);
    expect(counted.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await failures.count('other@example.com')).count).toBe(0);
    await failures.clear('kavya@example.com');
    expect(await failures.count('kavya@example.com')).toEqual({ count: 0, ttlMs: 0 });
  });
});

describe('createRateLimitBackend', () => {
  it('counts in the database on PostgreSQL and in memory on PGlite', () => {
    const backend = createRateLimitBackend(context.database);
    expect(backend.kind).toBe(context.database.kind === 'postgres' ? 'database' : 'memory');
    expect(backend.pluginOptions.store !== undefined).toBe(context.database.kind === 'postgres');
  });
});
