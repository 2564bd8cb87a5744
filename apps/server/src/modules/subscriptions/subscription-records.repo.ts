import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/** Writes and lookups of the subscriptions a pet buys and uses at the desk. */

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type NewSubscriptionRecord = typeof subscriptions.$inferInsert;

/**
 * Serialises the subscription purchases of one pet until the transaction ends (an advisory lock on the pet id),
 * so two concurrent purchases cannot both find "no active subscription" and both buy one.
 */
export async function lockPetSubscriptions(tx: DbOrTx, petId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pawdesk:subscriptions-of-pet:${petId}`}, 0))`);
}

/** The pet's active subscriptions on any of these plans, most recently paid first. */
export async function findActiveOnPlans(db: DbOrTx, petId: string, planIds: readonly string[]): Promise<SubscriptionRecord[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.petId, petId), eq(subscriptions.active, true), inArray(subscriptions.planId, [...planIds])))
    .orderBy(desc(subscriptions.lastPaymentDate), desc(subscriptions.id));
}

export async function findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function insertSubscription(db: DbOrTx, values: NewSubscriptionRecord): Promise<SubscriptionRecord> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/** One grooming session off an active subscription, atomically; undefined when none is left (or it is not active). */
export async function takeGroomingSession(db: DbOrTx, id: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ groomingsLeft: sql`${subscriptions.groomingsLeft} - 1` })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.active, true), gt(subscriptions.groomingsLeft, 0)))
    .returning();
  return row;
}

/** Ends these subscriptions (no longer active); the ones it ended. */
export async function endSubscriptions(db: DbOrTx, ids: readonly string[]): Promise<SubscriptionRecord[]> {
  if (ids.length === 0) return [];
  return db
    .update(subscriptions)
    .set({ active: false })
    .where(and(inArray(subscriptions.id, [...ids]), eq(subscriptions.active, true)))
    .returning();
}
