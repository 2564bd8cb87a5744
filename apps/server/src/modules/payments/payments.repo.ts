import type { LedgerSubject } from '@pawdesk/shared';
import { and, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { payments, receiptCounters } from '../../db/schema/index.ts';
import { noteLedgerRow } from './idempotency-scope.service.ts';
import { announceLedgerWrite } from './ledger-writes.ts';

export type LedgerRow = typeof payments.$inferSelect;
export type NewLedgerRow = typeof payments.$inferInsert;

/** The ledger column of each subject an entry can be for (LEDGER_SUBJECTS). */
export const SUBJECT_COLUMNS = {
  visitId: payments.visitId,
  boardingId: payments.boardingId,
  subscriptionId: payments.subscriptionId,
  prescriptionId: payments.prescriptionId,
  appointmentId: payments.appointmentId,
  packageId: payments.packageId,
} as const satisfies Record<LedgerSubject, unknown>;
export type SubjectKey = LedgerSubject;

/** Writes a ledger row (reported to the request's Idempotency-Key, whose replay answers the row's current state). */
export async function insertEntry(db: DbOrTx, values: NewLedgerRow): Promise<LedgerRow> {
  const [row] = await db.insert(payments).values(values).returning();
  noteLedgerRow(row!.id);
  await announceLedgerWrite(db, row!, 'inserted');
  return row!;
}

/** These ledger rows (any order). */
export async function entriesByIds(db: DbOrTx, ids: readonly string[]): Promise<LedgerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...ids]));
}

/** Every sale entry for these subjects (e.g. all visits of a page), oldest first. */
export async function entriesFor(db: DbOrTx, key: SubjectKey, ids: readonly string[]): Promise<LedgerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(SUBJECT_COLUMNS[key], [...ids]), eq(payments.account, 'sale')))
    .orderBy(payments.createdAt, payments.id);
}

/** Every entry of an owner (all accounts), oldest first: the owner's statement. */
export async function entriesOfOwner(db: DbOrTx, ownerId: string): Promise<LedgerRow[]> {
  return db.select().from(payments).where(eq(payments.ownerId, ownerId)).orderBy(payments.createdAt, payments.id);
}

/** The owner's entries of one money account (wallet, deposit, unapplied), oldest first. */
export async function entriesOfAccount(db: DbOrTx, ownerId: string, account: LedgerRow['account']): Promise<LedgerRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), eq(payments.account, account)))
    .orderBy(payments.createdAt, payments.id);
}

/** The deposit rows of these reservations (payments, refunds, allocations out), oldest first. */
export async function entriesOfReservations(db: DbOrTx, reservationIds: readonly string[]): Promise<LedgerRow[]> {
  if (reservationIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.reservationId, [...reservationIds]))
    .orderBy(payments.createdAt, payments.id);
}

/** The deposit rows of an online appointment (the money paid online held for it, its refunds), oldest first. */
export async function entriesOfAppointments(db: DbOrTx, appointmentIds: readonly string[]): Promise<LedgerRow[]> {
  if (appointmentIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.appointmentId, [...appointmentIds]), eq(payments.account, 'deposit')))
    .orderBy(payments.createdAt, payments.id);
}

/** The refunds (pending or completed) of these payments. */
export async function refundsOf(db: DbOrTx, paymentIds: readonly string[]): Promise<LedgerRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.refundOf, [...paymentIds]), eq(payments.kind, 'refund')))
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

/** Any payment row that names this provider order or link (whatever its status): whose order it is. */
export async function rowByProviderRef(
  db: DbOrTx,
  ref: { orderId: string } | { linkId: string },
): Promise<LedgerRow | undefined> {
  const cond = 'orderId' in ref ? eq(payments.providerOrderId, ref.orderId) : eq(payments.providerLinkId, ref.linkId);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(cond, eq(payments.kind, 'payment')))
    .orderBy(payments.createdAt)
    .limit(1);
  return row;
}

/** The columns a status change may set (each once, from empty). */
export type Settlement = Partial<
  Pick<
    NewLedgerRow,
    | 'receiptNo'
    | 'providerPaymentId'
    | 'providerRefundId'
    | 'completedBy'
    | 'completedVia'
    | 'completedAt'
    | 'paidAt'
    | 'feePaise'
    | 'settlementId'
  >
>;

/**
 * A pending row becoming completed, failed or void (the only status change the ledger allows; its trigger refuses
 * any other). Undefined when the row is no longer pending: another request decided it first.
 */
export async function transition(
  db: DbOrTx,
  id: string,
  status: 'completed' | 'failed' | 'void',
  set: Settlement,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...set, status })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  if (row) {
    noteLedgerRow(row.id);
    await announceLedgerWrite(db, row, 'status');
  }
  return row;
}

/** Provider references a row may receive once (an order, a link and its URL). Undefined when one is already set. */
export type ProviderRef = Partial<Pick<NewLedgerRow, 'provider' | 'providerOrderId' | 'providerLinkId' | 'linkUrl'>>;

export async function attachProviderRef(db: DbOrTx, id: string, ref: ProviderRef): Promise<LedgerRow | undefined> {
  const empty = (Object.keys(ref) as (keyof ProviderRef)[]).filter((k) => k !== 'provider').map((k) => isNull(payments[k]));
  const [row] = await db
    .update(payments)
    .set(ref)
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'pending'),
        ...empty,
        or(isNull(payments.provider), eq(payments.provider, ref.provider ?? '')),
      ),
    )
    .returning();
  return row;
}

/** The provider's fee and settlement of a completed payment, when it reports them (each set once). */
export async function recordProviderFee(
  db: DbOrTx,
  id: string,
  fee: { feePaise?: number | null; settlementId?: string | null },
): Promise<void> {
  if (fee.feePaise != null)
    await db
      .update(payments)
      .set({ feePaise: fee.feePaise })
      .where(and(eq(payments.id, id), isNull(payments.feePaise)));
  if (fee.settlementId)
    await db
      .update(payments)
      .set({ settlementId: fee.settlementId })
      .where(and(eq(payments.id, id), isNull(payments.settlementId)));
}

/**
 * The next receipt sequence of a series (a financial year; refunds `R/` and the year). The counter row stays locked until the paying transaction
 * ends, so concurrent payments queue here and a rolled-back payment gives its number back: no gaps.
 */
export async function nextReceiptSeq(db: DbOrTx, series: string): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ financialYear: series, lastSeq: 1 })
    .onConflictDoUpdate({ target: receiptCounters.financialYear, set: { lastSeq: sql`${receiptCounters.lastSeq} + 1` } })
    .returning({ seq: receiptCounters.lastSeq });
  return row!.seq;
}

/**
 * Every sale entry of an account: the entries of these subjects, plus those of the visits and boardings they name
 * (a boarding's account holds its visit's charge and payments, and the other way round). Oldest first.
 */
export async function accountEntries(db: DbOrTx, subject: Partial<Record<SubjectKey, string>>): Promise<LedgerRow[]> {
  const conds = (Object.keys(subject) as SubjectKey[]).flatMap((k) => (subject[k] ? [eq(SUBJECT_COLUMNS[k], subject[k]!)] : []));
  if (conds.length === 0) return [];
  const first = await db
    .select()
    .from(payments)
    .where(and(or(...conds), eq(payments.account, 'sale')));
  const visitIds = [...new Set(first.flatMap((e) => (e.visitId ? [e.visitId] : [])))];
  const boardingIds = [...new Set(first.flatMap((e) => (e.boardingId ? [e.boardingId] : [])))];
  const more: SQL[] = [];
  if (visitIds.length) more.push(inArray(payments.visitId, visitIds));
  if (boardingIds.length) more.push(inArray(payments.boardingId, boardingIds));
  const rows = more.length
    ? await db
        .select()
        .from(payments)
        .where(and(or(...conds, ...more), eq(payments.account, 'sale')))
    : first;
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * accountEntries of several subjects at once, in two queries whatever their number: the i-th answer is what
 * accountEntries(subjects[i]) answers (the Deboard list reads every stay's account this way).
 */
export async function accountEntriesOfMany(
  db: DbOrTx,
  subjects: readonly Partial<Record<SubjectKey, string>>[],
): Promise<LedgerRow[][]> {
  const keys = Object.keys(SUBJECT_COLUMNS) as SubjectKey[];
  const conds = keys.flatMap((k) => {
    const ids = [...new Set(subjects.flatMap((s) => (s[k] ? [s[k]!] : [])))];
    return ids.length ? [inArray(SUBJECT_COLUMNS[k], ids)] : [];
  });
  if (conds.length === 0) return subjects.map(() => []);
  const of = (s: Partial<Record<SubjectKey, string>>, e: LedgerRow) => keys.some((k) => s[k] && e[k] === s[k]);
  const first = await db
    .select()
    .from(payments)
    .where(and(or(...conds), eq(payments.account, 'sale')));
  const firsts = subjects.map((s) => first.filter((e) => of(s, e)));
  const idsOf = (rows: LedgerRow[], k: 'visitId' | 'boardingId') => new Set(rows.flatMap((e) => (e[k] ? [e[k]!] : [])));
  const visitIds = [...new Set(firsts.flatMap((f) => [...idsOf(f, 'visitId')]))];
  const boardingIds = [...new Set(firsts.flatMap((f) => [...idsOf(f, 'boardingId')]))];
  const more: SQL[] = [];
  if (visitIds.length) more.push(inArray(payments.visitId, visitIds));
  if (boardingIds.length) more.push(inArray(payments.boardingId, boardingIds));
  const all = more.length
    ? await db
        .select()
        .from(payments)
        .where(and(or(...conds, ...more), eq(payments.account, 'sale')))
    : first;
  return subjects.map((s, i) => {
    const v = idsOf(firsts[i]!, 'visitId');
    const b = idsOf(firsts[i]!, 'boardingId');
    const rows = all.filter(
      (e) => of(s, e) || (e.visitId !== null && v.has(e.visitId)) || (e.boardingId !== null && b.has(e.boardingId)),
    );
    return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
  });
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

// ---------------------------------------------------------------- the day's takings (issue 17; read only)

/** One group of the completed rows whose money moved (paid_at) in a period: kind, account, method and charge_for. */
export interface LedgerTotal {
  kind: LedgerRow['kind'];
  account: LedgerRow['account'];
  method: LedgerRow['method'];
  chargeFor: LedgerRow['chargeFor'];
  count: number;
  amountPaise: number;
}

const completedBetween = (from: Date, to: Date) =>
  and(eq(payments.status, 'completed'), gte(payments.paidAt, from), lt(payments.paidAt, to));

/** The completed ledger rows with paid_at in [from, to), summed by kind, account, method and charge_for. */
export async function ledgerTotalsBetween(db: DbOrTx, from: Date, to: Date): Promise<LedgerTotal[]> {
  const rows = await db
    .select({
      kind: payments.kind,
      account: payments.account,
      method: payments.method,
      chargeFor: payments.chargeFor,
      count: sql<number>`count(*)::int`,
      amountPaise: sql<string>`sum(${payments.amountPaise})`,
    })
    .from(payments)
    .where(completedBetween(from, to))
    .groupBy(payments.kind, payments.account, payments.method, payments.chargeFor);
  return rows.map((r) => ({ ...r, count: Number(r.count), amountPaise: Number(r.amountPaise) }));
}

/** Wallet money applied to sales with paid_at in [from, to): the `in` allocations on a sale whose `out` row is the wallet. */
export async function walletAppliedBetween(db: DbOrTx, from: Date, to: Date): Promise<number> {
  const out = alias(payments, 'alloc_out');
  const [row] = await db
    .select({ paise: sql<string | null>`sum(${payments.amountPaise})` })
    .from(payments)
    .innerJoin(out, eq(out.id, payments.allocationOf))
    .where(
      and(
        completedBetween(from, to),
        eq(payments.kind, 'allocation'),
        eq(payments.direction, 'in'),
        eq(payments.account, 'sale'),
        eq(out.account, 'wallet'),
      ),
    );
  return Number(row?.paise ?? 0);
}

/** The completed charges with paid_at in [from, to) (their amounts and what they are for). */
export async function chargesBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      id: payments.id,
      amountPaise: payments.amountPaise,
      chargeFor: payments.chargeFor,
      visitId: payments.visitId,
      boardingId: payments.boardingId,
      subscriptionId: payments.subscriptionId,
      prescriptionId: payments.prescriptionId,
      appointmentId: payments.appointmentId,
      packageId: payments.packageId,
    })
    .from(payments)
    .where(and(completedBetween(from, to), eq(payments.kind, 'charge')));
}

/** One group of the Today board's chart: a business day, the visit's purpose (or the kind of sale without one), the sum. */
export interface ChargeDayRow {
  day: string;
  /** The purpose of the visit charged (null for a sale without a visit). */
  purpose: string | null;
  /** The sale without a visit: 'package_day', 'boarding', 'prescription', 'subscription' or 'appointment'. */
  other: string | null;
  paise: number;
}

/**
 * Completed charges with paid_at in [from, to), summed per business day (in `tz`) and the purpose of their visit (or
 * kind of sale without a visit), in one grouped query: the Today board's 30-day chart. `purposeOf` is the visits
 * module's lookup of a visit's purpose by id (a SQL expression), so the groups are a few per day, not one per visit.
 */
export async function chargesByDay(
  db: DbOrTx,
  from: Date,
  to: Date,
  tz: string,
  purposeOf: (visitId: SQL) => SQL<string | null>,
): Promise<ChargeDayRow[]> {
  const day = sql<string>`((${payments.paidAt} at time zone ${tz})::date)::text`;
  const other = sql<string | null>`case
    when ${payments.chargeFor} = 'package_day' or (${payments.packageId} is not null and ${payments.visitId} is null) then 'package_day'
    when ${payments.visitId} is not null then null
    when ${payments.boardingId} is not null then 'boarding'
    when ${payments.prescriptionId} is not null then 'prescription'
    when ${payments.subscriptionId} is not null then 'subscription'
    else 'appointment' end`;
  const purpose = sql<string | null>`case when ${payments.chargeFor} = 'package_day' or ${payments.visitId} is null then null
    else ${purposeOf(sql`${payments.visitId}`)} end`;
  const rows = await db
    .select({ day, purpose, other, paise: sql<string>`sum(${payments.amountPaise})` })
    .from(payments)
    .where(and(completedBetween(from, to), eq(payments.kind, 'charge')))
    .groupBy(sql`1`, sql`2`, sql`3`);
  return rows.map((r) => ({ ...r, paise: Number(r.paise) }));
}

/**
 * Cash that came in and went out (completed cash payments and refunds, any account) with completed_at in
 * [from, to]: the cash drawer's session.
 */
export async function cashMovedBetween(db: DbOrTx, from: Date, to: Date): Promise<{ inPaise: number; outPaise: number }> {
  const [row] = await db
    .select({
      inPaise: sql<string>`coalesce(sum(${payments.amountPaise}) filter (where ${payments.kind} = 'payment'), 0)`,
      outPaise: sql<string>`coalesce(sum(${payments.amountPaise}) filter (where ${payments.kind} = 'refund'), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'completed'),
        eq(payments.method, 'cash'),
        inArray(payments.kind, ['payment', 'refund']),
        gte(payments.completedAt, from),
        lte(payments.completedAt, to),
      ),
    );
  return { inPaise: Number(row?.inPaise ?? 0), outPaise: Number(row?.outPaise ?? 0) };
}

/** The completed ledger rows with paid_at in [from, to), oldest first (the takings' CSV export). */
export async function entriesPaidBetween(db: DbOrTx, from: Date, to: Date): Promise<LedgerRow[]> {
  return db.select().from(payments).where(completedBetween(from, to)).orderBy(payments.paidAt, payments.createdAt, payments.id);
}

// ---------------------------------------------------------------- the customer dashboard (issue 19; read only)

/**
 * What an owner paid (completed payments, any account) and was refunded (completed refunds) with paid_at in
 * [from, to), in paise: the customer dashboard's "spent this month".
 */
export async function ownerMoneyBetween(
  db: DbOrTx,
  ownerId: string,
  from: Date,
  to: Date,
): Promise<{ paidPaise: number; refundedPaise: number }> {
  const [row] = await db
    .select({
      paid: sql<string | null>`sum(${payments.amountPaise}) filter (where ${payments.kind} = 'payment')`,
      refunded: sql<string | null>`sum(${payments.amountPaise}) filter (where ${payments.kind} = 'refund')`,
    })
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), completedBetween(from, to)));
  return { paidPaise: Number(row?.paid ?? 0), refundedPaise: Number(row?.refunded ?? 0) };
}
