import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * Tables whose rows may change on a refused request by design: the abuse-limit counters
 * (a refused request still counts against its limit; on PostgreSQL they live in the database).
 */
export const VOLATILE_TABLES: readonly string[] = ['rate_limits'];

/** One fingerprint per table: its row count and an MD5 of every row's text, in a fixed order. */
export type DbSnapshot = Record<string, { rows: number; hash: string }>;

let tableNames: Promise<string[]> | undefined;

/** The rows of `db.execute`, which answers `{rows}` on both drivers (or rows alone on some). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

async function userTables(db: Db): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result)
    .map((row) => row.table_name)
    .filter((name) => !VOLATILE_TABLES.includes(name));
}

/**
 * Fingerprint every table of the app's schema (all of them, found in `information_schema`, so a
 * table added later is covered too) in ONE statement, to compare before and after a request.
 * `exclude` leaves out tables a test allows to change.
 */
export async function snapshotDb(db: Db, exclude: readonly string[] = []): Promise<DbSnapshot> {
  tableNames ??= userTables(db);
  const names = (await tableNames).filter((name) => !exclude.includes(name));
  if (names.length === 0) return {};
  const parts = names.map(
    (name) =>
      sql`${name}::text, (select json_build_array(count(*), md5(coalesce(string_agg(t::text, '|' order by t::text), ''))) from ${sql.identifier(name)} t)`,
  );
  const result = await db.execute<{ snapshot: Record<string, [number, string]> }>(
    sql`select json_build_object(${sql.join(parts, sql`, `)}) as snapshot`,
  );
  const raw = rowsOf<{ snapshot: Record<string, [number, string]> | string }>(result)[0]!.snapshot;
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, [number, string]>) : raw;
  return Object.fromEntries(Object.entries(parsed).map(([name, [rows, hash]]) => [name, { rows: Number(rows), hash }]));
}

/** The tables whose fingerprint differs between two snapshots (empty when nothing changed). */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}
