import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

/**
 * Whether a ledger payment is still pending on this provider payment link: the one thing that lets the offline
 * provider's link page take a payment. A link whose payment was voided or failed (or that no payment ever waited
 * on) is no longer valid.
 */
export async function pendingPaymentOnLink(db: DbOrTx, linkId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerLinkId, linkId), eq(payments.kind, 'payment'), eq(payments.status, 'pending')))
    .limit(1);
  return Boolean(row);
}
