import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { paise, pk, ref, refTo } from './_columns.ts';
import { users } from './auth.ts';
import { owners } from './pets.ts';
import { payments, visits } from './visits.ts';

/** The parties as printed on a document, frozen when it is issued (a later edit of the owner changes nothing). */
export interface DocumentParty {
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  gstin?: string | null;
  /** GST state code (two digits, '06' Haryana). */
  stateCode?: string | null;
}

/**
 * GST documents (issue 17), owned by the `documents` module: a tax invoice (series T) for a charge's taxable lines,
 * a bill of supply (B) for its exempt and nil-rated lines, a credit note (C) for a credit, naming the document it
 * corrects. Issued in the transaction of the ledger row they document, numbered gap-free per series and financial
 * year from `receipt_counters` (key `T/2026-27`…), and never changed afterwards (trigger in migration 0015).
 * Amounts are positive; a credit note's are what it takes off.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: pk(),
    /** tax_invoice | bill_of_supply | credit_note */
    kind: varchar('kind', { length: 16 }).notNull().$type<'tax_invoice' | 'bill_of_supply' | 'credit_note'>(),
    /** T | B | C */
    series: varchar('series', { length: 1 }).notNull().$type<'T' | 'B' | 'C'>(),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    seq: integer('seq').notNull(),
    /** `T/2026-27/000001`: at most 16 characters (rule 46(b)). */
    number: varchar('number', { length: 16 }).notNull(),
    /** The document's date (business time zone) and instant. */
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The ledger row documented: a charge (invoice, bill of supply) or a credit (credit note). */
    ledgerEntryId: refTo('ledger_entry_id', () => payments.id),
    ownerId: refTo('owner_id', () => owners.id),
    petId: ref('pet_id'),
    /** The sale: the visit the charge is for, when it names one. */
    visitId: ref('visit_id').references(() => visits.id),
    /** A credit note: the invoice or bill of supply it corrects. */
    originalDocumentId: ref('original_document_id').references((): AnyPgColumn => taxDocuments.id),
    seller: jsonb('seller').notNull().$type<DocumentParty>(),
    buyer: jsonb('buyer').notNull().$type<DocumentParty>(),
    /** Place of supply (state code) and whether IGST applies (buyer in another state). */
    placeOfSupply: varchar('place_of_supply', { length: 2 }).notNull(),
    interState: boolean('inter_state').notNull().default(false),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('tax_documents_number_uq').on(t.number),
    uniqueIndex('tax_documents_series_seq_uq').on(t.series, t.financialYear, t.seq),
    /** One invoice and one bill of supply per charge; one credit note per credit and corrected document. */
    uniqueIndex('tax_documents_entry_series_uq').on(t.ledgerEntryId, t.series).where(sql`${t.originalDocumentId} is null`),
    uniqueIndex('tax_documents_entry_original_uq')
      .on(t.ledgerEntryId, t.originalDocumentId)
      .where(sql`${t.originalDocumentId} is not null`),
    index('tax_documents_owner_idx').on(t.ownerId, t.issuedAt.desc()),
    index('tax_documents_visit_idx').on(t.visitId),
    index('tax_documents_date_idx').on(t.documentDate),
    index('tax_documents_original_idx').on(t.originalDocumentId),
    check('tax_documents_kind_ck', sql`${t.kind} in ('tax_invoice','bill_of_supply','credit_note')`),
    check(
      'tax_documents_series_ck',
      sql`(${t.kind} = 'tax_invoice' and ${t.series} = 'T') or (${t.kind} = 'bill_of_supply' and ${t.series} = 'B') or (${t.kind} = 'credit_note' and ${t.series} = 'C')`,
    ),
    check('tax_documents_credit_ck', sql`(${t.kind} = 'credit_note') = (${t.originalDocumentId} is not null)`),
    check('tax_documents_seq_ck', sql`${t.seq} > 0`),
    check(
      'tax_documents_amounts_ck',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);

/** A document's lines: what was supplied, its code and rate, and the tax computed once by `gstLine` (shared). */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    id: pk(),
    documentId: refTo('document_id', () => taxDocuments.id),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    /** SAC (services) or HSN (goods); null when none was set. */
    codeKind: varchar('code_kind', { length: 3 }).$type<'SAC' | 'HSN'>(),
    code: varchar('code', { length: 8 }),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    unit: varchar('unit', { length: 16 }),
    unitPricePaise: paise('unit_price_paise').notNull(),
    priceIncludesTax: boolean('price_includes_tax').notNull(),
    /** The GST rate in percent; null for an exempt line. */
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'number' }),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
  },
  (t) => [
    uniqueIndex('tax_document_lines_uq').on(t.documentId, t.lineNo),
    check('tax_document_lines_code_kind_ck', sql`${t.codeKind} is null or ${t.codeKind} in ('SAC','HSN')`),
    check(
      'tax_document_lines_amounts_ck',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);
