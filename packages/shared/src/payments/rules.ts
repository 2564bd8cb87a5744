/**
 * The payment ledger's vocabulary and arithmetic. Every amount owed, taken, refunded or written off is one
 * ledger entry; what is paid and what is still owed are derived from the entries, never stored twice.
 */

/**
 * What an entry records (docs/decisions.md "The ledger's accounts and entries" maps each to double entry):
 * - charge: an amount owed for a sale;
 * - credit: a correction that reduces a charge it names (a cancellation, a void), never an edit of it;
 * - payment: money taken (or asked for, while pending);
 * - refund: money given back, naming the payment it returns;
 * - allocation: money moved between two accounts of one owner, as two linked rows (one `out`, one `in`).
 */
export const LEDGER_KINDS = ['charge', 'credit', 'payment', 'refund', 'allocation'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The owner's accounts an entry belongs to: `sale` (what a visit, stay, prescription or subscription owes and
 * what was paid for it; these rows name their subject), `wallet` (prepaid money), `deposit` (money held against a
 * booking) and `unapplied` (money received that pays no sale yet: an overpayment, a capture matching nothing).
 */
export const LEDGER_ACCOUNTS = ['sale', 'wallet', 'deposit', 'unapplied'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * What a sale's ledger rows name, in one list: the visit, its stay (boarding), a prescription, a subscription sold,
 * an appointment, a boarding package's days (paid from the wallet). Every list of subjects in the code is this one.
 */
export const LEDGER_SUBJECTS = [
  'visitId',
  'boardingId',
  'prescriptionId',
  'subscriptionId',
  'appointmentId',
  'packageId',
] as const;
export type LedgerSubject = (typeof LEDGER_SUBJECTS)[number];

/** An allocation row's side: money leaving its account (`out`) or arriving (`in`). */
export const ALLOCATION_DIRECTIONS = ['in', 'out'] as const;
export type AllocationDirection = (typeof ALLOCATION_DIRECTIONS)[number];

/** How money moved. `not_recorded`: taken, but the client did not say how (the existing web client's prescriptions). */
export const LEDGER_METHODS = ['cash', 'payment_link', 'card', 'not_recorded'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

export const LEDGER_METHOD_LABEL: Record<LedgerMethod, string> = {
  cash: 'Cash',
  payment_link: 'Payment Link',
  card: 'Card',
  not_recorded: 'Method not recorded',
};

/** How a screen shows a payment's method; a missing or unknown one is 'Method not recorded'. */
export function ledgerMethodLabel(method: string | null | undefined): string {
  return method && Object.hasOwn(LEDGER_METHOD_LABEL, method)
    ? LEDGER_METHOD_LABEL[method as LedgerMethod]
    : LEDGER_METHOD_LABEL.not_recorded;
}

/**
 * pending: a payment or refund asked for (order created, link sent, refund sent to the provider) but not done yet;
 * failed: the provider failed it; void: we cancelled it (settled another way, a visit voided).
 */
export const LEDGER_STATUSES = ['pending', 'completed', 'failed', 'void'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** How a payment's status was decided: at the desk, the card checkout, a provider webhook, the link page, a staff check. */
export const LEDGER_VIA = ['desk', 'checkout', 'webhook', 'link_page', 'staff_check', 'import'] as const;
export type LedgerVia = (typeof LEDGER_VIA)[number];

export interface LedgerEntryLike {
  kind: LedgerKind;
  status: LedgerStatus;
  amountPaise: number;
  /** Allocations only. */
  direction?: AllocationDirection | null;
}

/**
 * Totals of the entries of one sale (a visit with its stay, a prescription…): charged, credited, paid (payments
 * less refunds, plus money allocated in from another account, less money allocated out) and due (charged less
 * credited less paid; never below 0: an overpayment shows as `creditPaise`, which the ledger moves to the owner's
 * unapplied account). Only completed entries count; pending payments are reported apart.
 * For a money account (wallet, deposit, unapplied) `paidPaise` is the balance held.
 */
export function ledgerBalance(entries: readonly LedgerEntryLike[]): {
  chargedPaise: number;
  creditedPaise: number;
  paidPaise: number;
  duePaise: number;
  creditPaise: number;
  pendingPaise: number;
} {
  let charged = 0;
  let credited = 0;
  let paid = 0;
  let pending = 0;
  for (const e of entries) {
    if (e.status === 'pending' && e.kind === 'payment') pending += e.amountPaise;
    if (e.status !== 'completed') continue;
    if (e.kind === 'charge') charged += e.amountPaise;
    else if (e.kind === 'credit') credited += e.amountPaise;
    else if (e.kind === 'payment') paid += e.amountPaise;
    else if (e.kind === 'refund') paid -= e.amountPaise;
    else if (e.kind === 'allocation') paid += e.direction === 'out' ? -e.amountPaise : e.amountPaise;
  }
  const balance = charged - credited - paid;
  return {
    chargedPaise: charged,
    creditedPaise: credited,
    paidPaise: paid,
    duePaise: Math.max(0, balance),
    creditPaise: Math.max(0, -balance),
    pendingPaise: pending,
  };
}

/** The receipt series of a refund: `R/2026-27`; payments use the financial year alone. */
export const refundSeries = (fy: string) => `R/${fy}`;

/** The Indian financial year (April to March) of a `yyyy-MM-dd` date, as `2026-27`. */
export function financialYear(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A receipt number: its series (the financial year, or `R/` and the year for refunds) and a gap-free sequence
 * within it, e.g. `2026-27/000042`, `R/2026-27/000001` (at most 16 characters, as GST rules ask of documents).
 */
export function receiptNumber(series: string, seq: number): string {
  return `${series}/${String(seq).padStart(6, '0')}`;
}
