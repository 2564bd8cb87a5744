import {
  type AllocationDirection,
  financialYear,
  type LedgerAccount,
  LEDGER_SUBJECTS,
  type LedgerMethod,
  type LedgerStatus,
  type LedgerVia,
  ledgerBalance,
  type PaymentType,
  receiptNumber,
  refundSeries,
  todayIn,
} from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountEntries,
  accountEntriesOfMany,
  entriesFor,
  insertEntry,
  type LedgerRow,
  nextReceiptSeq,
  type SubjectKey,
  type Settlement,
  transition,
} from './payments.repo.ts';
import { guardCashMove } from './ledger-writes.ts';
import { announceSaleMoney } from './sale-money.ts';

export type { LedgerRow, SubjectKey };

/**
 * The payment ledger, the single source of truth for money, append-only (docs/decisions.md "The ledger's accounts
 * and entries"). Call these inside the transaction that saves what is charged or paid for (the visit, boarding,
 * prescription…), after `lockLedger` of the owner, so both commit or neither. Rows are never edited: a pending row
 * may complete, fail or be voided once; a correction is a new row (credit, refund, allocation).
 */

/** What a sale entry is for: at least one of these ids. */
export type Subject = Partial<Record<SubjectKey, string>>;

interface EntryBase {
  /** The owner whose account this is (a snapshot: a pet moved later keeps its history with this owner). */
  ownerId: string;
  petId?: string | null;
  for: Subject;
  /** Integer paise; entries of 0 are not written. */
  amountPaise: number;
  paymentType?: PaymentType | null;
  note?: string | null;
  /** The staff or customer user who recorded it. */
  createdBy?: string | null;
  /** The business time zone, for the receipt's financial year. */
  tz: string;
  /** The business clock's now (ctx.clock.now()). */
  now: Date;
}

function checkAmount(amountPaise: number) {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new Error(`ledger: amount must be a positive whole number of paise, got ${amountPaise}`);
  }
}

function checkSubject(s: Subject) {
  if (!Object.values(s).some(Boolean))
    throw new Error('ledger: a sale entry needs a visit, boarding, prescription, subscription or appointment');
}

const subjectOnly = (s: Subject): Subject => Object.fromEntries(Object.entries(s).filter(([, v]) => Boolean(v))) as Subject;

/**
 * The ledger lock of these owners, taken FIRST in every transaction that writes money, in ascending id order, and
 * held until it ends. The one lock order of money paths (docs/decisions.md "Money paths take their locks in one
 * order"): 1. owners' ledger locks (this); 2. the capacity lock of a boarding type; 3. subject rows FOR UPDATE
 * (a boarding, a subscription); 4. ledger rows FOR UPDATE; 5. the open cash drawer session (FOR SHARE, cash only,
 * `onCashMove`); 6. the receipt counter. Two money requests of one
 * owner run one after the other; requests of different owners never wait on each other but at the receipt counter.
 */
export async function lockLedger(tx: DbOrTx, ownerIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(ownerIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger:${id}`}))`);
  }
}

/** An amount owed. Returns null for 0 (nothing is owed). */
export async function postCharge(
  db: DbOrTx,
  c: EntryBase & { chargeFor?: 'sale' | 'extra_days' | 'package_day' },
): Promise<LedgerRow | null> {
  if (c.amountPaise === 0) return null;
  checkAmount(c.amountPaise);
  checkSubject(c.for);
  return insertEntry(db, {
    kind: 'charge',
    status: 'completed',
    account: 'sale',
    ownerId: c.ownerId,
    amountPaise: c.amountPaise,
    chargeFor: c.chargeFor ?? 'sale',
    paymentType: c.paymentType ?? null,
    petId: c.petId ?? null,
    ...subjectOnly(c.for),
    note: c.note ?? null,
    createdBy: c.createdBy ?? null,
    paidAt: c.now,
  });
}

/**
 * A correction that reduces a charge (a cancellation, a void): never more than what is left of that charge (the
 * database checks it too). `deductionPaise`: the refund policy's deduction kept on the charge.
 */
export async function postCredit(
  db: DbOrTx,
  c: Omit<EntryBase, 'for' | 'ownerId' | 'petId' | 'paymentType'> & { charge: LedgerRow; deductionPaise?: number | null },
): Promise<LedgerRow | null> {
  if (c.amountPaise === 0) return null;
  checkAmount(c.amountPaise);
  if (c.charge.kind !== 'charge') throw new Error('ledger: a credit reduces a charge');
  return insertEntry(db, {
    kind: 'credit',
    status: 'completed',
    account: 'sale',
    ownerId: c.charge.ownerId,
    amountPaise: c.amountPaise,
    petId: c.charge.petId,
    ...subjectOf(c.charge),
    creditOf: c.charge.id,
    deductionPaise: c.deductionPaise ?? null,
    note: c.note ?? null,
    createdBy: c.createdBy ?? null,
    paidAt: c.now,
  });
}

export interface NewPayment extends EntryBase {
  method: LedgerMethod;
  /** completed (money received: gets a receipt number) or pending (an order or a link waiting to be paid). */
  status?: Extract<LedgerStatus, 'completed' | 'pending'>;
  /** sale (default; names its subject) or the owner's unapplied, wallet or deposit account (no subject needed). */
  account?: LedgerAccount;
  /** How a completed payment was taken (default: at the desk). */
  via?: LedgerVia;
  provider?: string | null;
  providerOrderId?: string | null;
  providerPaymentId?: string | null;
  providerLinkId?: string | null;
  linkUrl?: string | null;
  /** Deposit account: the reservation the money is held for. */
  reservationId?: string | null;
  /** Deposit account: the online appointment the money is held for (issue 19). */
  appointmentId?: string | null;
}

async function receiptFor(db: DbOrTx, tz: string, now: Date, series: 'payment' | 'refund' = 'payment'): Promise<string> {
  const fy = financialYear(todayIn(tz, now));
  const s = series === 'refund' ? refundSeries(fy) : fy;
  return receiptNumber(s, await nextReceiptSeq(db, s));
}

/** Money taken (or asked for, when pending). Returns null for 0. */
export async function recordPayment(db: DbOrTx, p: NewPayment): Promise<LedgerRow | null> {
  if (p.amountPaise === 0) return null;
  checkAmount(p.amountPaise);
  const account = p.account ?? 'sale';
  if (account === 'sale') checkSubject(p.for);
  const status = p.status ?? 'completed';
  const done = status === 'completed';
  if (done && p.method === 'cash') await guardCashMove(db, { kind: 'payment', amountPaise: p.amountPaise, now: p.now });
  const row = await insertEntry(db, {
    kind: 'payment',
    status,
    account,
    ownerId: p.ownerId,
    method: p.method,
    amountPaise: p.amountPaise,
    paymentType: p.paymentType ?? null,
    petId: p.petId ?? null,
    ...(account === 'sale' ? subjectOnly(p.for) : {}),
    reservationId: p.reservationId ?? null,
    ...(account === 'deposit' && p.appointmentId ? { appointmentId: p.appointmentId } : {}),
    note: p.note ?? null,
    provider: p.provider ?? null,
    providerOrderId: p.providerOrderId ?? null,
    providerPaymentId: p.providerPaymentId ?? null,
    providerLinkId: p.providerLinkId ?? null,
    linkUrl: p.linkUrl ?? null,
    createdBy: p.createdBy ?? null,
    receiptNo: done ? await receiptFor(db, p.tz, p.now) : null,
    paidAt: done ? p.now : null,
    completedBy: done ? (p.createdBy ?? null) : null,
    completedVia: done ? (p.via ?? 'desk') : null,
    completedAt: done ? p.now : null,
  });
  if (done && account === 'sale') await announceSaleMoney(db, { subject: subjectOf(row), ownerId: row.ownerId, now: p.now });
  return row;
}

/** Who decided a pending row's outcome and how: null `by` for a provider's webhook. */
export interface Decision {
  via: LedgerVia;
  by?: string | null;
  now: Date;
}

const decided = (d: Decision): Settlement => ({ completedBy: d.by ?? null, completedVia: d.via, completedAt: d.now });

/**
 * A pending payment whose money has arrived: completed, with its receipt number and the provider's payment id.
 * Undefined when it is no longer pending (another request decided it first).
 */
export async function completePayment(
  db: DbOrTx,
  pending: LedgerRow,
  done: Decision & { providerPaymentId?: string | null; tz: string },
): Promise<LedgerRow | undefined> {
  if (pending.kind !== 'payment' || pending.status !== 'pending') throw new Error('ledger: only a pending payment can complete');
  if (pending.method === 'cash') await guardCashMove(db, { kind: 'payment', amountPaise: pending.amountPaise, now: done.now });
  const row = await transition(db, pending.id, 'completed', {
    ...decided(done),
    ...(done.providerPaymentId && !pending.providerPaymentId ? { providerPaymentId: done.providerPaymentId } : {}),
    receiptNo: await receiptFor(db, done.tz, done.now),
    paidAt: done.now,
  });
  if (row?.account === 'sale') await announceSaleMoney(db, { subject: subjectOf(row), ownerId: row.ownerId, now: done.now });
  return row;
}

/** A pending payment or refund the provider failed (the order failed, the link expired). */
export function failPayment(db: DbOrTx, pending: LedgerRow, d: Decision): Promise<LedgerRow | undefined> {
  return transition(db, pending.id, 'failed', decided(d));
}

/**
 * A pending payment we cancelled: settled another way, replaced by an order for another amount, its visit voided.
 * Cancel its provider order or link too (`cancelAtProvider`, after the commit).
 */
export function voidPayment(db: DbOrTx, pending: LedgerRow, d: Decision): Promise<LedgerRow | undefined> {
  return transition(db, pending.id, 'void', decided(d));
}

/**
 * Money given back on a completed payment, never more than is left of it (checked here and by the database): cash
 * completes now with a number of the refund series (`R/2026-27/000001`); card and link money stays pending until the
 * provider confirms the refund. `account`: where the money leaves from, by default the payment's; a sale's payment
 * whose money was moved to the owner's unapplied balance (an overpayment, a voided visit) is refunded from there.
 */
export async function recordRefund(
  db: DbOrTx,
  r: {
    payment: LedgerRow;
    amountPaise: number;
    status: 'completed' | 'pending';
    via: LedgerVia;
    by: string | null;
    note?: string | null;
    providerRefundId?: string | null;
    account?: LedgerAccount;
    tz: string;
    now: Date;
  },
): Promise<LedgerRow> {
  checkAmount(r.amountPaise);
  const p = r.payment;
  if (p.kind !== 'payment' || p.status !== 'completed') throw new Error('ledger: only a completed payment is refunded');
  const done = r.status === 'completed';
  if (done && p.method === 'cash') await guardCashMove(db, { kind: 'refund', amountPaise: r.amountPaise, now: r.now });
  const account = r.account ?? p.account;
  return insertEntry(db, {
    kind: 'refund',
    status: r.status,
    account,
    ownerId: p.ownerId,
    method: p.method,
    amountPaise: r.amountPaise,
    petId: p.petId,
    ...(account === 'sale' ? subjectOf(p) : {}),
    reservationId: account === 'deposit' ? p.reservationId : null,
    ...(account === 'deposit' && p.appointmentId ? { appointmentId: p.appointmentId } : {}),
    refundOf: p.id,
    note: r.note ?? null,
    provider: p.provider,
    providerRefundId: r.providerRefundId ?? null,
    createdBy: r.by,
    receiptNo: done ? await receiptFor(db, r.tz, r.now, 'refund') : null,
    paidAt: done ? r.now : null,
    completedBy: done ? r.by : null,
    completedVia: done ? r.via : null,
    completedAt: done ? r.now : null,
  });
}

/** A pending refund the provider confirmed: completed, with a number of the refund series. */
export async function completeRefund(
  db: DbOrTx,
  pending: LedgerRow,
  done: Decision & { providerRefundId?: string | null; tz: string },
): Promise<LedgerRow | undefined> {
  if (pending.kind !== 'refund' || pending.status !== 'pending') throw new Error('ledger: only a pending refund can complete');
  if (pending.method === 'cash') await guardCashMove(db, { kind: 'refund', amountPaise: pending.amountPaise, now: done.now });
  return transition(db, pending.id, 'completed', {
    ...decided(done),
    ...(done.providerRefundId && !pending.providerRefundId ? { providerRefundId: done.providerRefundId } : {}),
    receiptNo: await receiptFor(db, done.tz, done.now, 'refund'),
    paidAt: done.now,
  });
}

/** One side of an allocation: a money account of the owner, or a sale (its subject). */
export interface AllocationSide {
  account: LedgerAccount;
  /** Required for the sale account. */
  for?: Subject;
  petId?: string | null;
  /** The deposit account's side: the reservation the money was held for. */
  reservationId?: string | null;
  /** The deposit account's side: the online appointment the money was held for (issue 19). */
  appointmentId?: string | null;
}

/**
 * Money moved between two accounts of one owner as two linked rows written together: `out` of one, `in` to the
 * other (the `in` row names the `out` row). E.g. unapplied → a sale (applying an overpayment to a later visit), or a
 * sale's overpayment → unapplied.
 */
export async function allocate(
  db: DbOrTx,
  a: {
    ownerId: string;
    from: AllocationSide;
    to: AllocationSide;
    amountPaise: number;
    by: string | null;
    note?: string | null;
    now: Date;
  },
): Promise<{ out: LedgerRow; in: LedgerRow }> {
  checkAmount(a.amountPaise);
  const row = (side: AllocationSide, direction: AllocationDirection, allocationOf: string | null) => {
    if (side.account === 'sale') checkSubject(side.for ?? {});
    return insertEntry(db, {
      kind: 'allocation',
      status: 'completed',
      account: side.account,
      direction,
      ownerId: a.ownerId,
      amountPaise: a.amountPaise,
      petId: side.petId ?? null,
      ...(side.account === 'sale' ? subjectOnly(side.for ?? {}) : {}),
      reservationId: side.account === 'deposit' ? (side.reservationId ?? null) : null,
      ...(side.account === 'deposit' && side.appointmentId ? { appointmentId: side.appointmentId } : {}),
      allocationOf,
      note: a.note ?? null,
      createdBy: a.by,
      paidAt: a.now,
    });
  };
  const out = await row(a.from, 'out', null);
  const inn = await row(a.to, 'in', out.id);
  if (inn.account === 'sale') await announceSaleMoney(db, { subject: subjectOf(inn), ownerId: a.ownerId, now: a.now });
  return { out, in: inn };
}

/**
 * A sale paid beyond what it is charged (a credit after payment, a payment arriving twice, a void): the excess moves
 * to the owner's unapplied account, where staff refund it or apply it to another sale. Money under a pending refund
 * stays on the sale (it is leaving). Null when nothing is held beyond the charges.
 */
export async function sweepOverpayment(
  db: DbOrTx,
  s: { ownerId: string; petId?: string | null; subject: Subject; by: string | null; now: Date; note?: string },
): Promise<{ out: LedgerRow; in: LedgerRow } | null> {
  const { entries, balance } = await accountOf(db, s.subject);
  const pendingRefunds = entries
    .filter((e) => e.kind === 'refund' && e.status === 'pending')
    .reduce((n, e) => n + e.amountPaise, 0);
  const amountPaise = balance.creditPaise - pendingRefunds;
  if (amountPaise <= 0) return null;
  return allocate(db, {
    ownerId: s.ownerId,
    from: { account: 'sale', for: s.subject, petId: s.petId },
    to: { account: 'unapplied', petId: s.petId },
    amountPaise,
    by: s.by,
    note: s.note ?? 'Overpayment moved to the owner’s unapplied balance',
    now: s.now,
  });
}

export type Balance = ReturnType<typeof ledgerBalance>;

/** The subject columns of a row (for an entry written about the same sale). */
export function subjectOf(e: LedgerRow): Subject {
  if (e.account !== 'sale') return {};
  return Object.fromEntries(LEDGER_SUBJECTS.flatMap((k) => (e[k] ? [[k, e[k]]] : []))) as Subject;
}

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
  return entries.filter((e) => e.kind === 'payment' && (e.status === 'completed' || e.status === 'pending')).at(-1);
}

/**
 * Every sale entry of an account (a boarding's covers its visit's) with its balance; an account with no entries
 * yet (a stay on a subscription) is empty, not unknown.
 */
export async function accountOf(db: DbOrTx, subject: Subject): Promise<{ entries: LedgerRow[]; balance: Balance }> {
  const entries = await accountEntries(db, subject);
  return { entries, balance: ledgerBalance(entries) };
}

/** accountOf of several subjects at once (two queries in all), in their order. */
export async function accountsOf(
  db: DbOrTx,
  subjects: readonly Subject[],
): Promise<{ entries: LedgerRow[]; balance: Balance }[]> {
  return (await accountEntriesOfMany(db, subjects)).map((entries) => ({ entries, balance: ledgerBalance(entries) }));
}

/** The account's payments still pending (a card checkout, a payment link sent), oldest first. */
export const pendingPayments = (entries: readonly LedgerRow[]): LedgerRow[] =>
  entries.filter((e) => e.kind === 'payment' && e.status === 'pending');

export { loadAccount, pickSubject, toLedgerPayment } from './subjects.ts';
export { onSaleMoney, type SaleMoney, type SaleMoneyListener } from './sale-money.ts';
export { provideStayBillDue } from './stay-bill-due.ts';
export { type CashMoveGuard, type LedgerWriteListener, onCashMove, onLedgerWrite } from './ledger-writes.ts';
/** The owner's statement reads these (sales/statement.service.ts). */
export { entriesOfAccount, entriesOfOwner } from './payments.repo.ts';
/** A reservation's deposit rows (modules/reservations). */
export { entriesOfAppointments, entriesOfReservations } from './payments.repo.ts';
/** Ledger rows by id (an idempotent request's replay reads the rows it wrote). */
export { entriesByIds } from './payments.repo.ts';
export {
  cashMovedBetween,
  type ChargeDayRow,
  chargesBetween,
  chargesByDay,
  entriesPaidBetween,
  type LedgerTotal,
  ledgerTotalsBetween,
  ownerMoneyBetween,
  walletAppliedBetween,
} from './payments.repo.ts';
