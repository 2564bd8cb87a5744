/** The Today board (issue 17): its texts and the chart's days, without zod (schemas.ts has the contracts). */
import { addDays } from '../dates.ts';

/** Days in the takings chart, today included. */
export const TODAY_CHART_DAYS = 30;

export const TODAY_MESSAGES = {
  load: 'Failed to load today’s figures',
  empty: 'Nothing has been sold in the last 30 days',
} as const;

/** The chart's dates: the 30 business days ending today, oldest first. */
export function chartDates(today: string, days = TODAY_CHART_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}
