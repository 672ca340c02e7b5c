import { createHash } from 'node:crypto';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ReasonedMessage } from '@thaiyal/contract';
import { lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rowsOf, type Database, type Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { markRateLimit } from './route-traits.js';

/**
 * Where abuse limits keep their counts (docs/architecture.md#http-api: nothing in the app may assume it is the
 * only process when `DATABASE_URL` is set; docs/architecture.md#running-several-processes "rate limits hold across both").
 * On PostgreSQL every count lives in the `rate_limits` table, shared by all app processes;
 * on PGlite (one process by construction) in this process's memory, as @fastify/rate-limit
 * keeps them by default.
 */
export interface RateLimitBackend {
  kind: 'memory' | 'database';
  /**
   * Spread into `app.register(fastifyRateLimit, { global: false, ...pluginOptions })`: the
   * database store on PostgreSQL, nothing (the plugin's in-memory store) on PGlite. Limiters
   * made with `createRateLimit` share one store, so each names its keys (see {@link limitKey}).
   */
  pluginOptions: { store?: FastifyRateLimitStoreCtor };
  /** A cooldown of `windowMs` (e.g. the 60 s between one-time codes) kept in the same place. */
  cooldown(name: string, windowMs: number): Cooldown;
  /** Failure counts in fixed windows of `windowMs` (e.g. wrong passwords), kept in the same place. */
  failures(name: string, windowMs: number): FailureCounter;
}

/**
 * Failures of a key counted in a fixed window (wrong passwords per e-mail and address:
 * docs/security.md, sign-in without lock-out), read before an attempt and added to after a
 * failed one. Windows run on the store's clock (the database's, or this process's).
 */
export interface FailureCounter {
  /** Failures of `key` in its current window, and the milliseconds left in it (0 when none). */
  count(key: string): Promise<{ count: number; ttlMs: number }>;
  /** Count one failure of `key`. */
  add(key: string): Promise<void>;
  /** Forget `key`'s failures (after a success). */
  clear(key: string): Promise<void>;
}

/**
 * "At most once per window" for a key, on a caller-supplied clock (the app's clock, so tests
 * can move time): how long is left, and a note that it happened now.
 */
export interface Cooldown {
  /** Milliseconds left before `key` may act again; 0 when it may. */
  remainingMs(key: string, now: Date): Promise<number>;
  /** Note that `key` acted at `now`. */
  record(key: string, now: Date): Promise<void>;
  /**
   * Check and record in one step: when `key`'s cooldown has ended, record `now` and answer 0;
   * else record nothing and answer the milliseconds left. Of two callers at once only one gets 0,
   * so two concurrent asks never both act (two resend requests mail one code).
   */
  claim(key: string, now: Date): Promise<number>;
}

/**
 * The key a limiter counts under: its name and the client's IP or e-mail, so limiters that
 * share one store never add to one another's counts (`signin:ip:203.0.113.9`).
 */
export function limitKey(limiter: string, subject: string): string {
  return `${limiter}:${subject}`;
}

/** A limiter made with @fastify/rate-limit's `app.createRateLimit(options)`. */
export type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A hook (`onRequest`, or `preHandler` when the key needs the signed-in user) that counts the
 * request with `check` and, once its key is over the limit, answers 429 `message` with
 * `Retry-After` in seconds (docs/security.md). Marked as a rate limit, so the OpenAPI
 * document lists the 429 of every route that runs it (platform/route-traits.ts).
 * @throws AppError('too_many_requests', message) over the limit.
 */
export function rateLimitHook(
  check: RateLimitCheck,
  message: string | ReasonedMessage,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return markRateLimit(async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('too_many_requests', message);
    }
  });
}

/** The stored form of a key: SHA-256, base64url; the table keeps no IP or e-mail in clear. */
function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Sweep ended windows at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** Rows are swept this long after their window ended (slack for clocks that disagree). */
const SWEEP_SLACK_MS = 60 * 60_000;

/**
 * Delete rows whose window ended over an hour ago, at most every 10 minutes per process and
 * never on the request's path (its failure is only logged by the caller's `onError`).
 */
function createSweeper(db: Db, onError: (error: unknown) => void): () => void {
  let lastSweepMs = Date.now();
  return () => {
    if (Date.now() - lastSweepMs < SWEEP_EVERY_MS) return;
    lastSweepMs = Date.now();
    db.delete(rateLimits)
      .where(
        lt(
          sql`${rateLimits.windowStartedAt} + ${rateLimits.windowMs} * interval '1 millisecond'`,
          sql`now() - ${SWEEP_SLACK_MS} * interval '1 millisecond'`,
        ),
      )
      .catch(onError);
  };
}

/**
 * Count one request of `key` in a fixed window of `windowMs`, atomically, on the database's
 * clock (one clock for every process): a new key or an ended window starts again at 1,
 * otherwise the count goes up by one. One statement (INSERT … ON CONFLICT DO UPDATE), so two
 * processes counting the same key at once both count.
 * @returns the count in the current window and the milliseconds left in it.
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const expired = sql`${rateLimits.windowStartedAt} + ${windowMs} * interval '1 millisecond' <= clock_timestamp()`;
  const rows = await db
    .insert(rateLimits)
    .values({ key: storedKey(key), windowStartedAt: sql`clock_timestamp()`, windowMs, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStartedAt: sql`CASE WHEN ${expired} THEN clock_timestamp() ELSE ${rateLimits.windowStartedAt} END`,
        windowMs,
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
      },
    })
    .returning({
      current: rateLimits.count,
      ttl: sql<string>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${windowMs} * interval '1 millisecond' - clock_timestamp())) * 1000)`,
    });
  const row = rows[0]!;
  return { current: row.current, ttl: Math.max(0, Number(row.ttl)) };
}

/**
 * An @fastify/rate-limit store class over the `rate_limits` table (the plugin's custom-store
 * interface: `incr(key, callback, timeWindow, max)` and `child(options)`). Every child is the
 * same store: callers keep limiters apart through their keys ({@link limitKey}).
 */
function databaseRateLimitStore(db: Db, onError: (error: unknown) => void = () => {}): FastifyRateLimitStoreCtor {
  const sweep = createSweeper(db, onError);
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      sweep();
      countRequest(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * A cooldown in this process's memory, bounded: past `maxEntries` keys, those whose cooldown
 * has ended are dropped (they carry no information).
 */
export class MemoryCooldown implements Cooldown {
  private readonly lastMs = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async remainingMs(key: string, now: Date): Promise<number> {
    return this.leftMs(key, now);
  }

  private leftMs(key: string, now: Date): number {
    const last = this.lastMs.get(key);
    return last === undefined ? 0 : Math.max(0, last + this.windowMs - now.getTime());
  }

  async record(key: string, now: Date): Promise<void> {
    if (this.lastMs.size >= this.maxEntries) {
      for (const [entry, at] of this.lastMs) {
        if (at + this.windowMs <= now.getTime()) this.lastMs.delete(entry);
      }
    }
    this.lastMs.set(key, now.getTime());
  }

  async claim(key: string, now: Date): Promise<number> {
    // No await between the check and the record: nothing else runs in between on this thread.
    const left = this.leftMs(key, now);
    if (left === 0) await this.record(key, now);
    return left;
  }
}

/** A cooldown in the `rate_limits` table (key `cooldown:<name>:<key>`, hashed), shared by every process. */
export class DatabaseCooldown implements Cooldown {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly windowMs: number,
  ) {}

  private key(key: string): string {
    return storedKey(limitKey(`cooldown:${this.name}`, key));
  }

  async remainingMs(key: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ at: rateLimits.windowStartedAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${this.key(key)}`);
    if (!row) return 0;
    return Math.max(0, row.at.getTime() + this.windowMs - now.getTime());
  }

  async record(key: string, now: Date): Promise<void> {
    await this.db
      .insert(rateLimits)
      .values({ key: this.key(key), windowStartedAt: now, windowMs: this.windowMs, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { windowStartedAt: now, windowMs: this.windowMs, count: sql`${rateLimits.count} + 1` },
      });
  }

  async claim(key: string, now: Date): Promise<number> {
    // One statement: the row is written only when the cooldown has ended, and the row lock
    // makes a concurrent claim wait and then see the new time.
    const claimed = await this.db
      .insert(rateLimits)
      .values({ key: this.key(key), windowStartedAt: now, windowMs: this.windowMs, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { windowStartedAt: now, windowMs: this.windowMs, count: sql`${rateLimits.count} + 1` },
        setWhere: lte(rateLimits.windowStartedAt, new Date(now.getTime() - this.windowMs)),
      })
      .returning({ key: rateLimits.key });
    if (claimed.length > 0) return 0;
    return Math.max(1, await this.remainingMs(key, now));
  }
}

/** A {@link FailureCounter} in this process's memory, bounded like {@link MemoryCooldown}. */
export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; startedMs: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  private current(key: string, nowMs: number) {
    const window = this.windows.get(key);
    return window && window.startedMs + this.windowMs > nowMs ? window : undefined;
  }

  async count(key: string): Promise<{ count: number; ttlMs: number }> {
    const nowMs = Date.now();
    const window = this.current(key, nowMs);
    return window ? { count: window.count, ttlMs: window.startedMs + this.windowMs - nowMs } : { count: 0, ttlMs: 0 };
  }

  async add(key: string): Promise<void> {
    const nowMs = Date.now();
    const window = this.current(key, nowMs);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= this.maxEntries) {
      for (const [entry, { startedMs }] of this.windows) {
        if (startedMs + this.windowMs <= nowMs) this.windows.delete(entry);
      }
    }
    this.windows.set(key, { count: 1, startedMs: nowMs });
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

/**
 * A {@link FailureCounter} in the `rate_limits` table (key `failures:<name>:<key>`, hashed),
 * shared by every process, on the database's clock; ended windows are swept with the others.
 */
export class DatabaseFailureCounter implements FailureCounter {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly windowMs: number,
  ) {}

  private key(key: string): string {
    return limitKey(`failures:${this.name}`, key);
  }

  async count(key: string): Promise<{ count: number; ttlMs: number }> {
    const [row] = await rowsOf<{ count: number; ttl: string }>(
      this.db,
      sql`select ${rateLimits.count} as count,
        ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${this.windowMs} * interval '1 millisecond' - clock_timestamp())) * 1000) as ttl
        from ${rateLimits}
        where ${rateLimits.key} = ${storedKey(this.key(key))}
          and ${rateLimits.windowStartedAt} + ${this.windowMs} * interval '1 millisecond' > clock_timestamp()`,
    );
    return row ? { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl)) } : { count: 0, ttlMs: 0 };
  }

  async add(key: string): Promise<void> {
    await countRequest(this.db, this.key(key), this.windowMs);
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${storedKey(this.key(key))}`);
  }
}

/**
 * The backend for `database`: shared counters in PostgreSQL, or this process's memory on
 * PGlite. `onError` hears failures of the background sweep.
 */
export function createRateLimitBackend(database: Database, onError: (error: unknown) => void = () => {}): RateLimitBackend {
  if (database.kind === 'postgres') {
    const store = databaseRateLimitStore(database.db, onError);
    return {
      kind: 'database',
      pluginOptions: { store },
      cooldown: (name, windowMs) => new DatabaseCooldown(database.db, name, windowMs),
      failures: (name, windowMs) => new DatabaseFailureCounter(database.db, name, windowMs),
    };
  }
  return {
    kind: 'memory',
    pluginOptions: {},
    cooldown: (_name, windowMs) => new MemoryCooldown(windowMs),
    failures: (_name, windowMs) => new MemoryFailureCounter(windowMs),
  };
}
