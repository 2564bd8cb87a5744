/**
 * The customer dashboard's This Month (issue 19): visits of the caller's own pets recorded this month, and what the
 * caller paid this month less what was refunded to them, from the ledger. The month is the business time zone's.
 * Everything is found from the token's account: its owner record and that record's pets.
 */
import { addDays, type CustomerSummary, todayIn, toRupees } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { ownerMoneyBetween } from '../payments/payments.service.ts';
import { customerPetIds } from '../pets/customer-owner.service.ts';
import { ownerOfCustomer } from '../pets/owner-billing.service.ts';
import { startOfDay } from '../takings/takings.service.ts';
import { countVisitsOfPetsBetween } from '../visits/visit-lookups.service.ts';

/** The first and last day of the month `today` is in (yyyy-MM-dd). */
export function monthOf(today: string): { month: string; from: string; to: string } {
  const month = today.slice(0, 7);
  const from = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { month, from, to: addDays(next, -1) };
}

export async function customerSummary(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: string,
): Promise<CustomerSummary> {
  const tz = ctx.config.tz;
  const { month, from, to } = monthOf(todayIn(tz, ctx.clock.now()));
  const start = startOfDay(from, tz);
  const end = startOfDay(addDays(to, 1), tz);
  const owner = await ownerOfCustomer(ctx.db, userId);
  if (!owner) return { month, from, to, visits: 0, spent: 0, pets: 0 };
  const petIds = await customerPetIds(ctx.db, userId);
  const [visits, money] = await Promise.all([
    countVisitsOfPetsBetween(ctx.db, petIds, start, end),
    ownerMoneyBetween(ctx.db, owner.id, start, end),
  ]);
  return { month, from, to, visits, spent: toRupees(money.paidPaise - money.refundedPaise), pets: petIds.length };
}
