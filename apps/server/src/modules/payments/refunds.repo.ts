import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { LedgerRow } from './payments.repo.ts';

/** Ledger reads and the one write of the refund paths (refunds.service.ts). */

/** The refund the provider knows by this id (`rfnd_…`). */
export async function refundByProviderRefundId(db: DbOrTx, providerRefundId: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.providerRefundId, providerRefundId), eq(payments.kind, 'refund')))
    .limit(1);
  return row;
}

/**
 * The provider's id of a refund sent to it, set once on the pending refund (the trigger allows an empty provider
 * column to be set once). Undefined when the row already has one (the provider's webhook came first and set it).
 */
export async function attachProviderRefundId(db: DbOrTx, id: string, providerRefundId: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ providerRefundId })
    .where(and(eq(payments.id, id), eq(payments.kind, 'refund'), isNull(payments.providerRefundId)))
    .returning();
  return row;
}
