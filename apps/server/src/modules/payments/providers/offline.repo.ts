import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { offlineOrders, offlinePaymentLinks, offlinePayments } from '../../../db/schema/index.ts';

export type OfflineOrderRow = typeof offlineOrders.$inferSelect;
export type OfflinePaymentRow = typeof offlinePayments.$inferSelect;
export type OfflineLinkRow = typeof offlinePaymentLinks.$inferSelect;

export async function insertOrder(db: DbOrTx, v: typeof offlineOrders.$inferInsert): Promise<OfflineOrderRow> {
  const [row] = await db.insert(offlineOrders).values(v).returning();
  return row!;
}

export async function orderById(db: DbOrTx, id: string, lock = false): Promise<OfflineOrderRow | undefined> {
  const q = db.select().from(offlineOrders).where(eq(offlineOrders.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function setOrderStatus(db: DbOrTx, id: string, status: 'attempted' | 'paid'): Promise<void> {
  await db.update(offlineOrders).set({ status }).where(eq(offlineOrders.id, id));
}

export async function insertPayment(db: DbOrTx, v: typeof offlinePayments.$inferInsert): Promise<OfflinePaymentRow> {
  const [row] = await db.insert(offlinePayments).values(v).returning();
  return row!;
}

export async function paymentById(db: DbOrTx, id: string): Promise<OfflinePaymentRow | undefined> {
  const [row] = await db.select().from(offlinePayments).where(eq(offlinePayments.id, id)).limit(1);
  return row;
}

export async function insertLink(db: DbOrTx, v: typeof offlinePaymentLinks.$inferInsert): Promise<OfflineLinkRow> {
  const [row] = await db.insert(offlinePaymentLinks).values(v).returning();
  return row!;
}

export async function linkById(db: DbOrTx, id: string, lock = false): Promise<OfflineLinkRow | undefined> {
  const q = db.select().from(offlinePaymentLinks).where(eq(offlinePaymentLinks.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function markLinkPaid(db: DbOrTx, id: string, paymentId: string): Promise<void> {
  await db.update(offlinePaymentLinks).set({ status: 'paid', paymentId }).where(eq(offlinePaymentLinks.id, id));
}

/** Cancels a link that is still `created`; the cancelled row, or undefined when the link was in another state. */
export async function cancelLink(db: DbOrTx, id: string): Promise<OfflineLinkRow | undefined> {
  const [row] = await db
    .update(offlinePaymentLinks)
    .set({ status: 'cancelled' })
    .where(and(eq(offlinePaymentLinks.id, id), eq(offlinePaymentLinks.status, 'created')))
    .returning();
  return row;
}
