import type { DbOrTx } from '../../db/client.ts';
import { planById } from '../visit-types/visit-types.service.ts';
import { findSubscriptionRow, findSubscriptionRows, type SubscriptionDaysRow, takeDays } from './subscription-days.repo.ts';
import { writeEnd } from './subscription-purchases.service.ts';
import { lockSubscription } from './subscription-records.repo.ts';
import { duesOf } from './subscription-views.service.ts';

/**
 * Boarding days of a subscription (spec 001 §4, §9): a stay's quote reads the days left and the price and duration
 * snapshot taken at purchase (never the plan's current price); deboarding takes the days the stay used.
 */

export interface StaySubscription {
  id: string;
  planName: string;
  daysLeft: number;
  active: boolean;
  /** The purchase's snapshot: extra days cost pricePaise ÷ durationDays − discountPaise. */
  pricePaise: number;
  durationDays: number;
  discountPaise: number;
  /** Still owed on its purchases and renewals (a plan sold 'pay later'), paise. */
  amountDuePaise: number;
}

export async function staySubscription(db: DbOrTx, id: string): Promise<StaySubscription | undefined> {
  const row = await findSubscriptionRow(db, id);
  if (!row) return undefined;
  return (await staySubscriptionsOf(db, [row])).get(row.id);
}

/** The subscriptions of several stays at once, by id (the Deboard list's dues). */
export async function staySubscriptions(db: DbOrTx, ids: readonly string[]): Promise<Map<string, StaySubscription>> {
  return staySubscriptionsOf(db, await findSubscriptionRows(db, ids));
}

async function staySubscriptionsOf(db: DbOrTx, rows: readonly SubscriptionDaysRow[]): Promise<Map<string, StaySubscription>> {
  const out = new Map<string, StaySubscription>();
  if (rows.length === 0) return out;
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const [plans, dues] = await Promise.all([
    Promise.all(planIds.map((p) => planById(db, p))),
    duesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const planName = new Map(planIds.map((p, i) => [p, plans[i]?.name ?? '']));
  for (const row of rows) {
    out.set(row.id, {
      id: row.id,
      planName: planName.get(row.planId) ?? '',
      daysLeft: row.daysLeft,
      active: row.active,
      pricePaise: row.pricePaise,
      durationDays: row.durationDays,
      discountPaise: row.discountPaise,
      amountDuePaise: dues.get(row.id)?.duePaise ?? 0,
    });
  }
  return out;
}

/**
 * Takes `days` off the subscription's days left inside the deboarding transaction; it becomes inactive at 0
 * ('used_up' in its history, at `now`).
 */
export async function useSubscriptionDays(
  tx: DbOrTx,
  subscriptionId: string,
  days: number,
  now: Date,
): Promise<{ id: string; daysLeft: number; active: boolean } | undefined> {
  const before = await lockSubscription(tx, subscriptionId);
  const row = await takeDays(tx, subscriptionId, days);
  if (row && before?.active && !row.active) await writeEnd(tx, row, 'used_up', now);
  return row && { id: row.id, daysLeft: row.daysLeft, active: row.active };
}
