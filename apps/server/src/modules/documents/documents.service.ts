import {
  amountInWords,
  BUSINESS_STATE_CODE,
  creditNoteLines,
  DOCUMENT_MESSAGES,
  DOCUMENT_SERIES,
  DOCUMENT_TITLES,
  type DocumentKind,
  type DocumentSummary,
  documentFileName,
  documentNumber,
  documentSeriesKey,
  type DocumentSeries,
  dateInTz,
  financialYear,
  formatINR,
  type GstCodeSummary,
  type GstLineAmounts,
  type GstRateSummary,
  type GstTotals,
  gstStateName,
  gstSummary,
  gstSummaryByCode,
  isInterState,
  isWalkInOwner,
  isRateAllowed,
  type PreviousCredit,
  refundSeries,
  splitBySupplyDocument,
  type TaxDocumentView,
  toRupees,
  upiPayUri,
} from '@pawdesk/shared';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DocumentParty } from '../../db/schema/documents.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import { taxedItemsById, taxedItemsByName, type TaxedItemRow } from '../inventory/inventory-tax.service.ts';
import { enqueueEmails } from '../notifications/notifications.service.ts';
import { packageById } from '../packages/packages.service.ts';
import {
  accountOf,
  entriesByIds,
  entriesBySubject,
  entriesOfOwner,
  type LedgerRow,
  onLedgerWrite,
  subjectOf,
} from '../payments/payments.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { lockReceiptSeriesRow, nextReceiptSeq } from '../payments/receipt-series.service.ts';
import { type OwnerBillingRow, ownerOfCustomer, ownersForBilling, petNamesByIds } from '../pets/owner-billing.service.ts';
import { prescriptionLinesOf } from '../prescriptions/prescription-lines.service.ts';
import { gstRates } from '../site/gst-rates.service.ts';
import { subscriptionById } from '../subscriptions/subscriptions.service.ts';
import { type VisitTypeRow, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { visitLabelsByIds } from '../visits/visit-lookups.service.ts';
import { visitById, visitItemsOf } from '../visits/visit-sale-lines.service.ts';
import {
  type DocumentLineRow,
  type DocumentRow,
  findCreditNotesOf,
  findDocument,
  findDocuments,
  findDocumentsBetween,
  findDocumentsOfCharge,
  findDocumentsOfEntries,
  findDocumentsOfOwner,
  findDocumentsOfVisit,
  findLines,
  findLinesBetween,
  insertDocument,
  type NewDocumentLineRow,
} from './documents.repo.ts';
import { documentPdf } from './documents-pdf.ts';
import { chargeLines, type PricedPart, type SaleLine, type ServicePart, type TaxProfile } from './sale-lines.ts';

/**
 * GST documents (issue 17): a charge's tax invoice (T) and bill of supply (B), a credit's credit notes (C), issued in
 * the ledger row's transaction (onLedgerWrite) when the business has a GSTIN; receipts are views of the ledger's
 * completed payments and refunds (their receipt numbers). docs/decisions.md "GST documents".
 */

// ---------------------------------------------------------------- configuration

interface DocumentsSetup {
  business: Config['business'];
  tz: string;
  warn: (obj: object, msg: string) => void;
}

let setup: DocumentsSetup | undefined;

/**
 * The business identity and time zone the ledger listener issues with (the listener gets only the transaction). Set
 * when the app registers the documents routes; the last app built in a process wins (one app per process; tests
 * run each file in its own module graph).
 */
export function configureDocuments(config: Config, warn: DocumentsSetup['warn'] = () => {}): void {
  setup = { business: config.business, tz: config.tz, warn };
}

const businessState = (b: Config['business']) => b.stateCode || BUSINESS_STATE_CODE;

function sellerOf(b: Config['business']): DocumentParty {
  return { name: b.name, address: b.address, phone: b.phone, email: b.email, gstin: b.gstin, stateCode: businessState(b) };
}

function buyerOf(o: OwnerBillingRow | undefined): DocumentParty {
  if (!o) return { name: 'Customer' };
  return { name: o.name, address: o.address, phone: o.phone, email: o.email, gstin: o.gstin, stateCode: o.stateCode };
}

/**
 * The buyer a ledger row's documents name: the owner on record, or for a walk-in sale (issue 18: the Walk-in
 * customer's row naming a visit) the buyer's name and phone stored on the sale.
 */
async function buyerOfRow(db: DbOrTx, row: LedgerRow): Promise<DocumentParty> {
  if (isWalkInOwner(row.ownerId) && row.visitId) {
    const visit = await visitById(db, row.visitId);
    if (visit?.buyerName) return { name: visit.buyerName, phone: visit.buyerPhone ?? null };
  }
  return buyerOf((await ownersForBilling(db, [row.ownerId])).get(row.ownerId));
}

/** Place of supply: the buyer's state when known (from their GSTIN's state or the state on record), else the business's. */
function placeOfSupplyOf(buyer: DocumentParty, businessStateCode: string): string {
  if (buyer.gstin && /^[0-9]{2}/.test(buyer.gstin)) return buyer.gstin.slice(0, 2);
  return buyer.stateCode || businessStateCode;
}

// ---------------------------------------------------------------- issuing

const NOT_TAXED: TaxProfile = { codeKind: null, code: null, ratePercent: 0, exempt: false, includesTax: true };

const typeProfile = (t: VisitTypeRow | undefined): TaxProfile =>
  t
    ? {
        codeKind: t.sacCode ? 'SAC' : null,
        code: t.sacCode,
        ratePercent: Number(t.gstRatePercent),
        exempt: t.gstExempt,
        includesTax: t.priceIncludesTax,
      }
    : NOT_TAXED;

const itemProfile = (i: TaxedItemRow): TaxProfile => ({
  codeKind: i.hsnCode ? 'HSN' : null,
  code: i.hsnCode,
  ratePercent: Number(i.gstRatePercent),
  exempt: i.gstExempt,
  includesTax: i.priceIncludesTax,
});

async function typeOf(db: DbOrTx, id: string | null | undefined): Promise<VisitTypeRow | undefined> {
  if (!id) return undefined;
  return (await visitTypesByIds(db, [id]))[0];
}

/** What a charge is for, as priced parts and the service line (documents/sale-lines.ts). */
async function partsOfCharge(
  db: DbOrTx,
  charge: LedgerRow,
): Promise<{ priced: PricedPart[]; service: ServicePart; visitId: string | null }> {
  const visit = charge.visitId ? await visitById(db, charge.visitId) : undefined;
  const visitType = await typeOf(db, visit?.visitTypeId);
  if (charge.chargeFor === 'extra_days') {
    const days = Number(/(\d+)/.exec(charge.note ?? '')?.[1] ?? 1);
    return {
      priced: [],
      service: {
        description: `${visitType?.purpose ?? 'Stay'}: extra days`,
        profile: typeProfile(visitType),
        quantity: days || 1,
        unit: 'day',
      },
      visitId: visit?.id ?? null,
    };
  }
  if (charge.chargeFor === 'package_day' && charge.packageId) {
    const pkg = await packageById(db, charge.packageId);
    const t = await typeOf(db, pkg?.visitTypeId);
    return {
      priced: [],
      service: {
        description: charge.note ?? pkg?.name ?? 'Boarding package day',
        profile: typeProfile(t),
        quantity: 1,
        unit: 'day',
      },
      visitId: null,
    };
  }
  if (charge.prescriptionId) {
    const lines = await prescriptionLinesOf(db, [charge.prescriptionId]);
    const items = await taxedItemsById(
      db,
      lines.map((l) => l.itemId),
    );
    const priced = lines.map((l) => {
      const item = items.get(l.itemId);
      return {
        description: item?.itemName ?? 'Item',
        profile: item ? itemProfile(item) : NOT_TAXED,
        quantity: l.quantity,
        unit: l.section === 'items' ? null : l.section,
        unitPricePaise: l.unitPricePaise,
      };
    });
    return {
      priced,
      service: { description: 'Prescription', profile: priced[0]?.profile ?? NOT_TAXED, quantity: 1, unit: null },
      visitId: null,
    };
  }
  if (visit) {
    const items = (await visitItemsOf(db, [visit.id])).filter((i) => i.pricePaise > 0 && Number(i.quantity) > 0);
    const byId = await taxedItemsById(
      db,
      items.flatMap((i) => (i.itemId ? [i.itemId] : [])),
    );
    const byName = await taxedItemsByName(
      db,
      items.filter((i) => !i.itemId).map((i) => i.name),
    );
    const fallback = typeProfile(visitType);
    const priced: PricedPart[] = items.map((i) => {
      const item = (i.itemId && byId.get(i.itemId)) || byName.get(i.name.trim().toLowerCase());
      return {
        description: i.name,
        profile: item ? itemProfile(item) : fallback,
        quantity: Number(i.quantity),
        unit: i.unit,
        unitPricePaise: i.pricePaise,
      };
    });
    let description = visitType?.purpose ?? visit.purpose;
    let profile = fallback;
    // A plan bought: the plan's service (its visit type's SAC and rate).
    if (visit.subscriptionId && !visit.isSubscriptionAvailed) {
      const sub = await subscriptionById(db, visit.subscriptionId);
      const planType = await typeOf(db, sub?.planId._id ? sub.subscriptionType._id : undefined);
      if (sub && planType) {
        description = `${planType.purpose} plan: ${sub.planId.name}`;
        profile = typeProfile(planType);
      }
    }
    const days = visitType?.isBoarding && visit.numberOfDays && visit.numberOfDays > 0 ? visit.numberOfDays : 1;
    return { priced, service: { description, profile, quantity: days, unit: days > 1 ? 'day' : null }, visitId: visit.id };
  }
  return {
    priced: [],
    service: { description: charge.note ?? 'Sale', profile: NOT_TAXED, quantity: 1, unit: null },
    visitId: null,
  };
}

const docDateOf = (row: LedgerRow, tz: string) => dateInTz(row.paidAt ?? row.createdAt, tz);

/** The receipt counter rows of the year, in the one order (payments, refunds, then the document series). */
async function lockSeriesOfYear(tx: DbOrTx, fy: string): Promise<void> {
  await lockReceiptSeriesRow(tx, fy);
  await lockReceiptSeriesRow(tx, refundSeries(fy));
}

async function nextNumber(tx: DbOrTx, series: DocumentSeries, fy: string): Promise<{ seq: number; number: string }> {
  const seq = await nextReceiptSeq(tx, documentSeriesKey(series, fy));
  return { seq, number: documentNumber(series, fy, seq) };
}

const lineRow = (l: SaleLine, lineNo: number): NewDocumentLineRow => ({
  lineNo,
  description: l.description,
  codeKind: l.codeKind,
  code: l.code,
  quantity: l.quantity,
  unit: l.unit,
  unitPricePaise: l.unitPricePaise,
  priceIncludesTax: l.priceIncludesTax,
  ratePercent: l.amounts.ratePercent,
  taxablePaise: l.amounts.taxableValuePaise,
  cgstPaise: l.amounts.cgstPaise,
  sgstPaise: l.amounts.sgstPaise,
  igstPaise: l.amounts.igstPaise,
  totalPaise: l.amounts.totalPaise,
});

function totalsOf(lines: readonly NewDocumentLineRow[]) {
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') =>
    lines.reduce((s, l) => s + (l[k] ?? 0), 0);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

/** A charge's tax invoice (taxable lines) and bill of supply (exempt and 0 % lines). */
async function issueForCharge(tx: DbOrTx, s: DocumentsSetup, charge: LedgerRow): Promise<DocumentRow[]> {
  const date = docDateOf(charge, s.tz);
  const fy = financialYear(date);
  const buyer = await buyerOfRow(tx, charge);
  const bizState = businessState(s.business);
  const place = placeOfSupplyOf(buyer, bizState);
  const interState = isInterState(place, bizState);
  const { priced, service, visitId } = await partsOfCharge(tx, charge);
  const lines = chargeLines(charge.amountPaise, priced, service, interState);
  const rates = await gstRates(tx);
  for (const l of lines) {
    const r = l.amounts.ratePercent;
    if (r !== null && !isRateAllowed(rates, r, date)) {
      s.warn(
        { ledgerEntryId: charge.id, ratePercent: r, date },
        'documents: a line uses a GST rate not in force on the document date; issued with it',
      );
    }
  }
  const { taxInvoice, billOfSupply } = splitBySupplyDocument(
    lines.map((l) => Object.assign(l, { ratePercent: l.amounts.ratePercent })),
  );
  await lockSeriesOfYear(tx, fy);
  const out: DocumentRow[] = [];
  for (const [kind, docLines] of [
    ['tax_invoice', taxInvoice],
    ['bill_of_supply', billOfSupply],
  ] as const) {
    if (docLines.length === 0) continue;
    const series = DOCUMENT_SERIES[kind];
    const { seq, number } = await nextNumber(tx, series, fy);
    const rows = docLines.map((l, i) => lineRow(l, i + 1));
    out.push(
      await insertDocument(
        tx,
        {
          kind,
          series,
          financialYear: fy,
          seq,
          number,
          documentDate: date,
          issuedAt: charge.paidAt ?? charge.createdAt,
          ledgerEntryId: charge.id,
          ownerId: charge.ownerId,
          petId: charge.petId,
          visitId,
          originalDocumentId: null,
          seller: sellerOf(s.business),
          buyer,
          placeOfSupply: place,
          interState,
          ...totalsOf(rows),
          createdBy: charge.createdBy,
        },
        rows,
      ),
    );
  }
  return out;
}

const amountsOfRow = (l: DocumentLineRow, interState: boolean): GstLineAmounts => ({
  ratePercent: l.ratePercent === null ? null : Number(l.ratePercent),
  exempt: l.ratePercent === null,
  interState,
  taxableValuePaise: l.taxablePaise,
  cgstPaise: l.cgstPaise,
  sgstPaise: l.sgstPaise,
  igstPaise: l.igstPaise,
  taxPaise: l.cgstPaise + l.sgstPaise + l.igstPaise,
  totalPaise: l.totalPaise,
});

/**
 * A credit's credit notes: the credit is shared over the credited charge's invoice and bill of supply lines by
 * `creditNoteLines` (after the credit notes already issued against them), one credit note per document it touches.
 * A credit note's line keeps the line number of the line it credits.
 */
async function issueForCredit(tx: DbOrTx, s: DocumentsSetup, credit: LedgerRow): Promise<DocumentRow[]> {
  if (!credit.creditOf) return [];
  const originals = await findDocumentsOfCharge(tx, credit.creditOf);
  if (originals.length === 0) return [];
  const origLines = await findLines(
    tx,
    originals.map((d) => d.id),
  );
  const combined: { doc: DocumentRow; line: DocumentLineRow }[] = [];
  for (const doc of originals) for (const line of origLines.filter((l) => l.documentId === doc.id)) combined.push({ doc, line });
  const index = new Map(combined.map((c, i) => [`${c.doc.id}:${c.line.lineNo}`, i]));
  const earlier = await findCreditNotesOf(
    tx,
    originals.map((d) => d.id),
  );
  const earlierLines = await findLines(
    tx,
    earlier.map((d) => d.id),
  );
  const previous: PreviousCredit[] = earlierLines.map((l) => {
    const note = earlier.find((d) => d.id === l.documentId)!;
    return {
      lineIndex: index.get(`${note.originalDocumentId}:${l.lineNo}`)!,
      taxableValuePaise: l.taxablePaise,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
      totalPaise: l.totalPaise,
    };
  });
  const credited = creditNoteLines(
    combined.map((c) => amountsOfRow(c.line, c.doc.interState)),
    credit.amountPaise,
    previous,
  );
  const date = docDateOf(credit, s.tz);
  const fy = financialYear(date);
  await lockSeriesOfYear(tx, fy);
  const out: DocumentRow[] = [];
  for (const doc of originals) {
    const mine = credited.filter((c) => combined[c.lineIndex]!.doc.id === doc.id);
    if (mine.length === 0) continue;
    const rows: NewDocumentLineRow[] = mine.map((c) => {
      const o = combined[c.lineIndex]!.line;
      return {
        lineNo: o.lineNo,
        description: o.description,
        codeKind: o.codeKind,
        code: o.code,
        quantity: 1,
        unit: null,
        unitPricePaise: c.totalPaise,
        priceIncludesTax: true,
        ratePercent: c.ratePercent,
        taxablePaise: c.taxableValuePaise,
        cgstPaise: c.cgstPaise,
        sgstPaise: c.sgstPaise,
        igstPaise: c.igstPaise,
        totalPaise: c.totalPaise,
      };
    });
    const { seq, number } = await nextNumber(tx, 'C', fy);
    out.push(
      await insertDocument(
        tx,
        {
          kind: 'credit_note',
          series: 'C',
          financialYear: fy,
          seq,
          number,
          documentDate: date,
          issuedAt: credit.paidAt ?? credit.createdAt,
          ledgerEntryId: credit.id,
          ownerId: doc.ownerId,
          petId: doc.petId,
          visitId: doc.visitId,
          originalDocumentId: doc.id,
          seller: doc.seller,
          buyer: doc.buyer,
          placeOfSupply: doc.placeOfSupply,
          interState: doc.interState,
          ...totalsOf(rows),
          createdBy: credit.createdBy,
        },
        rows,
      ),
    );
  }
  return out;
}

onLedgerWrite(async (tx, row, change) => {
  const s = setup;
  if (!s?.business.gstin || change !== 'inserted' || row.status !== 'completed') return;
  if (row.kind === 'charge') await issueForCharge(tx, s, row);
  else if (row.kind === 'credit') await issueForCredit(tx, s, row);
});

// ---------------------------------------------------------------- reading

const stateNameOf = (code: string | null | undefined) => (code ? (gstStateName(code) ?? null) : null);

function partyView(p: DocumentParty) {
  return {
    name: p.name,
    address: p.address ?? null,
    phone: p.phone ?? null,
    email: p.email ?? null,
    gstin: p.gstin || null,
    stateCode: p.stateCode ?? null,
    stateName: stateNameOf(p.stateCode),
  };
}

export interface DocumentsContext {
  db: DbOrTx;
  config: Config;
}

/** Rupees still owed on the sale a ledger row belongs to. */
async function dueOf(db: DbOrTx, row: LedgerRow | undefined): Promise<number> {
  if (!row) return 0;
  let base = row;
  if (row.kind === 'credit' && row.creditOf) base = (await entriesByIds(db, [row.creditOf]))[0] ?? row;
  const subject = subjectOf(base);
  if (Object.keys(subject).length === 0) return 0;
  return (await accountOf(db, subject)).balance.duePaise;
}

function upiOf(config: Config, duePaise: number, number: string) {
  const id = config.business.upiId;
  if (!id || duePaise <= 0) return null;
  return { id, uri: upiPayUri(id, config.business.name, toRupees(duePaise), number) };
}

const isReceipt = (e: LedgerRow) => (e.kind === 'payment' || e.kind === 'refund') && e.status === 'completed' && !!e.receiptNo;

async function labelsOf(db: DbOrTx, visitId: string | null, petId: string | null) {
  const [labels, pets] = await Promise.all([
    visitId ? visitLabelsByIds(db, [visitId]) : Promise.resolve(new Map()),
    petId ? petNamesByIds(db, [petId]) : Promise.resolve(new Map<string, string>()),
  ]);
  return { purpose: visitId ? (labels.get(visitId)?.purpose ?? null) : null, petName: petId ? (pets.get(petId) ?? null) : null };
}

async function taxDocumentView(ctx: DocumentsContext, doc: DocumentRow): Promise<TaxDocumentView> {
  const [lines, original, entry] = await Promise.all([
    findLines(ctx.db, [doc.id]),
    doc.originalDocumentId ? findDocument(ctx.db, doc.originalDocumentId) : Promise.resolve(undefined),
    entriesByIds(ctx.db, [doc.ledgerEntryId]).then((r) => r[0]),
  ]);
  const duePaise = await dueOf(ctx.db, entry);
  const { purpose, petName } = await labelsOf(ctx.db, doc.visitId, doc.petId);
  return {
    _id: doc.id,
    kind: doc.kind,
    title: DOCUMENT_TITLES[doc.kind],
    number: doc.number,
    date: doc.documentDate,
    issuedAt: doc.issuedAt.toISOString(),
    seller: partyView(doc.seller),
    buyer: partyView(doc.buyer),
    placeOfSupply: { code: doc.placeOfSupply, name: stateNameOf(doc.placeOfSupply) ?? doc.placeOfSupply },
    interState: doc.interState,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      description: l.description,
      codeKind: l.codeKind,
      code: l.code,
      quantity: Number(l.quantity),
      unit: l.unit,
      unitPrice: toRupees(l.unitPricePaise),
      priceIncludesTax: l.priceIncludesTax,
      ratePercent: l.ratePercent === null ? null : Number(l.ratePercent),
      taxable: toRupees(l.taxablePaise),
      cgst: toRupees(l.cgstPaise),
      sgst: toRupees(l.sgstPaise),
      igst: toRupees(l.igstPaise),
      total: toRupees(l.totalPaise),
    })),
    taxable: toRupees(doc.taxablePaise),
    cgst: toRupees(doc.cgstPaise),
    sgst: toRupees(doc.sgstPaise),
    igst: toRupees(doc.igstPaise),
    total: toRupees(doc.totalPaise),
    amountInWords: amountInWords(doc.totalPaise),
    original: original ? { _id: original.id, number: original.number, date: original.documentDate } : null,
    visitId: doc.visitId,
    petName,
    purpose,
    payment: null,
    due: toRupees(duePaise),
    upi: upiOf(ctx.config, duePaise, doc.number),
  };
}

async function receiptView(ctx: DocumentsContext, e: LedgerRow): Promise<TaxDocumentView> {
  const buyer = await buyerOfRow(ctx.db, e);
  const bizState = businessState(ctx.config.business);
  const place = placeOfSupplyOf(buyer, bizState);
  const kind: DocumentKind = e.kind === 'refund' ? 'refund_receipt' : 'receipt';
  const duePaise = e.account === 'sale' ? await dueOf(ctx.db, e) : 0;
  const { purpose, petName } = await labelsOf(ctx.db, e.visitId, e.petId);
  const at = e.paidAt ?? e.createdAt;
  return {
    _id: e.id,
    kind,
    title: DOCUMENT_TITLES[kind],
    number: e.receiptNo!,
    date: dateInTz(at, ctx.config.tz),
    issuedAt: at.toISOString(),
    seller: partyView(sellerOf(ctx.config.business)),
    buyer: partyView(buyer),
    placeOfSupply: { code: place, name: stateNameOf(place) ?? place },
    interState: isInterState(place, bizState),
    lines: [],
    taxable: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    total: toRupees(e.amountPaise),
    amountInWords: amountInWords(e.amountPaise),
    original: null,
    visitId: e.visitId,
    petName,
    purpose,
    payment: { method: e.method, amount: toRupees(e.amountPaise), receiptNo: e.receiptNo, paidAt: at.toISOString() },
    due: toRupees(duePaise),
    upi: upiOf(ctx.config, duePaise, e.receiptNo!),
  };
}

export interface Reader {
  id: string;
  role: string;
}

/** The owner a document (or receipt) belongs to, and its view; 404 when it is neither. */
async function loadAny(ctx: DocumentsContext, id: string): Promise<{ ownerId: string; view: () => Promise<TaxDocumentView> }> {
  const doc = await findDocument(ctx.db, id);
  if (doc) return { ownerId: doc.ownerId, view: () => taxDocumentView(ctx, doc) };
  const entry = (await entriesByIds(ctx.db, [id]))[0];
  if (entry && isReceipt(entry)) return { ownerId: entry.ownerId, view: () => receiptView(ctx, entry) };
  throw notFound('Document');
}

async function assertReader(ctx: DocumentsContext, who: Reader, ownerId: string): Promise<void> {
  if (who.role === 'staff') return;
  const own = await ownerOfCustomer(ctx.db, who.id);
  if (!own || own.id !== ownerId) throw forbidden(DOCUMENT_MESSAGES.forbidden);
}

/** A document (staff, or the customer whose owner record it names). */
export async function getDocument(ctx: DocumentsContext, id: string, who: Reader): Promise<TaxDocumentView> {
  const found = await loadAny(ctx, id);
  await assertReader(ctx, who, found.ownerId);
  return found.view();
}

const summaryOfDoc = (d: DocumentRow, originals: Map<string, DocumentRow>): DocumentSummary => {
  const o = d.originalDocumentId ? originals.get(d.originalDocumentId) : undefined;
  return {
    _id: d.id,
    kind: d.kind,
    title: DOCUMENT_TITLES[d.kind],
    number: d.number,
    date: d.documentDate,
    total: toRupees(d.totalPaise),
    original: o ? { _id: o.id, number: o.number } : null,
    ledgerEntryId: d.ledgerEntryId,
  };
};

function summaryOfReceipt(e: LedgerRow, tz: string): DocumentSummary {
  const kind: DocumentKind = e.kind === 'refund' ? 'refund_receipt' : 'receipt';
  return {
    _id: e.id,
    kind,
    title: DOCUMENT_TITLES[kind],
    number: e.receiptNo!,
    date: dateInTz(e.paidAt ?? e.createdAt, tz),
    total: toRupees(e.amountPaise),
    original: null,
    ledgerEntryId: e.id,
  };
}

async function originalsOf(db: DbOrTx, docs: readonly DocumentRow[]): Promise<Map<string, DocumentRow>> {
  const ids = docs.flatMap((d) => (d.originalDocumentId ? [d.originalDocumentId] : []));
  return new Map((await findDocuments(db, ids)).map((d) => [d.id, d]));
}

interface Dated {
  at: Date;
  id: string;
  summary: DocumentSummary;
}

const newestFirst = (a: Dated, b: Dated) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

async function datedDocs(db: DbOrTx, docs: DocumentRow[]): Promise<Dated[]> {
  const originals = await originalsOf(db, docs);
  return docs.map((d) => ({ at: d.issuedAt, id: d.id, summary: summaryOfDoc(d, originals) }));
}

const datedReceipts = (entries: readonly LedgerRow[], tz: string): Dated[] =>
  entries.filter(isReceipt).map((e) => ({ at: e.paidAt ?? e.createdAt, id: e.id, summary: summaryOfReceipt(e, tz) }));

/**
 * A visit's documents and receipts, newest first; with `ownerId`, only those issued to that owner (a customer reads
 * their own, never a previous owner's of a pet that changed hands).
 */
async function visitDocuments(ctx: DocumentsContext, visitId: string, ownerId?: string): Promise<DocumentSummary[]> {
  const mine = <T extends { ownerId: string | null }>(r: T) => ownerId === undefined || r.ownerId === ownerId;
  const entries = ((await entriesBySubject(ctx.db, 'visitId', [visitId])).get(visitId) ?? []).filter(mine);
  const docs = (await findDocumentsOfVisit(ctx.db, visitId)).filter(mine);
  // A stay's charges (extra days) name the visit too; documents of rows that name no visit come by their rows.
  const known = new Set(docs.map((d) => d.id));
  const more = (
    await findDocumentsOfEntries(
      ctx.db,
      entries.map((e) => e.id),
    )
  ).filter((d) => !known.has(d.id) && mine(d));
  const all = [...(await datedDocs(ctx.db, [...docs, ...more])), ...datedReceipts(entries, ctx.config.tz)];
  return all.sort(newestFirst).map((d) => d.summary);
}

/**
 * The documents and receipts of one visit issued to the signed-in customer's owner record (the caller has checked
 * that the visit is of one of their pets). A customer without an owner record has none.
 */
export async function customerVisitDocuments(ctx: DocumentsContext, userId: string, visitId: string): Promise<DocumentSummary[]> {
  const owner = await ownerOfCustomer(ctx.db, userId);
  if (!owner) return [];
  return visitDocuments(ctx, visitId, owner.id);
}

/** A visit's (or an owner's) documents and receipts, newest first (staff). */
export async function listDocuments(
  ctx: DocumentsContext,
  q: { visitId?: string; ownerId?: string },
): Promise<DocumentSummary[]> {
  if (q.visitId) return visitDocuments(ctx, q.visitId);
  if (q.ownerId) {
    const docs = await findDocumentsOfOwner(ctx.db, q.ownerId, 1000);
    const entries = await entriesOfOwner(ctx.db, q.ownerId);
    const all = [...(await datedDocs(ctx.db, docs)), ...datedReceipts(entries, ctx.config.tz)];
    return all
      .sort(newestFirst)
      .slice(0, 1000)
      .map((d) => d.summary);
  }
  throw badRequest(DOCUMENT_MESSAGES.visitOrOwner, { visitId: DOCUMENT_MESSAGES.visitOrOwner });
}

/** The signed-in customer's documents and receipts, newest first, paged by (issued at, id). */
export async function customerDocuments(
  ctx: DocumentsContext,
  userId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ documents: DocumentSummary[]; nextCursor: string | null }> {
  const owner = await ownerOfCustomer(ctx.db, userId);
  if (!owner) return { documents: [], nextCursor: null };
  const after = cursor ? decodeKeyset(cursor, (k) => !Number.isNaN(Date.parse(k))) : undefined;
  const before = after ? { at: new Date(after.key), id: after.id } : undefined;
  const docs = await findDocumentsOfOwner(ctx.db, owner.id, limit + 1, before);
  const entries = (await entriesOfOwner(ctx.db, owner.id)).filter(
    (e) =>
      !before || newestFirst({ at: e.paidAt ?? e.createdAt, id: e.id } as Dated, { at: before.at, id: before.id } as Dated) > 0,
  );
  const all = [...(await datedDocs(ctx.db, docs)), ...datedReceipts(entries, ctx.config.tz)].sort(newestFirst);
  const page = all.slice(0, limit);
  const last = page.at(-1);
  return {
    documents: page.map((d) => d.summary),
    nextCursor: all.length > limit && last ? encodeKeyset(last.at.toISOString(), last.id) : null,
  };
}

// ---------------------------------------------------------------- takings (H6)

export interface GstByRate extends GstRateSummary {}
export interface GstByCode extends GstCodeSummary {}

/**
 * GST of the documents dated from … to (inclusive): by rate and by SAC/HSN code and rate, in paise, with line counts;
 * tax invoices and bills of supply add, credit notes subtract (their lines are summed negated). `documents`: how many
 * of each kind.
 */
export async function gstTotalsBetween(
  db: DbOrTx,
  fromDate: string,
  toDate: string,
): Promise<{
  byRate: GstByRate[];
  byCode: GstByCode[];
  totals: GstTotals;
  documents: { tax_invoice: number; bill_of_supply: number; credit_note: number };
}> {
  const rows = await findLinesBetween(db, fromDate, toDate);
  const lines = rows.map((r) => {
    const sign = r.kind === 'credit_note' ? -1 : 1;
    const tax = r.cgstPaise + r.sgstPaise + r.igstPaise;
    return {
      code: r.code,
      ratePercent: r.ratePercent === null ? null : Number(r.ratePercent),
      taxableValuePaise: sign * r.taxablePaise,
      cgstPaise: sign * r.cgstPaise,
      sgstPaise: sign * r.sgstPaise,
      igstPaise: sign * r.igstPaise,
      taxPaise: sign * tax,
      totalPaise: sign * r.totalPaise,
    };
  });
  const byRate = gstSummary(lines);
  const byCode = gstSummaryByCode(lines);
  const docs = await findDocumentsBetween(db, fromDate, toDate);
  const count = (k: DocumentRow['kind']) => docs.filter((d) => d.kind === k).length;
  return {
    byRate: byRate.byRate,
    byCode: byCode.rows,
    totals: byRate.totals,
    documents: { tax_invoice: count('tax_invoice'), bill_of_supply: count('bill_of_supply'), credit_note: count('credit_note') },
  };
}

/** A document of a period, for the takings CSV: amounts in paise (credit notes positive, as printed). */
export interface DocumentOfPeriod {
  id: string;
  kind: 'tax_invoice' | 'bill_of_supply' | 'credit_note';
  number: string;
  date: string;
  buyerName: string;
  buyerGstin: string | null;
  placeOfSupply: string;
  interState: boolean;
  originalNumber: string | null;
  visitId: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** The documents dated from … to (inclusive), by date, series and number. */
export async function documentsBetween(db: DbOrTx, fromDate: string, toDate: string): Promise<DocumentOfPeriod[]> {
  const docs = await findDocumentsBetween(db, fromDate, toDate);
  const originals = await originalsOf(db, docs);
  return docs.map((d) => ({
    id: d.id,
    kind: d.kind,
    number: d.number,
    date: d.documentDate,
    buyerName: d.buyer.name,
    buyerGstin: d.buyer.gstin || null,
    placeOfSupply: d.placeOfSupply,
    interState: d.interState,
    originalNumber: d.originalDocumentId ? (originals.get(d.originalDocumentId)?.number ?? null) : null,
    visitId: d.visitId,
    taxablePaise: d.taxablePaise,
    cgstPaise: d.cgstPaise,
    sgstPaise: d.sgstPaise,
    igstPaise: d.igstPaise,
    totalPaise: d.totalPaise,
  }));
}

// ---------------------------------------------------------------- email

/**
 * Queues the document to its owner's email through the outbox, with its PDF attached (rendered now). 400 when the
 * owner has no email address. Each call queues one message (the route is idempotent by Idempotency-Key).
 */
export async function emailDocument(ctx: AppContext, id: string, who: Reader): Promise<{ email: string }> {
  const found = await loadAny(ctx, id);
  await assertReader(ctx, who, found.ownerId);
  const owner = (await ownersForBilling(ctx.db, [found.ownerId])).get(found.ownerId);
  const email = owner?.email?.trim();
  if (!owner || !email) throw badRequest(DOCUMENT_MESSAGES.noEmail);
  const view = await found.view();
  const pdf = await documentPdf(view);
  const lines = [
    `Dear ${owner.name},`,
    '',
    `Please find attached ${view.title.toLowerCase()} ${view.number} of ${view.date} for ${formatINR(view.total)}${view.petName ? ` (${view.petName})` : ''}.`,
    view.due > 0 ? `Still due on this sale: ${formatINR(view.due)}.${view.upi ? ` Pay by UPI: ${view.upi.id}` : ''}` : '',
    '',
    view.seller.name,
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  const today = ctx.clock.today();
  // A money transaction only for its Idempotency-Key: the key is claimed with the message, so a repeat sends none.
  await moneyTransaction(ctx, (tx) =>
    enqueueEmails(tx, [
      {
        dedupeKey: `document:${view._id}:${newId()}`,
        kind: 'document',
        refDate: today,
        ownerId: owner.id,
        ownerName: owner.name,
        toAddress: email,
        subject: `${view.title} ${view.number} from ${view.seller.name}`,
        body: lines.join('\n'),
        meta: {
          documentId: view._id,
          attachments: [
            { filename: documentFileName(view.number), contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
          ],
        },
      },
    ]),
  );
  return { email };
}
