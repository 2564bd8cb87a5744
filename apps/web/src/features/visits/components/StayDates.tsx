import { Text } from '@mantine/core';
import { bookingCount, bookingLine, type StayRule } from '@pawdesk/shared';
import { DEFAULT_TZ } from '@pawdesk/shared/dates';
import { useStayRule } from '../../../lib/endpoints/stay-settings';

/**
 * What a booking of `days` from `now` covers under the business's rule: "3 days: 25 Nov to 27 Nov", "2 nights: 25
 * Nov to 27 Nov, check-out by 12:00", "Half day: 25 Nov"; null while the number of days is not valid.
 */
export function stayDatesLine(now: Date, days: number, rule: StayRule, halfDay = false, tz = DEFAULT_TZ): string | null {
  if (!halfDay && !(Number.isInteger(days) && days >= 1)) return null;
  return bookingLine(bookingCount(now, halfDay ? 1 : days, rule, { tz, halfDay }), rule);
}

/** The dates line under a boarding form's days (the server answers the same count with the sale). */
export function StayDates({ days, halfDay = false }: { days: number; halfDay?: boolean }) {
  const rule = useStayRule();
  const line = stayDatesLine(new Date(), days, rule, halfDay);
  if (!line) return null;
  return (
    <Text size="sm" fw={500} data-testid="stay-dates" aria-live="polite">
      {line}
    </Text>
  );
}
