import { todayIn } from '@pawdesk/shared';

/**
 * The server's one source of "now". Every rule that depends on the date (a boarding's actual days, the day a
 * payment is received, what is due today) asks `ctx.clock`, never `new Date()`, so tests can move time: board a pet
 * for 2 days, jump to day 4, and see the extra-day charge.
 */
export interface Clock {
  now(): Date;
  /** Today's date (`yyyy-MM-dd`) in the business time zone. */
  today(): string;
}

/** A clock that tests (and the e2e server, with TEST_CLOCK=true) can move; it runs on from where it was set. */
export interface MovableClock extends Clock {
  /** Moves "now" to `at` (the clock keeps running from there); null goes back to the real time. */
  set(at: Date | null): void;
  /** Moves "now" forward (or back) by whole days. */
  advanceDays(days: number): void;
  /** How far "now" is from the real time, in milliseconds. */
  offsetMs(): number;
}

const DAY_MS = 86_400_000;

/** How far a movable clock may be from the real time: ten years (dates stay within what PostgreSQL and the UI read). */
export const MAX_CLOCK_OFFSET_DAYS = 3660;
const MAX_OFFSET_MS = MAX_CLOCK_OFFSET_DAYS * DAY_MS;

/** A move that would put the clock further than MAX_CLOCK_OFFSET_DAYS from the real time. */
export class ClockRangeError extends RangeError {}

export function systemClock(tz: string): Clock {
  return { now: () => new Date(), today: () => todayIn(tz, new Date()) };
}

function within(offsetMs: number): number {
  if (!Number.isFinite(offsetMs) || Math.abs(offsetMs) > MAX_OFFSET_MS) {
    throw new ClockRangeError(`The clock can be at most ${MAX_CLOCK_OFFSET_DAYS} days from the real time`);
  }
  return offsetMs;
}

export function movableClock(tz: string): MovableClock {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  return {
    now,
    today: () => todayIn(tz, now()),
    set(at) {
      offset = within(at ? at.getTime() - Date.now() : 0);
    },
    advanceDays(days) {
      offset = within(offset + days * DAY_MS);
    },
    offsetMs: () => offset,
  };
}
