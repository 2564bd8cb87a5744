/**
 * Contracts of GST documents (issue 17 "Tax invoices, bills of supply, receipts and credit notes"): tax invoices
 * (series T), bills of supply (B) and credit notes (C) issued with the ledger rows they document, and receipts
 * (views of completed payments and refunds, numbered by the ledger). Amounts in rupees with paisa precision; the
 * server stores paise and computes every tax figure once per line (shared `gstLine`).
 */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, whenObject } from '../common.ts';

export const DOCUMENT_KINDS = ['tax_invoice', 'bill_of_supply', 'credit_note', 'receipt', 'refund_receipt'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The title printed on each kind of document. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  tax_invoice: 'Tax Invoice',
  bill_of_supply: 'Bill of Supply',
  credit_note: 'Credit Note',
  receipt: 'Receipt',
  refund_receipt: 'Refund Receipt',
};

/** The series of the numbered GST documents: `T/2026-27/000001`, `B/…`, `C/…` (refund receipts are `R/…`). */
export const DOCUMENT_SERIES = { tax_invoice: 'T', bill_of_supply: 'B', credit_note: 'C' } as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[keyof typeof DOCUMENT_SERIES];

/** The receipt counter's key of a series in a financial year: `T/2026-27`. */
export const documentSeriesKey = (series: DocumentSeries, fy: string) => `${series}/${fy}`;

/** A document's number, `T/2026-27/000001` (at most 16 characters). */
export function documentNumber(series: DocumentSeries, fy: string, seq: number): string {
  const n = `${series}/${fy}/${String(seq).padStart(6, '0')}`;
  if (n.length > 16) throw new RangeError(`document number ${n} is longer than 16 characters`);
  return n;
}

/** The PDF's file name: the number with '/' as '-', e.g. `T-2026-27-000001.pdf`. */
export const documentFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

/** A UPI payment link for what is still due: `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=<number>` (amount in rupees). */
export function upiPayUri(upiId: string, payeeName: string, amountRupees: number, note: string): string {
  const q = new URLSearchParams({ pa: upiId, pn: payeeName, am: amountRupees.toFixed(2), cu: 'INR', tn: note });
  return `upi://pay?${q.toString().replace(/\+/g, '%20')}`;
}

export const DOCUMENT_MESSAGES = {
  notFound: 'Document not found',
  forbidden: 'You can only see your own documents',
  visitOrOwner: 'Name the visit (visitId) or the owner (ownerId)',
  noEmail: 'The owner has no email address: download the PDF and share it with them',
  /** 'Document emailed to a@b.in' */
  emailed: (email: string) => `Document emailed to ${email}`,
  load: 'Failed to load the document',
  listLoad: 'Failed to load the documents',
  emailFailed: 'Could not email the document',
} as const;

// ---------------------------------------------------------------- GET /documents/{id}

export const documentPartySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
});
export type DocumentPartyView = z.infer<typeof documentPartySchema>;

export const documentLineSchema = z.object({
  lineNo: z.number().int(),
  description: z.string(),
  codeKind: z.enum(['SAC', 'HSN']).nullable(),
  code: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unitPrice: z.number(),
  priceIncludesTax: z.boolean(),
  /** null: an exempt line. */
  ratePercent: z.number().nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const documentPaymentSchema = z.object({
  method: z.string().nullable(),
  amount: z.number(),
  receiptNo: z.string().nullable(),
  paidAt: z.string().nullable(),
});

export const documentSchema = z.object({
  _id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  number: z.string(),
  /** yyyy-MM-dd, business time zone. */
  date: z.string(),
  /** ISO instant. */
  issuedAt: z.string(),
  seller: documentPartySchema,
  buyer: documentPartySchema,
  placeOfSupply: z.object({ code: z.string(), name: z.string() }),
  interState: z.boolean(),
  /** Empty for receipts. */
  lines: z.array(documentLineSchema),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** Shared amountInWords of the total ('Rupees … Only'). */
  amountInWords: z.string(),
  /** A credit note: the invoice or bill of supply it corrects. */
  original: z.object({ _id: z.string(), number: z.string(), date: z.string() }).nullable(),
  visitId: z.string().nullable(),
  petName: z.string().nullable(),
  purpose: z.string().nullable(),
  /** Receipts: the payment or refund. */
  payment: documentPaymentSchema.nullable(),
  /** Rupees still owed on the sale now. */
  due: z.number(),
  /** Only when due > 0 and a UPI id is configured. */
  upi: z.object({ id: z.string(), uri: z.string() }).nullable(),
});
export type TaxDocumentView = z.infer<typeof documentSchema>;

export const documentResponse = z.object({ success: z.literal(true), document: documentSchema });
export type DocumentResponse = z.infer<typeof documentResponse>;

// ---------------------------------------------------------------- lists

export const documentSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  number: z.string(),
  date: z.string(),
  total: z.number(),
  original: z.object({ _id: z.string(), number: z.string() }).nullable(),
  /** The ledger row documented (a charge, a credit; a receipt's own id): links a visit's ledger rows to their documents. */
  ledgerEntryId: z.string().optional(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** `GET /documents?visitId=…` or `?ownerId=…` (staff): exactly one. */
export const documentListQuery = z
  .object({ visitId: idSchema.optional(), ownerId: idSchema.optional() })
  .superRefine((q, ctx) => {
    if ((q.visitId === undefined) === (q.ownerId === undefined)) {
      ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.visitOrOwner, path: ['visitId'] });
    }
  }, whenObject);
export type DocumentListQuery = z.input<typeof documentListQuery>;

export const documentListResponse = z.object({ success: z.literal(true), documents: z.array(documentSummarySchema) });
export type DocumentListResponse = z.infer<typeof documentListResponse>;

/** `GET /customer/documents?limit&cursor`: the signed-in customer's owner's documents, newest first. */
export const customerDocumentsQuery = z.object({ limit: limitQuery(100, 50), cursor: cursorQuery(200) });
export type CustomerDocumentsQuery = z.input<typeof customerDocumentsQuery>;

export const customerDocumentsResponse = z.object({
  success: z.literal(true),
  documents: z.array(documentSummarySchema),
  nextCursor: z.string().nullable(),
});
export type CustomerDocumentsResponse = z.infer<typeof customerDocumentsResponse>;

// ---------------------------------------------------------------- POST /documents/{id}/email

export const documentEmailResponse = z.object({ success: z.literal(true), message: z.string() });
export type DocumentEmailResponse = z.infer<typeof documentEmailResponse>;
