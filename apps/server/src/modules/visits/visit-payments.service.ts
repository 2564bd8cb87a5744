import { ledgerBalance, ledgerMethodLabel, toRupees, type VisitPaymentView } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { entriesBySubject, type LedgerRow, latestPayment } from '../payments/payments.service.ts';

/**
 * What was paid for a visit and what is still owed, derived from the payment ledger (never from what the visit's
 * `details` stored): the `details.payment` and `details.paymentLeft` of the visit lookups.
 */
export interface VisitMoney {
  payment: VisitPaymentView;
  /** Still owed, rupees. */
  paymentLeft: number;
}

export function visitMoney(entries: readonly LedgerRow[]): VisitMoney {
  const b = ledgerBalance(entries);
  const latest = latestPayment(entries);
  const completed = entries.filter((e) => e.kind === 'payment' && e.status === 'completed').at(-1);
  const pendingLink = entries.filter((e) => e.kind === 'payment' && e.status === 'pending' && e.linkUrl).at(-1);
  const due = toRupees(b.duePaise);
  return {
    paymentLeft: due,
    payment: {
      amount: toRupees(b.paidPaise),
      charged: toRupees(b.chargedPaise - b.creditedPaise),
      credited: toRupees(b.creditedPaise),
      paymentType: entries.find((e) => e.paymentType)?.paymentType ?? null,
      remainingAmount: due,
      isRemainingPaid: b.duePaise === 0,
      isPaid: b.paidPaise > 0,
      pendingAmount: toRupees(b.pendingPaise),
      method: latest?.method ?? null,
      methodLabel: latest ? ledgerMethodLabel(latest.method) : null,
      status: latest?.status ?? null,
      receiptNo: completed?.receiptNo ?? null,
      paidAt: completed?.paidAt ? completed.paidAt.toISOString() : null,
      linkUrl: pendingLink?.linkUrl ?? null,
    },
  };
}

/** The money of each of these visits, by visit id (visits without ledger entries: nothing paid, nothing owed). */
export async function visitMoneyOf(db: DbOrTx, visitIds: readonly string[]): Promise<Map<string, VisitMoney>> {
  const byVisit = await entriesBySubject(db, 'visitId', visitIds);
  return new Map(visitIds.map((id) => [id, visitMoney(byVisit.get(id) ?? [])]));
}
