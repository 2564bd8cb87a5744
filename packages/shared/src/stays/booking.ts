/**
 * What a booking of N days (or nights) from now covers, under the business's rule: the New Visit boarding forms
 * show it ("3 days: 25 Nov to 27 Nov", "2 nights: 25 Nov to 27 Nov", "Half day: 25 Nov") and the server answers it
 * with the sale. Pure: the same count the deboard quote makes, from the sale's instant.
 */
import { addDays } from '../dates.ts';
import { countStay, instantAt, type StayCount, type StayRule, wallClock } from './counting.ts';

export interface BookingOptions {
  tz: string;
  /** A half day (Day Care, Hostel): within the day, at most the longest half day. */
  halfDay?: boolean;
}

/**
 * The count of a stay booked from `now` for `days` units: calendar days end on day N (the entry day is day 1);
 * nights end N days later at the check-out time; a half day ends within the hours of a half day.
 */
export function bookingCount(now: Date, days: number, rule: StayRule, opts: BookingOptions): StayCount {
  const n = Math.max(1, Math.floor(days));
  const today = wallClock(now, opts.tz).date;
  if (opts.halfDay) return countStay(now, now, rule, { tz: opts.tz, halfDayAllowed: true });
  if (rule.countingRule === 'nights') {
    const end = instantAt(addDays(today, n), rule.checkOutTime, opts.tz);
    return countStay(now, end, rule, { tz: opts.tz });
  }
  // Calendar days: the last day's last minute (never before now on a one-day stay).
  const end = instantAt(addDays(today, n - 1), '23:59', opts.tz);
  return countStay(now, end.getTime() < now.getTime() ? now : end, rule, { tz: opts.tz });
}

/** The line under the days field: the label, and under the nights rule when the pet must leave. */
export function bookingLine(c: StayCount, rule: StayRule): string {
  if (rule.countingRule === 'nights' && c.unit === 'night') return `${c.label}, check-out by ${rule.checkOutTime}`;
  return c.label;
}
