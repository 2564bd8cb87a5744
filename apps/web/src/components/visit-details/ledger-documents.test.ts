import type { DocumentSummary, VisitLedgerRow } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { documentsOfLedger } from './ledger-documents';

const row = (id: string, kind: string, amount: number, fields: Partial<VisitLedgerRow> = {}): VisitLedgerRow => ({
  _id: id,
  kind,
  status: 'completed',
  method: kind === 'payment' || kind === 'refund' ? 'cash' : null,
  amount,
  receiptNo: null,
  at: '2026-11-01T09:35:00.000Z',
  ...fields,
});

const doc = (id: string, kind: DocumentSummary['kind'], number: string, total: number, original: string | null = null) =>
  ({
    _id: id,
    kind,
    title: kind,
    number,
    date: '2026-11-01',
    total,
    original: original ? { _id: `o-${original}`, number: original } : null,
  }) satisfies DocumentSummary;

const numbers = (docs: DocumentSummary[] | undefined) => (docs ?? []).map((d) => d.number);

describe('documentsOfLedger: which document documents which ledger row', () => {
  it('a charge with taxable and exempt lines: its invoice and bill of supply (they add up to it); a payment: its receipt', () => {
    const rows = [row('c1', 'charge', 1180.5), row('p1', 'payment', 1180.5, { receiptNo: '2026-27/000007' })];
    // Newest first, as the server lists them.
    const docs = [
      doc('p1', 'receipt', '2026-27/000007', 1180.5),
      doc('b1', 'bill_of_supply', 'B/2026-27/000003', 300.25),
      doc('t1', 'tax_invoice', 'T/2026-27/000009', 880.25),
    ];
    const { byRow, others } = documentsOfLedger(rows, docs);
    expect(numbers(byRow.get('c1'))).toEqual(['T/2026-27/000009', 'B/2026-27/000003']);
    expect(numbers(byRow.get('p1'))).toEqual(['2026-27/000007']);
    expect(others).toEqual([]);
  });

  it('two charges (the sale, then extra days) each get their own invoice, oldest first; a credit its credit note', () => {
    const rows = [row('c1', 'charge', 500), row('c2', 'charge', 500), row('k1', 'credit', 500)];
    const docs = [
      doc('n1', 'credit_note', 'C/2026-27/000001', 500, 'T/2026-27/000001'),
      doc('t2', 'tax_invoice', 'T/2026-27/000002', 500),
      doc('t1', 'tax_invoice', 'T/2026-27/000001', 500),
    ];
    const { byRow, others } = documentsOfLedger(rows, docs);
    expect(numbers(byRow.get('c1'))).toEqual(['T/2026-27/000001']);
    expect(numbers(byRow.get('c2'))).toEqual(['T/2026-27/000002']);
    expect(numbers(byRow.get('k1'))).toEqual(['C/2026-27/000001']);
    expect(others).toEqual([]);
  });

  it('a credit of a sale with an invoice and a bill: both credit notes, adding up to the credit (to the paisa)', () => {
    const rows = [row('c1', 'charge', 1000), row('k1', 'credit', 700.1)];
    const docs = [
      doc('n2', 'credit_note', 'C/2026-27/000002', 210.03),
      doc('n1', 'credit_note', 'C/2026-27/000001', 490.07),
      doc('b1', 'bill_of_supply', 'B/2026-27/000001', 300),
      doc('t1', 'tax_invoice', 'T/2026-27/000001', 700),
    ];
    const { byRow } = documentsOfLedger(rows, docs);
    expect(numbers(byRow.get('c1'))).toEqual(['T/2026-27/000001', 'B/2026-27/000001']);
    expect(numbers(byRow.get('k1'))).toEqual(['C/2026-27/000001', 'C/2026-27/000002']);
  });

  it('a document no row adds up to is listed apart; a pending payment has no receipt; no GSTIN: receipts only', () => {
    const rows = [row('c1', 'charge', 999), row('p1', 'payment', 999, { status: 'pending' }), row('p2', 'payment', 10)];
    const docs = [doc('p2', 'receipt', '2026-27/000010', 10), doc('t1', 'tax_invoice', 'T/2026-27/000004', 1000)];
    const { byRow, others } = documentsOfLedger(rows, docs);
    expect(byRow.get('c1')).toBeUndefined();
    expect(byRow.get('p1')).toBeUndefined();
    expect(numbers(byRow.get('p2'))).toEqual(['2026-27/000010']);
    expect(numbers(others)).toEqual(['T/2026-27/000004']);
  });
});
