import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A pet's subscriptions: active ones first, then the most recently paid, at most `limit`. */
export async function findSubscriptionsOfPet(db: DbOrTx, petId: string, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.petId, petId))
    .orderBy(desc(subscriptions.active), desc(subscriptions.lastPaymentDate), desc(subscriptions.id))
    .limit(limit);
}
