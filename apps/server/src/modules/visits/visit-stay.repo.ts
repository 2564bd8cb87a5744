import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visits } from '../../db/schema/index.ts';

/** The visit of a boarding as deboarding reads and updates it. */

const stayVisitColumns = {
  id: visits.id,
  pricePaise: visits.pricePaise,
  discountPaise: visits.discountPaise,
  isSubscriptionAvailed: visits.isSubscriptionAvailed,
  subscriptionId: visits.subscriptionId,
  numberOfDays: visits.numberOfDays,
};

export async function findStayVisit(db: DbOrTx, id: string) {
  const [row] = await db.select(stayVisitColumns).from(visits).where(eq(visits.id, id)).limit(1);
  return row;
}

/** The visits of several boardings as deboarding reads them (the Deboard list's dues). */
export async function findStayVisits(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(stayVisitColumns)
    .from(visits)
    .where(inArray(visits.id, [...ids]));
}

/** Merges `patch` into the visit's details (jsonb), keeping what else they hold. */
export async function mergeVisitDetails(tx: DbOrTx, id: string, patch: Record<string, unknown>): Promise<void> {
  await tx
    .update(visits)
    .set({ details: sql`coalesce(${visits.details}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(visits.id, id));
}
