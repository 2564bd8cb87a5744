import {
  type CsvCell,
  formatDateTime,
  MONEY_METHODS,
  TAKINGS_MESSAGES as M,
  TAKINGS_METHOD_LABELS,
  TAKINGS_METHODS,
  type TakingsTax,
  toCsv,
  toRupees,
} from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { forbidden } from '../../lib/errors.ts';
import { documentsBetween, gstTotalsBetween } from '../documents/documents.service.ts';
import { chargesBetween, entriesPaidBetween } from '../payments/payments.service.ts';
import { visitLabelsByIds } from '../visits/visit-lookups.service.ts';
import { startOfDay, takings, takingsPeriod } from './takings.service.ts';
import { addDays } from '@pawdesk/shared';

const rateLabel = (r: number | null) => (r === null ? 'Exempt' : `${r}%`);
const DOCUMENT_KINDS = { tax_invoice: 'Tax invoice', bill_of_supply: 'Bill of supply', credit_note: 'Credit note' } as const;

/**
 * The day's (or an admin's range's) takings as CSV for the accountant (UTF-8 with BOM, formula characters neutralised
 * by the shared `toCsv`), in sections: the figures of GET /payments/takings, tax by rate, the visits sold, the GST
 * documents of the period, and last every completed ledger row (payments, refunds, charges, credits…).
 */
export async function takingsCsv(
  ctx: AppContext,
  q: { date?: string; from?: string; to?: string },
  isAdmin: boolean,
): Promise<{ filename: string; csv: string }> {
  const t = await takings(ctx, q, isAdmin);
  const tz = t.timeZone;
  const rows: CsvCell[][] = [
    ["Day's takings", t.from, t.to, tz],
    [],
    ['Section', 'Item', 'Count', 'Amount (INR)'],
    ...t.byPurpose.map((p): CsvCell[] => ['Sales by purpose', p.purpose, p.sales, p.charged]),
    ['Sales', 'Total', t.visits, t.charged],
    ...TAKINGS_METHODS.map((m): CsvCell[] => ['Received by method', TAKINGS_METHOD_LABELS[m], null, t.byMethod[m]]),
    ['Received', 'Total', null, t.received],
    ...MONEY_METHODS.map((m): CsvCell[] => ['Refunds by method', TAKINGS_METHOD_LABELS[m], null, t.refunds.byMethod[m]]),
    ['Refunds', 'Total', t.refunds.count, t.refunds.total],
    ['Credits', 'Total', t.credits.count, t.credits.total],
    ['Still owed', "On the period's sales", t.owed.sales, t.owed.total],
    ...MONEY_METHODS.map((m): CsvCell[] => [
      'Wallet top-ups by method',
      TAKINGS_METHOD_LABELS[m],
      null,
      t.walletTopUps.byMethod[m],
    ]),
    ['Wallet top-ups', 'Total', t.walletTopUps.count, t.walletTopUps.total],
    ['Package daily charges', 'Total', t.packageDailyCharges.count, t.packageDailyCharges.total],
    ['Held for owners', 'Unapplied and deposits', null, t.heldPayments],
    ...t.cashDrawer.sessions.map((s): CsvCell[] => [
      'Cash drawer',
      `${formatDateTime(s.openedAt, tz)} – ${s.closedAt ? formatDateTime(s.closedAt, tz) : 'open'}`,
      null,
      s.difference,
    ]),
    [],
    ['Ledger', 'Paid at', 'Kind', 'Account', 'Method', 'Amount (INR)', 'Receipt', 'Note'],
  ];
  const start = startOfDay(t.from, tz);
  const end = startOfDay(addDays(t.to, 1), tz);

  rows.splice(rows.length - 2, 0, ...taxRows(t.tax));

  // Visits: the period's charges by visit (a visit's stay and extra days are the same sale).
  const charges = await chargesBetween(ctx.db, start, end);
  const labels = await visitLabelsByIds(
    ctx.db,
    charges.flatMap((c) => (c.visitId ? [c.visitId] : [])),
  );
  const byVisit = new Map<string, number>();
  for (const c of charges) if (c.visitId) byVisit.set(c.visitId, (byVisit.get(c.visitId) ?? 0) + c.amountPaise);
  const visitRows: CsvCell[][] = [[], ['Visits', 'Visit', 'Purpose', 'Voided', 'Charged (INR)']];
  for (const [id, paise] of byVisit) {
    const v = labels.get(id);
    visitRows.push(['Visit', id, v?.purpose ?? null, v?.voided ? 'yes' : 'no', toRupees(paise)]);
  }
  rows.splice(rows.length - 2, 0, ...visitRows);

  const docs = await documentsBetween(ctx.db, t.from, t.to);
  const docRows: CsvCell[][] = [
    [],
    [
      'Documents',
      'Number',
      'Kind',
      'Date',
      'Buyer',
      'Buyer GSTIN',
      'Place of supply',
      'Against',
      'Taxable (INR)',
      'CGST (INR)',
      'SGST (INR)',
      'IGST (INR)',
      'Total (INR)',
    ],
  ];
  for (const d of docs) {
    docRows.push([
      'Document',
      d.number,
      DOCUMENT_KINDS[d.kind],
      d.date,
      d.buyerName,
      d.buyerGstin,
      d.placeOfSupply,
      d.originalNumber,
      toRupees(d.taxablePaise),
      toRupees(d.cgstPaise),
      toRupees(d.sgstPaise),
      toRupees(d.igstPaise),
      toRupees(d.totalPaise),
    ]);
  }
  rows.splice(rows.length - 2, 0, ...docRows);

  const entries = await entriesPaidBetween(ctx.db, start, end);
  for (const e of entries) {
    rows.push([
      e.id,
      e.paidAt ? formatDateTime(e.paidAt.toISOString(), tz) : null,
      e.kind === 'allocation' ? `allocation ${e.direction}` : e.kind,
      e.account,
      e.method,
      toRupees(e.amountPaise),
      e.receiptNo,
      e.note,
    ]);
  }

  const filename = t.from === t.to ? `takings-${t.from}.csv` : `takings-${t.from}_${t.to}.csv`;
  return { filename, csv: toCsv(rows) };
}

/** The tax-by-rate section (credit notes subtract). */
function taxRows(tax: TakingsTax): CsvCell[][] {
  return [
    [],
    ['Tax by rate', 'Rate', 'Lines', 'Taxable (INR)', 'CGST (INR)', 'SGST (INR)', 'IGST (INR)', 'Tax (INR)', 'Total (INR)'],
    ...tax.byRate.map((r): CsvCell[] => [
      'Tax',
      rateLabel(r.ratePercent),
      r.lines,
      r.taxableValue,
      r.cgst,
      r.sgst,
      r.igst,
      r.tax,
      r.total,
    ]),
    ['Tax', 'Total', null, tax.taxableValue, tax.cgst, tax.sgst, tax.igst, tax.total, null],
  ];
}

/**
 * The GST summary for the accountant (admins; a range of at most one financial year, not in the future): the
 * period's documents by SAC/HSN code and rate (the shared gstSummaryByCode; credit notes subtract), with totals.
 */
export async function gstSummaryCsv(
  ctx: AppContext,
  q: { from: string; to: string },
  isAdmin: boolean,
): Promise<{ filename: string; csv: string }> {
  if (!isAdmin) throw forbidden(M.rangeAdminOnly);
  const period = takingsPeriod(q, ctx.clock.today(), isAdmin);
  const g = await gstTotalsBetween(ctx.db, period.from, period.to);
  const rows: CsvCell[][] = [
    ['GST summary by SAC/HSN and rate', period.from, period.to],
    [
      'Tax invoices',
      g.documents.tax_invoice,
      'Bills of supply',
      g.documents.bill_of_supply,
      'Credit notes',
      g.documents.credit_note,
    ],
    [],
    ['SAC/HSN', 'Rate', 'Lines', 'Taxable (INR)', 'CGST (INR)', 'SGST (INR)', 'IGST (INR)', 'Tax (INR)', 'Total (INR)'],
    ...g.byCode.map((r): CsvCell[] => [
      r.code || 'No code',
      rateLabel(r.ratePercent),
      r.lines,
      toRupees(r.taxableValuePaise),
      toRupees(r.cgstPaise),
      toRupees(r.sgstPaise),
      toRupees(r.igstPaise),
      toRupees(r.taxPaise),
      toRupees(r.totalPaise),
    ]),
    [
      'Total',
      null,
      null,
      toRupees(g.totals.taxableValuePaise),
      toRupees(g.totals.cgstPaise),
      toRupees(g.totals.sgstPaise),
      toRupees(g.totals.igstPaise),
      toRupees(g.totals.taxPaise),
      toRupees(g.totals.totalPaise),
    ],
  ];
  return { filename: `gst-summary-${period.from}_${period.to}.csv`, csv: toCsv(rows) };
}
