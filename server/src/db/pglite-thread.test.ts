import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { TYPE_PROBE } from '../../test/type-probe.js';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../platform/db-errors.js';
import { openPgliteThread, type PgliteClient } from './pglite-thread.js';

// PGlite on its own thread (docs/decisions/021-pglite-runs-on-its-own-thread.md): Drizzle must
// read the same values, transactions must commit and roll back as on one PGlite, errors must
// keep their SQLSTATE, and a long statement must leave the calling thread free.
let plain: PGlite;
let thread: PgliteClient;

beforeAll(async () => {
  plain = new PGlite();
  thread = await openPgliteThread({ dataDir: undefined, loadDataDir: undefined });
  await plain.waitReady;
  await thread.exec('create table items (id int primary key, name text not null)');
});

afterAll(async () => {
  await Promise.all([plain?.close(), thread?.close()]);
});

const probe = TYPE_PROBE;

describe('PGlite on its own thread', () => {
  it('reads every type exactly as Drizzle on a PGlite of this thread does, in and out of a transaction', async () => {
    const expected = (await drizzle({ client: plain }).execute(probe)).rows;
    const db = drizzle({ client: thread as never });
    expect((await db.execute(probe)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(probe)).rows)).toEqual(expected);
    expect(expected[0]!.tstz).toBe('2026-11-23 04:45:30.123+00');
  });

  it('commits a transaction, and rolls back all of one whose callback throws', async () => {
    const db = drizzle({ client: thread as never });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1, 'blouse')`);
      await tx.execute(sql`insert into items values (2, 'frock')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (3, 'pant')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = (await db.execute(sql`select name from items order by id`)).rows;
    expect(rows).toEqual([{ name: 'blouse' }, { name: 'frock' }]);
  });

  it('answers a failed statement with its SQLSTATE and constraint, as the shop’s refusals read them', async () => {
    const db = drizzle({ client: thread as never });
    const error = await db.execute(sql`insert into items values (1, 'again')`).catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe(PG_UNIQUE_VIOLATION);
    expect(((error as { cause?: { constraint?: string } }).cause ?? {}).constraint).toBe('items_pkey');
    // The failed statement left nothing open: the next one runs.
    expect((await db.execute(sql`select count(*)::int as n from items`)).rows).toEqual([{ n: 2 }]);
  });

  it('keeps a statement sent outside a transaction waiting until the transaction ends', async () => {
    const db = drizzle({ client: thread as never });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`update items set name = 'designer blouse' where id = 1`);
      inside();
      await held;
    });
    await begun;
    const outside = db.execute(sql`select name from items where id = 1`);
    // Had it run beside the open transaction it would read the name from before the update.
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ name: 'designer blouse' }]);
  });

  it('leaves this thread free to answer while a long statement runs', async () => {
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    try {
      await thread.query('select count(*) from generate_series(1, 3000000) as g(n) where n % 7 = 0');
    } finally {
      clearInterval(ticker);
    }
    // On the calling thread PGlite would hold the event loop for the whole statement: no turn.
    expect(turns).toBeGreaterThan(1);
  });

  it('dumps its data directory, which a new thread opens with the same rows', async () => {
    const dump = await thread.dumpDataDir();
    const copy = await openPgliteThread({ dataDir: undefined, loadDataDir: dump });
    try {
      expect((await copy.query<{ name: string }>('select name from items order by id')).rows.map((row) => row.name)).toEqual([
        'designer blouse',
        'frock',
      ]);
    } finally {
      await copy.close();
    }
  });

  it('refuses statements after close, and closes twice without harm', async () => {
    const other = await openPgliteThread({ dataDir: undefined, loadDataDir: undefined });
    await other.close();
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database thread has stopped/);
  });
});
