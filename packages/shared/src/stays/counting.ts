/**
 * How a stay is counted (issue 18): the business chooses one rule, and the booking form, reservations, the deboard
 * quote and extra days all count with it.
 *
 * - `calendar_days` (the original system's rule, the default): every calendar day the pet is in, in the business
 *   time zone, is one day; the entry day is day 1. In on 25 Nov, out on 27 Nov: "3 days: 25 Nov to 27 Nov".
 * - `nights`: the nights between check-in and check-out; a check-out later than the business's check-out time
 *   (default 12:00) on the last day adds one half-day charge (a late check-out). A stay within one day is a day.
 *
 * Half days: for the boarding types that have a half-day price (Day Care and Hostel), a stay within one calendar
 * day that lasts at most `halfDayMaxHours` (default 5) is a half day. Booking picks a half or a full day;
 * check-out corrects it by the hours actually stayed.
 *
 * Pure and time-zone exact: instants are read as wall-clock dates and times in the business time zone.
 */
import { z } from 'zod';
import { addDays, DATE_RE, daysBetween, DEFAULT_TZ } from '../dates.ts';

export const STAY_COUNTING_RULES = ['calendar_days', 'nights'] as const;
export type StayCountingRule = (typeof STAY_COUNTING_RULES)[number];

export const STAY_COUNTING_RULE_LABEL: Record<StayCountingRule, string> = {
  calendar_days: 'Calendar days (the entry day is day 1)',
  nights: 'Nights, with a check-out time',
};

const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The desk's settings (settings key `stays`, admins change them): the counting rule, the check-out time of the
 * nights rule, the longest stay that is a half day, the free cancellation window of reservations, and the two
 * switch-over settings for the business's existing web client (off by default; docs/compatibility.md).
 */
export const staySettingsSchema = z.object({
  countingRule: z.enum(STAY_COUNTING_RULES, { message: 'Choose calendar days or nights' }),
  checkOutTime: z.string().regex(HHMM_RE, 'Enter a time as HH:MM (24-hour)'),
  halfDayMaxHours: z
    .number({ message: 'Enter the longest half day in hours' })
    .int('Enter whole hours')
    .min(1, 'A half day is at least 1 hour')
    .max(12, 'A half day is at most 12 hours'),
  freeCancellationDays: z
    .number({ message: 'Enter the days before check-in' })
    .int('Enter whole days')
    .min(0, 'Days cannot be negative')
    .max(60, 'At most 60 days'),
  /** The existing client's deboard with money due records it as received, 'Method not recorded', then deboards. */
  legacyDeboardRecordsPayment: z.boolean(),
  /** The existing client's boarding sale for a dog flagged by the admission rule is acknowledged by 'the existing client'. */
  legacyAdmissionAcknowledged: z.boolean(),
});
export type StaySettings = z.infer<typeof staySettingsSchema>;

export const DEFAULT_STAY_SETTINGS: StaySettings = {
  countingRule: 'calendar_days',
  checkOutTime: '12:00',
  halfDayMaxHours: 5,
  freeCancellationDays: 2,
  legacyDeboardRecordsPayment: false,
  legacyAdmissionAcknowledged: false,
};

/** The rule's part of the settings: what `countStay` needs. */
export type StayRule = Pick<StaySettings, 'countingRule' | 'checkOutTime' | 'halfDayMaxHours'>;

/** An instant as the business's wall clock: its date (`yyyy-MM-dd`) and minutes after midnight. */
export function wallClock(instant: Date, tz: string = DEFAULT_TZ): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** `HH:MM` as minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * The instant a business-day wall-clock time happens (`yyyy-MM-dd` and `HH:MM` in the time zone). Exact across
 * offsets: the offset is read at the result and corrected once (India has no daylight saving; other zones do).
 */
export function instantAt(date: string, hhmm: string, tz: string = DEFAULT_TZ): Date {
  if (!DATE_RE.test(date) || !HHMM_RE.test(hhmm)) throw new RangeError(`Not a date and time: ${date} ${hhmm}`);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, mo - 1, d) + minutesOf(hhmm) * 60_000;
  let guess = new Date(target);
  for (let i = 0; i < 2; i++) {
    const w = wallClock(guess, tz);
    const seen = Date.parse(`${w.date}T00:00:00Z`) + w.minutes * 60_000;
    guess = new Date(guess.getTime() + (target - seen));
  }
  return guess;
}

export interface StayCount {
  /** Full days (calendar rule, or a day stay under the nights rule) or nights charged at the day price. */
  units: number;
  unit: 'day' | 'night';
  /** Half-day charges: 1 for a half-day stay (units 0), or a late check-out under the nights rule; else 0. */
  halfDays: number;
  /** The whole stay is one half day. */
  halfDay: boolean;
  /** Nights rule: checked out after the check-out time on the last day (one half-day charge). */
  lateCheckOut: boolean;
  /** The business days the stay occupies a place on (capacity and occupancy), inclusive. */
  firstDay: string;
  lastDay: string;
  /** What the booking form shows: "3 days: 25 Nov to 27 Nov", "2 nights: 25 Nov to 27 Nov", "Half day: 25 Nov". */
  label: string;
}

export interface CountOptions {
  tz?: string;
  /** The boarding type has a half-day price (Day Care, Hostel): a short stay within one day is a half day. */
  halfDayAllowed?: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `25 Nov` from `yyyy-MM-dd` (the year is added when the stay crosses into another year). */
export function shortDay(date: string, withYear = false): string {
  const [y, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]}${withYear ? ` ${y}` : ''}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function stayLabel(c: Omit<StayCount, 'label'>): string {
  const years = c.firstDay.slice(0, 4) !== c.lastDay.slice(0, 4);
  const from = shortDay(c.firstDay, years);
  const to = shortDay(c.lastDay, years);
  if (c.halfDay) return `Half day: ${from}`;
  const what = plural(c.units, c.unit) + (c.lateCheckOut ? ' and a late check-out' : '');
  return c.firstDay === c.lastDay ? `${what}: ${from}` : `${what}: ${from} to ${to}`;
}

/**
 * Counts a stay from check-in to check-out under the business's rule. The check-out must not be before the
 * check-in (callers refuse that with a message first); an equal instant counts as the shortest stay.
 */
export function countStay(checkIn: Date, checkOut: Date, rule: StayRule, opts: CountOptions = {}): StayCount {
  const tz = opts.tz ?? DEFAULT_TZ;
  if (checkOut.getTime() < checkIn.getTime()) throw new RangeError('The check-out is before the check-in');
  const a = wallClock(checkIn, tz);
  const b = wallClock(checkOut, tz);
  const nights = daysBetween(a.date, b.date);
  const hours = (checkOut.getTime() - checkIn.getTime()) / 3_600_000;
  const base = { firstDay: a.date, lastDay: b.date, lateCheckOut: false };
  let c: Omit<StayCount, 'label'>;
  if (nights === 0 && opts.halfDayAllowed && hours <= rule.halfDayMaxHours) {
    c = { ...base, units: 0, unit: 'day', halfDays: 1, halfDay: true };
  } else if (rule.countingRule === 'calendar_days' || nights === 0) {
    c = { ...base, units: nights + 1, unit: 'day', halfDays: 0, halfDay: false };
  } else {
    const late = b.minutes > minutesOf(rule.checkOutTime);
    c = { ...base, units: nights, unit: 'night', halfDays: late ? 1 : 0, halfDay: false, lateCheckOut: late };
  }
  return { ...c, label: stayLabel(c) };
}

/** The price of a counted stay for one pet: units at the day price and half days at the half-day price. */
export function stayPricePaise(
  c: Pick<StayCount, 'units' | 'halfDays'>,
  dayPricePaise: number,
  halfDayPricePaise: number,
): number {
  return c.units * dayPricePaise + c.halfDays * halfDayPricePaise;
}

/** The business days from `first` to `last` inclusive (capacity is checked on each). */
export function daysCovered(first: string, last: string): string[] {
  const n = daysBetween(first, last);
  return n < 0 ? [] : Array.from({ length: n + 1 }, (_, i) => addDays(first, i));
}

/** `PUT /settings/stays` (admins): any of the settings; the others stay as they are (unknown fields are ignored). */
export const staySettingsBody = staySettingsSchema
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Change at least one setting');
export type StaySettingsBody = z.input<typeof staySettingsBody>;

export const staySettingsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: staySettingsSchema,
});
export type StaySettingsResponse = z.infer<typeof staySettingsResponse>;

export const STAY_SETTINGS_SAVED = 'Stay settings saved';
