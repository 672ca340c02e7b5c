import type { Clock } from '../src/platform/clock.js';

/** A clock tests move by hand: `clock.advance(10 * 60_000)`. */
export function manualClock(start = new Date('2026-11-01T10:00:00Z')): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
