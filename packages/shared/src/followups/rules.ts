import { addDays, daysBetween, isBirthdayOn, isLeapYear } from '../dates.ts';

/** The dashboard's Reminders Panel presets (spec 000 §2), selected on /staff/reminders with `?range=`. */
export const REMINDER_PRESETS = ['today', 'nextweek', 'overdue', 'birthdays'] as const;
export type ReminderPreset = (typeof REMINDER_PRESETS)[number];

export const REMINDER_PRESET_LABEL: Record<ReminderPreset, string> = {
  today: 'Today',
  nextweek: 'Next Week',
  overdue: 'Overdue Last Week',
  birthdays: 'Birthdays',
};

/** Which reminders a list shows: everything, follow-ups only, birthdays only, or missed follow-ups. */
export const REMINDER_FILTERS = ['all', 'followups', 'birthdays', 'overdue'] as const;
export type ReminderFilter = (typeof REMINDER_FILTERS)[number];

/** The longest range a reminders list or send may span, in days (inclusive). */
export const MAX_REMINDER_RANGE_DAYS = 31;

export interface ReminderRange {
  from: string;
  to: string;
  filter: ReminderFilter;
}

/**
 * The dates and filter of a preset, from today in the business time zone:
 * - today: today's follow-ups and birthdays;
 * - nextweek: the next 7 days (tomorrow to today + 7);
 * - overdue: the last 7 days' follow-ups marked absent or never marked;
 * - birthdays: birthdays this week (today to today + 6).
 */
export function presetRange(preset: ReminderPreset, today: string): ReminderRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today, filter: 'all' };
    case 'nextweek':
      return { from: addDays(today, 1), to: addDays(today, 7), filter: 'all' };
    case 'overdue':
      return { from: addDays(today, -7), to: addDays(today, -1), filter: 'overdue' };
    case 'birthdays':
      return { from: today, to: addDays(today, 6), filter: 'birthdays' };
  }
}

/** Every date from `from` to `to` inclusive (empty when to < from). */
export function datesBetween(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  const out: string[] = [];
  for (let i = 0; i <= n; i++) out.push(addDays(from, i));
  return out;
}

/**
 * The (month, day) pairs of dates of birth that celebrate within the range,
 * for an index-friendly `extract(month/day from dob)` lookup. 29 February
 * birthdays count on 28 February in non-leap years.
 */
export function birthdayKeys(from: string, to: string): { month: number; day: number }[] {
  const seen = new Set<string>();
  const out: { month: number; day: number }[] = [];
  const add = (month: number, day: number) => {
    const k = `${month}-${day}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ month, day });
    }
  };
  for (const d of datesBetween(from, to)) {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    add(m, day);
    if (m === 2 && day === 28 && !isLeapYear(y)) add(2, 29);
  }
  return out;
}

/**
 * The date within the range on which a pet born on `dob` celebrates, or null.
 * A pet has no birthday on the day it was born (or before).
 */
export function birthdayInRange(dob: string, from: string, to: string): string | null {
  for (const d of datesBetween(from, to)) {
    if (d.slice(0, 4) > dob.slice(0, 4) && isBirthdayOn(dob, d)) return d;
  }
  return null;
}

/** `10:30` → `10:30 AM`; `14:05` → `2:05 PM`; anything else as given. */
export function formatTime12(time: string | null | undefined): string {
  if (!time) return '';
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return time;
  const h = Number(m[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}
