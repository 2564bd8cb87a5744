import {
  type AllocationSource,
  formatINR,
  ledgerMethodLabel,
  type OpenSale,
  type StatementEntry,
  type StatementResponse,
  toPaise,
  toRupees,
} from '@pawdesk/shared';

/** What the statement screen decides, apart from how it shows (table-tested in StatementPanel.test.tsx). */

export const SOURCE_LABEL: Record<AllocationSource, string> = {
  unapplied: 'Unapplied balance',
  wallet: 'Wallet',
  deposit: 'Deposit',
};

/** The owner's accounts that hold money, with what each holds (rupees). */
export function heldSources(s: Pick<StatementResponse, 'totals'>): { source: AllocationSource; held: number }[] {
  return (['unapplied', 'wallet', 'deposit'] as const)
    .map((source) => ({ source, held: s.totals[source] }))
    .filter((x) => x.held > 0);
}

/** "Apply to a sale" is offered only when the owner holds money and a sale still owes. */
export const canApply = (s: Pick<StatementResponse, 'totals' | 'openSales'>): boolean =>
  heldSources(s).length > 0 && s.openSales.some((o) => o.due > 0);

/** The amount the apply form starts with: the lesser of what is held and what the sale owes. */
export const defaultAmount = (held: number, due: number): number => toRupees(Math.min(toPaise(held), toPaise(due)));

/** Why an amount cannot be applied (null when it can), checked to the paisa. */
export function amountProblem(amount: number | string | undefined, held: number, due: number): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'Enter the amount to apply';
  const p = toPaise(amount);
  if (p <= 0) return 'Amount must be more than ₹0.00';
  if (p > toPaise(held)) return `At most ${formatINR(held)} is held`;
  if (p > toPaise(due)) return `At most ${formatINR(due)} is due on this sale`;
  return null;
}

/** One id per open sale (its visit, else its stay, prescription or subscription). */
export const saleKey = (o: OpenSale): string => o.visitId ?? o.boardingId ?? o.prescriptionId ?? o.subscriptionId ?? '';

/** The sale as the allocate call names it. */
export function saleSubject(o: OpenSale) {
  if (o.visitId) return { visitId: o.visitId };
  if (o.boardingId) return { boardingId: o.boardingId };
  if (o.prescriptionId) return { prescriptionId: o.prescriptionId };
  return { subscriptionId: o.subscriptionId ?? '' };
}

/** 'Owes ₹800.25', 'In credit ₹120.00' or 'Settled'. */
export function balanceText(balance: number): string {
  if (toPaise(balance) > 0) return `Owes ${formatINR(balance)}`;
  if (toPaise(balance) < 0) return `In credit ${formatINR(-balance)}`;
  return 'Settled';
}

export const KIND_LABEL: Record<StatementEntry['kind'], string> = {
  charge: 'Charge',
  credit: 'Credit',
  payment: 'Payment',
  refund: 'Refund',
  allocation: 'Transfer',
};

/** A row's method as the statement shows it: payments and refunds only. */
export const methodText = (e: Pick<StatementEntry, 'kind' | 'method'>): string =>
  e.kind === 'payment' || e.kind === 'refund' ? ledgerMethodLabel(e.method) : '—';

/** A signed effect: '+₹1,000.00', '−₹400.00', or '—' for none. */
export function effectText(effect: number): string {
  if (toPaise(effect) === 0) return '—';
  return `${effect > 0 ? '+' : '−'}${formatINR(Math.abs(effect))}`;
}

/** Rupees with a real minus sign when negative: '₹300.00', '−₹1,200.00' (a balance held for the owner). */
export const signedINR = (rupees: number): string =>
  toPaise(rupees) < 0 ? `−${formatINR(-rupees)}` : formatINR(Math.abs(rupees));

/**
 * The rows a person reads: an allocation is written as two linked rows (out of one account, into another) with the
 * same words and no effect, so it shows once, as its `out` row.
 */
export const shownEntries = (entries: readonly StatementEntry[]): StatementEntry[] =>
  entries.filter((e) => !(e.kind === 'allocation' && e.direction === 'in'));
