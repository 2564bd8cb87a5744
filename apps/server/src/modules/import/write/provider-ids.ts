import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { ImportContext } from './context.ts';

/**
 * A provider's payment id (Razorpay's `pay_…`) is unique in the ledger (`payments_provider_payment_uq`), and an
 * imported row that met it would be dropped by the bulk insert's ON CONFLICT DO NOTHING — money lost silently. So
 * an importer claims the ids of a batch first: the ids already in the ledger, or claimed earlier in this run, come
 * back, and the caller keeps those in the row's note instead. One query per batch.
 */
export async function takenProviderIds(tx: Tx, ctx: ImportContext, ids: readonly string[]): Promise<Set<string>> {
  const claimed = await ctx.cached('providerPaymentIds', async () => new Set<string>());
  const wanted = [...new Set(ids.filter(Boolean))];
  const taken = new Set<string>();
  if (wanted.length === 0) return taken;
  const result = (await tx.execute(
    sql`select provider_payment_id as id from payments where provider_payment_id = any(${sql.param(wanted)}::text[])`,
  )) as unknown as { rows: { id: string }[] };
  for (const r of result.rows) taken.add(r.id);
  for (const id of wanted) {
    if (claimed.has(id)) taken.add(id);
  }
  return taken;
}

/** Marks an id as used by a row of this run (after the caller put it in a provider column). */
export async function claimProviderId(ctx: ImportContext, id: string): Promise<void> {
  (await ctx.cached('providerPaymentIds', async () => new Set<string>())).add(id);
}
