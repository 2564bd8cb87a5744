import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptionEvents } from '../../db/schema/index.ts';

/** A subscription's history: its purchases and renewals (with their sale), and its ends. */
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;
export type NewSubscriptionEvent = typeof subscriptionEvents.$inferInsert;

/** The kinds that sell days or sessions (each has its Buy/Renew Subscription visit). */
export const SALE_KINDS = ['purchase', 'renewal'] as const;

export async function insertEvent(db: DbOrTx, values: NewSubscriptionEvent): Promise<SubscriptionEventRow> {
  const [row] = await db.insert(subscriptionEvents).values(values).returning();
  return row!;
}

/** The purchases and renewals these sales (visits) made, any status. */
export async function saleEventsOfVisits(db: DbOrTx, visitIds: readonly string[]): Promise<SubscriptionEventRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .select()
    .from(subscriptionEvents)
    .where(inArray(subscriptionEvents.visitId, [...new Set(visitIds)]))
    .orderBy(subscriptionEvents.createdAt, subscriptionEvents.id);
}

/** Every event of these subscriptions, newest first. */
export async function eventsOfSubscriptions(db: DbOrTx, ids: readonly string[]): Promise<SubscriptionEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(subscriptionEvents)
    .where(inArray(subscriptionEvents.subscriptionId, [...new Set(ids)]))
    .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id));
}

/** A purchase or renewal waiting for its money becomes applied, with what the subscription held after it. */
export async function markApplied(
  tx: DbOrTx,
  id: string,
  after: {
    subscriptionId: string;
    appliedAt: Date;
    daysLeftAfter: number;
    groomingsLeftAfter: number;
    validUntilAfter: string | null;
  },
): Promise<SubscriptionEventRow | undefined> {
  const [row] = await tx
    .update(subscriptionEvents)
    .set({ ...after, status: 'applied' })
    .where(and(eq(subscriptionEvents.id, id), eq(subscriptionEvents.status, 'awaiting_payment')))
    .returning();
  return row;
}

/** Purchases and renewals whose sale was voided or cancelled. */
export async function markVoid(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(subscriptionEvents)
    .set({ status: 'void' })
    .where(and(inArray(subscriptionEvents.id, [...ids]), inArray(subscriptionEvents.status, ['awaiting_payment', 'applied'])));
}
