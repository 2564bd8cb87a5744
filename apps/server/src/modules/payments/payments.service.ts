import {
  financialYear,
  type LedgerMethod,
  type LedgerStatus,
  ledgerBalance,
  type PaymentType,
  receiptNumber,
  todayIn,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountEntries,
  entriesFor,
  insertEntry,
  type LedgerRow,
  nextReceiptSeq,
  type SubjectKey,
  updateEntry,
} from './payments.repo.ts';
import { lockSubject } from './subjects.ts';

export type { LedgerRow, SubjectKey };

/**
 * The payment ledger, the single source of truth for money. Call these inside the transaction that saves
 * what is charged or paid for (the visit, boarding, prescription…), so both commit or neither.
 */

/** What an entry is for: at least one of these ids. */
export type Subject = Partial<Record<SubjectKey, string>>;

interface EntryBase {
  petId: string;
  for: Subject;
  /** Integer paise; entries of 0 are not written. */
  amountPaise: number;
  paymentType?: PaymentType | null;
  note?: string | null;
  /** The staff or customer user who recorded it. */
  createdBy?: string | null;
  /** The business time zone, for the receipt's financial year. */
  tz: string;
  now?: Date;
}

function checkAmount(amountPaise: number) {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new Error(`ledger: amount must be a positive whole number of paise, got ${amountPaise}`);
  }
}

function checkSubject(s: Subject) {
  if (!Object.values(s).some(Boolean))
    throw new Error('ledger: an entry needs a visit, boarding, prescription, subscription or appointment');
}

/** An amount owed. Returns null for 0 (nothing is owed). */
export async function postCharge(db: DbOrTx, c: EntryBase): Promise<LedgerRow | null> {
  if (c.amountPaise === 0) return null;
  checkAmount(c.amountPaise);
  checkSubject(c.for);
  return insertEntry(db, {
    kind: 'charge',
    status: 'completed',
    amountPaise: c.amountPaise,
    paymentType: c.paymentType ?? null,
    petId: c.petId,
    ...c.for,
    note: c.note ?? null,
    createdBy: c.createdBy ?? null,
    paidAt: c.now ?? new Date(),
  });
}

export interface NewPayment extends EntryBase {
  method: LedgerMethod;
  /** completed (money received: gets a receipt number) or pending (an order or a link waiting to be paid). */
  status?: Extract<LedgerStatus, 'completed' | 'pending'>;
  provider?: string | null;
  providerOrderId?: string | null;
  providerPaymentId?: string | null;
  providerLinkId?: string | null;
  linkUrl?: string | null;
}

async function receiptFor(db: DbOrTx, tz: string, now: Date): Promise<string> {
  const fy = financialYear(todayIn(tz, now));
  return receiptNumber(fy, await nextReceiptSeq(db, fy));
}

/** Money taken (or asked for, when pending). Returns null for 0. */
export async function recordPayment(db: DbOrTx, p: NewPayment): Promise<LedgerRow | null> {
  if (p.amountPaise === 0) return null;
  checkAmount(p.amountPaise);
  checkSubject(p.for);
  const status = p.status ?? 'completed';
  const now = p.now ?? new Date();
  return insertEntry(db, {
    kind: 'payment',
    status,
    method: p.method,
    amountPaise: p.amountPaise,
    paymentType: p.paymentType ?? null,
    petId: p.petId,
    ...p.for,
    note: p.note ?? null,
    provider: p.provider ?? null,
    providerOrderId: p.providerOrderId ?? null,
    providerPaymentId: p.providerPaymentId ?? null,
    providerLinkId: p.providerLinkId ?? null,
    linkUrl: p.linkUrl ?? null,
    createdBy: p.createdBy ?? null,
    receiptNo: status === 'completed' ? await receiptFor(db, p.tz, now) : null,
    paidAt: status === 'completed' ? now : null,
  });
}

/** A pending payment whose money has arrived: completed, with its receipt number and the provider's payment id. */
export async function completePayment(
  db: DbOrTx,
  pending: LedgerRow,
  done: { providerPaymentId?: string | null; method?: LedgerMethod; tz: string; now?: Date },
): Promise<LedgerRow> {
  if (pending.kind !== 'payment' || pending.status !== 'pending') throw new Error('ledger: only a pending payment can complete');
  const now = done.now ?? new Date();
  return updateEntry(db, pending.id, {
    status: 'completed',
    method: done.method ?? pending.method,
    providerPaymentId: done.providerPaymentId ?? pending.providerPaymentId,
    receiptNo: await receiptFor(db, done.tz, now),
    paidAt: now,
  });
}

/** A pending payment that will not be paid (the order failed, the link expired or was cancelled). */
export async function failPayment(db: DbOrTx, pending: LedgerRow): Promise<LedgerRow> {
  return updateEntry(db, pending.id, { status: 'failed' });
}

export type Balance = ReturnType<typeof ledgerBalance>;

/** Entries per subject id (oldest first) for a page of visits, prescriptions… */
export async function entriesBySubject(db: DbOrTx, key: SubjectKey, ids: readonly string[]): Promise<Map<string, LedgerRow[]>> {
  const by = new Map<string, LedgerRow[]>();
  for (const e of await entriesFor(db, key, ids)) {
    const id = e[key]!;
    const list = by.get(id);
    if (list) list.push(e);
    else by.set(id, [e]);
  }
  return by;
}

/** Charged, paid, due… of one subject, derived from its entries. */
export async function balanceOf(db: DbOrTx, key: SubjectKey, id: string): Promise<Balance> {
  return ledgerBalance(await entriesFor(db, key, [id]));
}

/** The latest completed or pending payment among entries (what a screen shows as "the payment"). */
export function latestPayment(entries: readonly LedgerRow[]): LedgerRow | undefined {
  return entries.filter((e) => e.kind === 'payment' && e.status !== 'failed').at(-1);
}

/**
 * Takes the payments lock of these subjects (`payments:<id>`, the lock create-order and verify-pending-payment
 * take) in the order given, until the transaction ends: what is due is decided by one request at a time.
 */
export async function lockAccount(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  for (const id of ids) await lockSubject(tx, { key: 'boardingId', id });
}

/**
 * Every entry of an account (a boarding's covers its visit's) with its balance; an account with no entries yet
 * (a stay on a subscription) is empty, not unknown.
 */
export async function accountOf(db: DbOrTx, subject: Subject): Promise<{ entries: LedgerRow[]; balance: Balance }> {
  const entries = await accountEntries(db, subject);
  return { entries, balance: ledgerBalance(entries) };
}

/** The account's payments still pending (a card checkout, a payment link sent), oldest first. */
export const pendingPayments = (entries: readonly LedgerRow[]): LedgerRow[] =>
  entries.filter((e) => e.kind === 'payment' && e.status === 'pending');

export { toLedgerPayment } from './subjects.ts';
