import { formatINR, type DocumentLine, type DocumentPartyView, type TaxDocumentView } from '@pawdesk/shared';

/** Which tax columns a document's lines table has: CGST and SGST within the state, IGST across states, none on a bill. */
export type TaxColumns = 'none' | 'cgst_sgst' | 'igst';

export function taxColumns(doc: Pick<TaxDocumentView, 'kind' | 'interState' | 'lines'>): TaxColumns {
  const taxed = doc.kind === 'tax_invoice' || doc.lines.some((l) => (l.ratePercent ?? 0) > 0);
  if (!taxed) return 'none';
  return doc.interState ? 'igst' : 'cgst_sgst';
}

/** A line's GST rate: '18%', '0%', or 'Exempt' (no rate). */
export const rateLabel = (l: Pick<DocumentLine, 'ratePercent'>) => (l.ratePercent === null ? 'Exempt' : `${l.ratePercent}%`);

/** A line's code: 'SAC 998349', 'HSN 2309', or '—'. */
export const codeLabel = (l: Pick<DocumentLine, 'codeKind' | 'code'>) =>
  l.code ? `${l.codeKind ? `${l.codeKind} ` : ''}${l.code}` : '—';

/** '2 pcs', '1'. */
export const quantityLabel = (l: Pick<DocumentLine, 'quantity' | 'unit'>) => `${l.quantity}${l.unit ? ` ${l.unit}` : ''}`;

/** 'Haryana (06)', or null when there is no state. */
export function stateLabel(name: string | null | undefined, code: string | null | undefined): string | null {
  if (name && code) return `${name} (${code})`;
  return name || code || null;
}

/** How the buyer block is headed. */
export function buyerHeading(kind: TaxDocumentView['kind']): string {
  if (kind === 'receipt') return 'Received from';
  if (kind === 'refund_receipt') return 'Refunded to';
  return 'Bill to';
}

/** The buyer's lines as printed (address, phone · email, GSTIN, state). */
export function partyLines(p: DocumentPartyView): string[] {
  const state = stateLabel(p.stateName, p.stateCode);
  return [
    p.address ?? '',
    [p.phone, p.email].filter(Boolean).join(' · '),
    p.gstin ? `GSTIN ${p.gstin}` : '',
    p.gstin && state ? `State ${state}` : '',
  ].filter(Boolean);
}

/** The label of the grand total. */
export function totalLabel(kind: TaxDocumentView['kind']): string {
  if (kind === 'credit_note') return 'Total credited';
  if (kind === 'receipt') return 'Amount received';
  if (kind === 'refund_receipt') return 'Amount refunded';
  return 'Total';
}

/** What the UPI QR says it is for: 'Scan to pay ₹1,180.00 by UPI to petdaycare@upi'. */
export const upiCaption = (due: number, upiId: string) => `Scan to pay ${formatINR(due)} by UPI to ${upiId}`;
