import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { providerEvents } from '../../db/schema/index.ts';

export type ProviderEventRow = typeof providerEvents.$inferSelect;
export type NewProviderEventRow = typeof providerEvents.$inferInsert;

export async function eventById(db: DbOrTx, provider: string, eventId: string): Promise<ProviderEventRow | undefined> {
  const [row] = await db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)))
    .limit(1);
  return row;
}

/** Keeps the event once (a redelivery of the same event id keeps the first). */
export async function insertEvent(db: DbOrTx, values: NewProviderEventRow): Promise<void> {
  await db.insert(providerEvents).values(values).onConflictDoNothing();
}

/** Every event, oldest first (reconciliation with the provider's settlement report). */
export async function eventsBetween(db: DbOrTx, provider: string): Promise<ProviderEventRow[]> {
  return db.select().from(providerEvents).where(eq(providerEvents.provider, provider)).orderBy(providerEvents.receivedAt);
}
