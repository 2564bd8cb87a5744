import type { DocumentSummary, VisitLedgerRow } from '@pawdesk/shared';

const paise = (rupees: number) => Math.round(rupees * 100);
const INVOICES: readonly DocumentSummary['kind'][] = ['tax_invoice', 'bill_of_supply'];

/** The documents of a visit's ledger rows, and those no row claims. */
export interface LedgerDocuments {
  byRow: Map<string, DocumentSummary[]>;
  others: DocumentSummary[];
}

/**
 * Which document documents which ledger row of a visit (issue 17): a receipt is the payment or refund row itself
 * (same id); a charge is documented by a tax invoice, a bill of supply, or one of each, whose totals add up to the
 * charge; a credit by the credit notes (one per credited document) that add up to the credit. Rows are taken oldest
 * first, documents in the order they were issued (the server lists them newest first); a document no row claims is
 * listed apart, so every document stays reachable.
 */
export function documentsOfLedger(rows: readonly VisitLedgerRow[], docs: readonly DocumentSummary[]): LedgerDocuments {
  const byRow = new Map<string, DocumentSummary[]>();
  const used = new Set<string>();
  const oldestFirst = [...docs].reverse();

  for (const r of rows) {
    if (r.kind !== 'payment' && r.kind !== 'refund') continue;
    const receipt = docs.find((d) => d._id === r._id && (d.kind === 'receipt' || d.kind === 'refund_receipt'));
    if (receipt) {
      byRow.set(r._id, [receipt]);
      used.add(receipt._id);
    }
  }

  /** The first unused document of these kinds, or pair (an invoice and a bill, two credit notes), that adds up to `amount`. */
  const claim = (kinds: readonly DocumentSummary['kind'][], amount: number): DocumentSummary[] | null => {
    const free = oldestFirst.filter((d) => kinds.includes(d.kind) && !used.has(d._id));
    const single = free.find((d) => paise(d.total) === amount);
    if (single) return [single];
    for (let i = 0; i < free.length; i++)
      for (let j = i + 1; j < free.length; j++) {
        const a = free[i]!;
        const b = free[j]!;
        const pair = a.kind !== b.kind || a.kind === 'credit_note'; // an invoice and a bill, or their two credit notes
        if (pair && paise(a.total) + paise(b.total) === amount) return [a, b];
      }
    return null;
  };

  for (const r of rows) {
    if ((r.kind !== 'charge' && r.kind !== 'credit') || r.status !== 'completed' || r.amount <= 0) continue;
    const found = r.kind === 'charge' ? claim(INVOICES, paise(r.amount)) : claim(['credit_note'], paise(r.amount));
    if (!found) continue;
    byRow.set(r._id, found);
    for (const d of found) used.add(d._id);
  }

  return { byRow, others: docs.filter((d) => !used.has(d._id)) };
}
