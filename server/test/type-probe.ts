import { sql } from 'drizzle-orm';

/**
 * One row of a value of each type the shop reads (timestamps, a date, an interval, numeric,
 * integers, jsonb, an array, bytea, a boolean), for tests that compare what Drizzle reads through
 * a tuned PGlite client with what it reads through a plain one (db/pglite-parsers.ts,
 * db/pglite-thread.ts; docs/decisions/021-pglite-runs-on-its-own-thread.md).
 */
export const TYPE_PROBE = sql`select
  timestamptz '2026-11-23 10:15:30.123+05:30' as tstz,
  timestamp '2026-11-23 10:15:30' as ts,
  date '2026-11-23' as d,
  interval '1 day 2 hours' as i,
  12.50::numeric as n,
  42::int as int,
  9007199254740993::bigint as big,
  '{"a":[1,2]}'::jsonb as j,
  array[1,2,3] as arr,
  '\\x0102'::bytea as bytes,
  true as b,
  gen_random_uuid() is not null as u`;
