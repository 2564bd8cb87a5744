import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { offlineOrders, offlinePaymentLinks, offlinePayments, offlineRefunds } from '../../../db/schema/index.ts';

export type OfflineOrderRow = typeof offlineOrders.$inferSelect;
export type OfflinePaymentRow = typeof offlinePayments.$inferSelect;
export type OfflineLinkRow = typeof offlinePaymentLinks.$inferSelect;
export type OfflineRefundRow = typeof offlineRefunds.$inferSelect;

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

export async function paymentById(db: DbOrTx, id: string, lock = false): Promise<OfflinePaymentRow | undefined> {
  const q = db.select().from(offlinePayments).where(eq(offlinePayments.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The payments made on an order, oldest first. */
export async function paymentsOfOrder(db: DbOrTx, orderId: string): Promise<OfflinePaymentRow[]> {
  return db.select().from(offlinePayments).where(eq(offlinePayments.orderId, orderId)).orderBy(offlinePayments.createdAt);
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

export async function insertRefund(db: DbOrTx, v: typeof offlineRefunds.$inferInsert): Promise<OfflineRefundRow> {
  const [row] = await db.insert(offlineRefunds).values(v).returning();
  return row!;
}

export async function refundById(db: DbOrTx, id: string, lock = false): Promise<OfflineRefundRow | undefined> {
  const q = db.select().from(offlineRefunds).where(eq(offlineRefunds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** What is refunded of a payment so far: its refunds pending or processed. */
export async function refundedOf(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${offlineRefunds.amountPaise}), 0)` })
    .from(offlineRefunds)
    .where(and(eq(offlineRefunds.paymentId, paymentId), inArray(offlineRefunds.status, ['pending', 'processed'])));
  return Number(row?.sum ?? 0);
}

/** A pending refund processed or failed; undefined when it was no longer pending. */
export async function decideRefund(
  db: DbOrTx,
  id: string,
  status: 'processed' | 'failed',
  at: Date,
): Promise<OfflineRefundRow | undefined> {
  const [row] = await db
    .update(offlineRefunds)
    .set({ status, processedAt: at })
    .where(and(eq(offlineRefunds.id, id), eq(offlineRefunds.status, 'pending')))
    .returning();
  return row;
}
