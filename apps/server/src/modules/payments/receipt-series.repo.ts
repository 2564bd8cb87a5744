import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { receiptCounters } from '../../db/schema/index.ts';

/**
 * Locks a receipt series' counter row (creating it at 0 when the series has no number yet) without taking a number,
 * until the transaction ends. GST documents lock the payment and refund series of their financial year before their
 * own (`T/`, `B/`, `C/`), so every transaction takes the counter rows in one order: payments, refunds, T, B, C.
 */
export async function lockReceiptSeriesRow(db: DbOrTx, series: string): Promise<void> {
  await db.insert(receiptCounters).values({ financialYear: series, lastSeq: 0 }).onConflictDoNothing();
  await db.execute(sql`select 1 from ${receiptCounters} where ${receiptCounters.financialYear} = ${series} for update`);
}
