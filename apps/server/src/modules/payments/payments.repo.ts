import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, receiptCounters } from '../../db/schema/index.ts';

export type LedgerRow = typeof payments.$inferSelect;
export type NewLedgerRow = typeof payments.$inferInsert;

/** The subjects an entry can be for; each names a column of the ledger. */
export const SUBJECT_COLUMNS = {
  visitId: payments.visitId,
  boardingId: payments.boardingId,
  subscriptionId: payments.subscriptionId,
  prescriptionId: payments.prescriptionId,
  appointmentId: payments.appointmentId,
} as const;
export type SubjectKey = keyof typeof SUBJECT_COLUMNS;

export async function insertEntry(db: DbOrTx, values: NewLedgerRow): Promise<LedgerRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** Every entry for these subjects (e.g. all visits of a page), oldest first. */
export async function entriesFor(db: DbOrTx, key: SubjectKey, ids: readonly string[]): Promise<LedgerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(SUBJECT_COLUMNS[key], [...ids]))
    .orderBy(payments.createdAt, payments.id);
}

export async function entryById(db: DbOrTx, id: string, lock = false): Promise<LedgerRow | undefined> {
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function entryByProviderPaymentId(db: DbOrTx, providerPaymentId: string): Promise<LedgerRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  return row;
}

/** Pending payments waiting on a provider order or link, locked so only one settler completes each. */
export async function pendingByProviderRef(
  db: DbOrTx,
  ref: { orderId?: string; linkId?: string },
): Promise<LedgerRow | undefined> {
  const cond = ref.orderId ? eq(payments.providerOrderId, ref.orderId) : eq(payments.providerLinkId, ref.linkId ?? '');
  const [row] = await db
    .select()
    .from(payments)
    .where(and(cond, eq(payments.kind, 'payment'), eq(payments.status, 'pending')))
    .limit(1)
    .for('update');
  return row;
}

export async function updateEntry(db: DbOrTx, id: string, values: Partial<NewLedgerRow>): Promise<LedgerRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row!;
}

/**
 * The next receipt sequence of a financial year. The counter row stays locked until the paying transaction
 * ends, so concurrent payments queue here and a rolled-back payment gives its number back: no gaps.
 */
export async function nextReceiptSeq(db: DbOrTx, financialYear: string): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ financialYear, lastSeq: 1 })
    .onConflictDoUpdate({ target: receiptCounters.financialYear, set: { lastSeq: sql`${receiptCounters.lastSeq} + 1` } })
    .returning({ seq: receiptCounters.lastSeq });
  return row!.seq;
}

/**
 * Every entry of an account: the entries of these subjects, plus those of the visits and boardings they name
 * (a boarding's account holds its visit's charge and payments, and the other way round). Oldest first.
 */
export async function accountEntries(db: DbOrTx, subject: Partial<Record<SubjectKey, string>>): Promise<LedgerRow[]> {
  const conds = (Object.keys(subject) as SubjectKey[]).flatMap((k) => (subject[k] ? [eq(SUBJECT_COLUMNS[k], subject[k]!)] : []));
  if (conds.length === 0) return [];
  const first = await db
    .select()
    .from(payments)
    .where(or(...conds));
  const visitIds = [...new Set(first.flatMap((e) => (e.visitId ? [e.visitId] : [])))];
  const boardingIds = [...new Set(first.flatMap((e) => (e.boardingId ? [e.boardingId] : [])))];
  const more: SQL[] = [];
  if (visitIds.length) more.push(inArray(payments.visitId, visitIds));
  if (boardingIds.length) more.push(inArray(payments.boardingId, boardingIds));
  const rows = more.length
    ? await db
        .select()
        .from(payments)
        .where(or(...conds, ...more))
    : first;
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** The payment recorded for a provider order: a completed one first, else the oldest of any status. */
export async function entryByProviderOrderId(db: DbOrTx, orderId: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.providerOrderId, orderId), eq(payments.kind, 'payment')))
    .orderBy(sql`${payments.status} = 'completed' desc`, payments.createdAt)
    .limit(1);
  return row;
}
