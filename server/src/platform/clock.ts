/**
 * The time source of every expiry rule (one-time codes, tokens, cooldowns), so tests can
 * move time instead of waiting (docs/product.md#sign-up: a controllable clock for expiry); theirs
 * is `manualClock` in server/test/clock.ts.
 */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
