import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Abuse-limit counters shared by every app process on one PostgreSQL (docs/architecture.md#running-several-processes "Nothing in
 * the app may assume it is the only process"; docs/architecture.md#running-several-processes): one row per limited key, a fixed
 * window that starts at `window_started_at` and lasts `window_ms`, and the requests counted
 * in it. `key` is a SHA-256 (base64url) of the limiter's name and the client's IP or e-mail,
 * so the table holds no address or e-mail in clear. Rows whose window has ended are swept.
 * Not used on PGlite (one process: the counters stay in memory).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    windowMs: integer('window_ms').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);
