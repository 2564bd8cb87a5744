import { packageDayShare } from '@pawdesk/shared';
import { hasAtMostTwoDecimals, toPaise, toRupees } from '@pawdesk/shared/money';

/**
 * The daily shares of a package of `price` rupees per pet over `days` days: floor(P·n/D) − floor(P·(n−1)/D) paise on
 * day n, so they add up to the price exactly; at most two amounts a paisa apart (low and high). Null for a price or
 * days the form cannot take yet.
 */
export function firstDayShare(price: number, days: number): { low: number; high: number } | null {
  if (!(price > 0) || !hasAtMostTwoDecimals(price) || !Number.isInteger(days) || days < 1 || days > 366) return null;
  const p = toPaise(price);
  let low = Number.POSITIVE_INFINITY;
  let high = 0;
  for (let n = 1; n <= days; n++) {
    const s = packageDayShare(p, days, n);
    low = Math.min(low, s);
    high = Math.max(high, s);
  }
  return { low: toRupees(low), high: toRupees(high) };
}
