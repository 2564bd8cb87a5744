/** Column labels of the grid: 'Mon' and '23 Nov' for a `yyyy-MM-dd` date (a calendar date, so read in UTC). */
const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const asDate = (d: string) => new Date(`${d}T00:00:00Z`);

export const weekdayOf = (d: string) => weekday.format(asDate(d));
export const dayMonthOf = (d: string) => dayMonth.format(asDate(d));
