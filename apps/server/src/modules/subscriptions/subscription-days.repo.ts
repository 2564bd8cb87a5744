import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/** The days of a boarding subscription: read for a stay's quote, taken off when the pet leaves. */

export type SubscriptionDaysRow = typeof subscriptions.$inferSelect;

export async function findSubscriptionRow(db: DbOrTx, id: string): Promise<SubscriptionDaysRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function findSubscriptionRows(db: DbOrTx, ids: readonly string[]): Promise<SubscriptionDaysRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...ids]));
}

/** days_left − days (never below 0); inactive once it reaches 0. */
export async function takeDays(tx: DbOrTx, id: string, days: number): Promise<SubscriptionDaysRow | undefined> {
  const left = sql`greatest(${subscriptions.daysLeft} - ${days}, 0)`;
  const [row] = await tx
    .update(subscriptions)
    .set({ daysLeft: left, active: sql`${subscriptions.active} and ${left} > 0` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}
