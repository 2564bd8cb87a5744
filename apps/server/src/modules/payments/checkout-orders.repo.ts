import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkoutOrders } from '../../db/schema/index.ts';

export type CheckoutOrderRow = typeof checkoutOrders.$inferSelect;
export type NewCheckoutOrderRow = typeof checkoutOrders.$inferInsert;

export async function insertCheckoutOrder(db: DbOrTx, v: NewCheckoutOrderRow): Promise<CheckoutOrderRow> {
  const [row] = await db.insert(checkoutOrders).values(v).returning();
  return row!;
}

/** The checkout order of a provider order (locked FOR UPDATE when asked: only one settler fulfils it). */
export async function checkoutOrderByProviderOrder(
  db: DbOrTx,
  provider: string,
  providerOrderId: string,
  lock = false,
): Promise<CheckoutOrderRow | undefined> {
  const q = db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.provider, provider), eq(checkoutOrders.providerOrderId, providerOrderId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function checkoutOrderById(db: DbOrTx, id: string): Promise<CheckoutOrderRow | undefined> {
  const [row] = await db.select().from(checkoutOrders).where(eq(checkoutOrders.id, id)).limit(1);
  return row;
}

/** created → paid, once: undefined when the order was no longer `created`. */
export async function markCheckoutOrderPaid(
  db: DbOrTx,
  id: string,
  set: { paymentId: string | null; result: Record<string, string>; paidAt: Date },
): Promise<CheckoutOrderRow | undefined> {
  const [row] = await db
    .update(checkoutOrders)
    .set({ ...set, status: 'paid' })
    .where(and(eq(checkoutOrders.id, id), eq(checkoutOrders.status, 'created')))
    .returning();
  return row;
}
