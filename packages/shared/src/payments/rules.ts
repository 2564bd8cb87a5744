/**
 * The payment ledger's vocabulary and arithmetic. Every amount owed, taken, refunded or written off is one
 * ledger entry; what is paid and what is still owed are derived from the entries, never stored twice.
 */

/** What an entry records: an amount owed (charge), taken (payment), given back (refund) or forgiven (write-off). */
export const LEDGER_KINDS = ['charge', 'payment', 'refund', 'write_off'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

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

/** pending: a payment asked for (order created, link sent) but not yet received; void: a cancelled entry. */
export const LEDGER_STATUSES = ['pending', 'completed', 'failed', 'void'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export interface LedgerEntryLike {
  kind: LedgerKind;
  status: LedgerStatus;
  amountPaise: number;
}

/**
 * Totals of a set of entries (one visit, one boarding…): charged, paid (payments less refunds) and due
 * (charged less written off less paid; never below 0 — an overpayment shows as `creditPaise`).
 * Only completed entries count; pending ones are reported apart.
 */
export function ledgerBalance(entries: readonly LedgerEntryLike[]): {
  chargedPaise: number;
  paidPaise: number;
  writtenOffPaise: number;
  duePaise: number;
  creditPaise: number;
  pendingPaise: number;
} {
  let charged = 0;
  let paid = 0;
  let writtenOff = 0;
  let pending = 0;
  for (const e of entries) {
    if (e.status === 'pending' && e.kind === 'payment') pending += e.amountPaise;
    if (e.status !== 'completed') continue;
    if (e.kind === 'charge') charged += e.amountPaise;
    else if (e.kind === 'payment') paid += e.amountPaise;
    else if (e.kind === 'refund') paid -= e.amountPaise;
    else writtenOff += e.amountPaise;
  }
  const balance = charged - writtenOff - paid;
  return {
    chargedPaise: charged,
    paidPaise: paid,
    writtenOffPaise: writtenOff,
    duePaise: Math.max(0, balance),
    creditPaise: Math.max(0, -balance),
    pendingPaise: pending,
  };
}

/** The Indian financial year (April to March) of a `yyyy-MM-dd` date, as `2026-27`. */
export function financialYear(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A receipt number: financial year and a gap-free sequence within it, e.g. `2026-27/000042`. */
export function receiptNumber(fy: string, seq: number): string {
  return `${fy}/${String(seq).padStart(6, '0')}`;
}
