import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function paymentsByPrescriptionIds(db: DbOrTx, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.prescriptionId, [...ids]))
    .orderBy(payments.createdAt);
}
