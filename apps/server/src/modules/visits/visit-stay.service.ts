import { toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findStayVisit, findStayVisits, mergeVisitDetails } from './visit-stay.repo.ts';

/** What deboarding reads of a boarding's visit (its final price) and records on it (the extra days charged). */

export interface StayVisit {
  id: string;
  /** The final price charged for the stay (0 with a subscription). */
  pricePaise: number;
  /** The discount per day the stay was sold with (its half-day and day rates are the type's prices less it). */
  discountPaise: number;
  isSubscriptionAvailed: boolean;
  subscriptionId: string | null;
}

export function stayVisit(db: DbOrTx, visitId: string): Promise<StayVisit | undefined> {
  return findStayVisit(db, visitId);
}

/** The visits of several stays at once, by id (the Deboard list). */
export async function stayVisits(db: DbOrTx, visitIds: readonly string[]): Promise<Map<string, StayVisit>> {
  return new Map((await findStayVisits(db, visitIds)).map((v) => [v.id, v]));
}

/**
 * Records the stay's extra days and their price (rupees, as the visit's details speak) on the visit, inside the
 * settling or deboarding transaction: `details.extraDays`, `details.extraDaysPrice`.
 */
export async function recordExtraDays(
  tx: DbOrTx,
  visitId: string,
  e: { extraDays: number; extraDaysPricePaise: number },
): Promise<void> {
  await mergeVisitDetails(tx, visitId, { extraDays: e.extraDays, extraDaysPrice: toRupees(e.extraDaysPricePaise) });
}
