import { and, eq, sql } from 'drizzle-orm';
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

/**
 * Keeps the event once per event id. A later delivery of the same event replaces what was kept only when it says
 * more: after a `failed` attempt, what the retry made of it; over a `duplicate`, the outcome of the delivery that did
 * the work. (The same event delivered to two instances at once: both pass the "seen?" check, one records the payment
 * and the other finds it recorded, and either may reach this insert first; the row must say `processed`.)
 */
export async function insertEvent(db: DbOrTx, values: NewProviderEventRow): Promise<void> {
  await db
    .insert(providerEvents)
    .values(values)
    .onConflictDoUpdate({
      target: [providerEvents.provider, providerEvents.eventId],
      set: {
        outcome: sql`excluded.outcome`,
        detail: sql`excluded.detail`,
        ledgerRowId: sql`excluded.ledger_row_id`,
      },
      setWhere: sql`${providerEvents.outcome} = 'failed'
        or (${providerEvents.outcome} = 'duplicate' and excluded.outcome not in ('duplicate', 'failed'))`,
    });
}

/** Every event, oldest first (reconciliation with the provider's settlement report). */
export async function eventsBetween(db: DbOrTx, provider: string): Promise<ProviderEventRow[]> {
  return db.select().from(providerEvents).where(eq(providerEvents.provider, provider)).orderBy(providerEvents.receivedAt);
}
