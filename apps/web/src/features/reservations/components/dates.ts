import { addDays } from '@pawdesk/shared';

/** Labels for `yyyy-MM-dd` calendar dates (read in UTC, so the date never shifts). */
const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const longWeekday = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const asDate = (d: string) => new Date(`${d}T00:00:00Z`);

export const weekdayOf = (d: string) => weekday.format(asDate(d));
export const longWeekdayOf = (d: string) => longWeekday.format(asDate(d));
export const dayMonthOf = (d: string) => dayMonth.format(asDate(d));
export const monthYearOf = (d: string) => monthYear.format(asDate(d));

export type CalendarView = 'week' | 'month';

/** The Monday of the week `d` falls in. */
export function weekStart(d: string): string {
  const dow = asDate(d).getUTCDay(); // 0 = Sunday
  return addDays(d, -((dow + 6) % 7));
}

/** The first day of `d`'s month. */
export const monthStart = (d: string) => `${d.slice(0, 8)}01`;

/** The days a view shows around `anchor`: Monday to Sunday, or the whole month. */
export function viewRange(view: CalendarView, anchor: string): { from: string; to: string; dates: string[] } {
  const from = view === 'week' ? weekStart(anchor) : monthStart(anchor);
  let to: string;
  if (view === 'week') to = addDays(from, 6);
  else {
    const [y, m] = from.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    to = addDays(next, -1);
  }
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return { from, to, dates };
}

/** The anchor of the previous or next week or month. */
export function shiftView(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return addDays(weekStart(anchor), 7 * step);
  const [y, m] = anchor.split('-').map(Number) as [number, number];
  const t = y * 12 + (m - 1) + step;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;
}

/** What the calendar's heading says: '9 Nov – 15 Nov 2027' or 'November 2027'. */
export function viewTitle(view: CalendarView, from: string, to: string): string {
  return view === 'week' ? `${dayMonthOf(from)} – ${dayMonthOf(to)} ${to.slice(0, 4)}` : monthYearOf(from);
}
