import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { TYPE_PROBE } from '../../test/type-probe.js';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS, withInstanceParsers } from './pglite-parsers.js';

// Dropping Drizzle's per-query parsers (a PGlite cost on every query, docs/performance.md#how-it-measures) must not
// change a single value Drizzle reads: compared here with Drizzle on a plain PGlite.
let plain: PGlite;
let tuned: PGlite;

beforeAll(async () => {
  plain = new PGlite();
  tuned = new PGlite({ parsers: DRIZZLE_PARSERS });
  await Promise.all([plain.waitReady, tuned.waitReady]);
});

afterAll(async () => {
  await Promise.all([plain?.close(), tuned?.close()]);
});

const probe = TYPE_PROBE;

describe('PGlite with Drizzle’s parsers set once on the instance', () => {
  it('reads every type exactly as Drizzle on a plain PGlite does, in and out of a transaction', async () => {
    const expected = (await drizzle({ client: plain }).execute(probe)).rows;
    const db = drizzle({ client: withInstanceParsers(tuned) });
    expect((await db.execute(probe)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(probe)).rows)).toEqual(expected);
    // Timestamps stay text for Drizzle's column types to parse, as drizzle-orm/pglite asks.
    expect(expected[0]!.tstz).toBe('2026-11-23 04:45:30.123+00');
  });

  it('sends Drizzle’s queries to PGlite without per-query parsers (else the saving is lost unseen)', async () => {
    const seen: Array<object | undefined> = [];
    const original = tuned.query.bind(tuned);
    const watched = Object.assign(Object.create(Object.getPrototypeOf(tuned) as object) as PGlite, {
      query: (query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
        seen.push(options?.parsers);
        return original(query, params, options);
      },
    });
    const db = drizzle({ client: withInstanceParsers(watched) });
    await db.execute(probe);
    await db.select({ now: sql<string>`now()` }).from(sql`(select 1) as one`);
    expect(seen).toEqual([undefined, undefined]);
  });

  it('drops them inside Drizzle’s transactions too, which run on the transaction PGlite hands out', async () => {
    const seen: Array<object | undefined> = [];
    const db = drizzle({
      client: withInstanceParsers(
        Object.assign(Object.create(Object.getPrototypeOf(tuned) as object) as PGlite, {
          transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
            tuned.transaction((tx) => {
              const query = tx.query.bind(tx);
              return callback(
                Object.assign(Object.create(tx) as Transaction, {
                  query: (text: string, params?: unknown[], options?: Parameters<Transaction['query']>[2]) => {
                    seen.push(options?.parsers);
                    return query(text, params, options);
                  },
                }),
              );
            }),
        }),
      ),
    });
    await db.transaction(async (tx) => {
      await tx.execute(probe);
      await tx.select({ now: sql<string>`now()` }).from(sql`(select 1) as one`);
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((parsers) => parsers === undefined)).toBe(true);
  });

  it('passes on parsers that are not Drizzle’s usual ones', async () => {
    const client = withInstanceParsers(tuned);
    const result = await client.query<{ x: string }>('select 41::int as x', [], {
      parsers: { 23: (value: string) => `${Number(value) + 1}` },
    });
    expect(result.rows[0]!.x).toBe('42');
  });
});
