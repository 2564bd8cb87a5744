import { daysBetween, isIsoDate, TAKINGS_MAX_RANGE_DAYS, TAKINGS_MESSAGES } from '@pawdesk/shared';

/**
 * The period the takings screen shows from its address: an admin's `from`/`to` range when valid (both dates, in
 * order, not after today, at most one financial year), else a day (`date`, not after today), else today.
 */
export function periodFromParams(
  params: { date?: string | null; from?: string | null; to?: string | null },
  today: string,
  isAdmin: boolean,
): { date: string | undefined; range: { from: string; to: string } | null } {
  const { from, to } = params;
  if (isAdmin && from && to && !rangeError(from, to, today)) return { date: undefined, range: { from, to } };
  const d = params.date;
  return { date: d && isIsoDate(d) && d <= today ? d : undefined, range: null };
}

/** Why a range cannot be asked for (null when it can). */
export function rangeError(from: string, to: string, today: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return TAKINGS_MESSAGES.dateOrRange;
  if (from > to) return TAKINGS_MESSAGES.rangeOrder;
  if (to > today) return TAKINGS_MESSAGES.futureDate;
  if (daysBetween(from, to) + 1 > TAKINGS_MAX_RANGE_DAYS) return TAKINGS_MESSAGES.rangeTooLong;
  return null;
}

/** A rate as the tax table shows it: '18%', 'Exempt'. */
export const rateLabel = (ratePercent: number | null) => (ratePercent === null ? 'Exempt' : `${ratePercent}%`);
