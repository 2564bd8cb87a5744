import {
  LEDGER_SUBJECTS,
  ledgerBalance,
  MONEY_METHODS,
  TAKINGS_MESSAGES as M,
  type TakingsResponse,
  type TakingsTax,
  type TodayChart,
  chartDates,
  TODAY_CHART_DAYS,
  addDays,
  toRupees,
} from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import {
  chargesBetween,
  chargesByDay,
  entriesBySubject,
  type LedgerRow,
  ledgerTotalsBetween,
  type SubjectKey,
  walletAppliedBetween,
} from '../payments/payments.service.ts';
import { gstTotalsBetween } from '../documents/documents.service.ts';
import { visitLabelsByIds, visitPurposeSql } from '../visits/visit-lookups.service.ts';
import { drawerSummary } from './drawer.service.ts';

/**
 * The day's takings (issue 17): every figure of the business day(s) in the business time zone, read from the ledger
 * (payments) by paid_at, the time the money moved or the entry was posted. Completed rows only.
 */

/** The GST of the period's documents (dated from … to), in rupees. */
export async function taxOfPeriod(db: AppContext['db'], from: string, to: string): Promise<TakingsTax> {
  const g = await gstTotalsBetween(db, from, to);
  const rupeesOf = (t: { taxableValuePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) => ({
    taxableValue: toRupees(t.taxableValuePaise),
    cgst: toRupees(t.cgstPaise),
    sgst: toRupees(t.sgstPaise),
    igst: toRupees(t.igstPaise),
  });
  return {
    byRate: g.byRate.map((r) => ({
      ratePercent: r.ratePercent,
      lines: r.lines,
      ...rupeesOf(r),
      tax: toRupees(r.taxPaise),
      total: toRupees(r.totalPaise),
    })),
    ...rupeesOf(g.totals),
    total: toRupees(g.totals.taxPaise),
    documents: {
      taxInvoices: g.documents.tax_invoice,
      billsOfSupply: g.documents.bill_of_supply,
      creditNotes: g.documents.credit_note,
    },
  };
}

/** The instant a calendar date starts in a time zone. */
export function startOfDay(date: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    );
    const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
    return local - at;
  };
  const first = utc - offset(utc);
  return new Date(utc - offset(first));
}

/** The period a request names: one date (anyone) or a range (admins), never in the future. */
export function takingsPeriod(
  q: { date?: string; from?: string; to?: string },
  today: string,
  isAdmin: boolean,
): { from: string; to: string } {
  if (q.from && q.to && !isAdmin) throw forbidden(M.rangeAdminOnly);
  const from = q.from ?? q.date ?? today;
  const to = q.to ?? q.date ?? today;
  if (to > today) throw badRequest(M.futureDate, { [q.to ? 'to' : 'date']: M.futureDate });
  return { from, to };
}

type Charge = Awaited<ReturnType<typeof chargesBetween>>[number];
const SUBJECTS: readonly SubjectKey[] = LEDGER_SUBJECTS;

/** A charge's sale: the tokens of its subjects (a boarding's charge and its visit's are one sale). */
const tokensOf = (c: Charge) => SUBJECTS.flatMap((k) => (c[k] ? [`${k}:${c[k]}`] : []));

function purposeOf(c: Charge, visits: Map<string, { purpose: string }>): string {
  if (c.chargeFor === 'package_day' || (c.packageId && !c.visitId)) return 'Boarding package';
  const visit = c.visitId ? visits.get(c.visitId) : undefined;
  if (visit) return visit.purpose;
  if (c.boardingId) return 'Stay';
  if (c.prescriptionId) return 'Prescription';
  if (c.subscriptionId) return 'Subscription';
  return 'Appointment';
}

export async function takings(
  ctx: AppContext,
  q: { date?: string; from?: string; to?: string },
  isAdmin: boolean,
): Promise<TakingsResponse> {
  const tz = ctx.config.tz;
  const period = takingsPeriod(q, ctx.clock.today(), isAdmin);
  const start = startOfDay(period.from, tz);
  const end = startOfDay(addDays(period.to, 1), tz);
  const db = ctx.db;

  const [totals, walletPaise, charges] = await Promise.all([
    ledgerTotalsBetween(db, start, end),
    walletAppliedBetween(db, start, end),
    chargesBetween(db, start, end),
  ]);
  const sum = (f: (t: (typeof totals)[number]) => boolean) =>
    totals.filter(f).reduce((a, t) => ({ paise: a.paise + t.amountPaise, count: a.count + t.count }), { paise: 0, count: 0 });
  const byMethodOf = (f: (t: (typeof totals)[number]) => boolean) =>
    Object.fromEntries(MONEY_METHODS.map((m) => [m, toRupees(sum((t) => f(t) && t.method === m).paise)])) as Record<
      (typeof MONEY_METHODS)[number],
      number
    >;

  const salePayment = (t: (typeof totals)[number]) => t.kind === 'payment' && t.account === 'sale';
  const receivedPaise = sum(salePayment).paise + walletPaise;
  const refund = (t: (typeof totals)[number]) => t.kind === 'refund';
  const topUp = (t: (typeof totals)[number]) => t.kind === 'payment' && t.account === 'wallet';
  const credits = sum((t) => t.kind === 'credit');
  const allCharges = sum((t) => t.kind === 'charge');
  const packageDays = sum((t) => t.kind === 'charge' && t.chargeFor === 'package_day');
  const held = sum((t) => t.kind === 'payment' && (t.account === 'unapplied' || t.account === 'deposit'));

  // Purposes: the visits' from the visits module, in one call.
  const visits = await visitLabelsByIds(
    db,
    charges.flatMap((c) => (c.visitId ? [c.visitId] : [])),
  );
  const purposes = new Map<string, { sales: Set<string>; paise: number }>();
  for (const c of charges) {
    const p = purposeOf(c, visits);
    const entry = purposes.get(p) ?? { sales: new Set<string>(), paise: 0 };
    entry.sales.add(tokensOf(c)[0] ?? c.id);
    entry.paise += c.amountPaise;
    purposes.set(p, entry);
  }

  // What is still owed now on the period's sales (a boarding package's days are paid from the wallet as charged).
  const saleCharges = charges.filter((c) => c.chargeFor !== 'package_day');
  const idsOf = new Map<SubjectKey, Set<string>>(SUBJECTS.map((k) => [k, new Set<string>()]));
  for (const c of saleCharges) for (const k of SUBJECTS) if (c[k]) idsOf.get(k)!.add(c[k]!);
  const byKey = new Map<SubjectKey, Map<string, LedgerRow[]>>();
  for (const k of SUBJECTS) {
    const ids = [...idsOf.get(k)!];
    if (ids.length) byKey.set(k, await entriesBySubject(db, k, ids));
  }
  const sales = new Map<string, Map<string, LedgerRow>>();
  for (const c of saleCharges) {
    const key = tokensOf(c).sort().join('|');
    if (sales.has(key)) continue;
    const rows = new Map<string, LedgerRow>();
    for (const k of SUBJECTS) if (c[k]) for (const e of byKey.get(k)?.get(c[k]!) ?? []) rows.set(e.id, e);
    sales.set(key, rows);
  }
  let owedPaise = 0;
  let owedSales = 0;
  for (const rows of sales.values()) {
    const due = ledgerBalance([...rows.values()]).duePaise;
    if (due > 0) {
      owedPaise += due;
      owedSales += 1;
    }
  }

  const refunds = sum(refund);
  const topUps = sum(topUp);
  return {
    from: period.from,
    to: period.to,
    timeZone: tz,
    byPurpose: [...purposes.entries()]
      .map(([purpose, v]) => ({ purpose, sales: v.sales.size, charged: toRupees(v.paise) }))
      .sort((a, b) => b.charged - a.charged || a.purpose.localeCompare(b.purpose)),
    byMethod: { ...byMethodOf(salePayment), wallet: toRupees(walletPaise) },
    received: toRupees(receivedPaise),
    refunds: { byMethod: byMethodOf(refund), total: toRupees(refunds.paise), count: refunds.count },
    credits: { total: toRupees(credits.paise), count: credits.count },
    owed: { total: toRupees(owedPaise), sales: owedSales },
    walletTopUps: { byMethod: byMethodOf(topUp), total: toRupees(topUps.paise), count: topUps.count },
    packageDailyCharges: { total: toRupees(packageDays.paise), count: packageDays.count },
    heldPayments: toRupees(held.paise),
    charged: toRupees(allCharges.paise),
    visits: new Set(charges.flatMap((c) => (c.visitId ? [c.visitId] : []))).size,
    tax: await taxOfPeriod(db, period.from, period.to),
    cashDrawer: await drawerSummary(ctx, start, end),
  };
}

/** Money received on sales on a business day (wallet money applied included) and the sales charged (the Today board). */
export async function dayTotals(ctx: AppContext, date: string): Promise<{ received: number; charged: number }> {
  const start = startOfDay(date, ctx.config.tz);
  const end = startOfDay(addDays(date, 1), ctx.config.tz);
  const [totals, walletPaise] = await Promise.all([
    ledgerTotalsBetween(ctx.db, start, end),
    walletAppliedBetween(ctx.db, start, end),
  ]);
  let received = walletPaise;
  let charged = 0;
  for (const t of totals) {
    if (t.kind === 'payment' && t.account === 'sale') received += t.amountPaise;
    if (t.kind === 'charge') charged += t.amountPaise;
  }
  return { received: toRupees(received), charged: toRupees(charged) };
}

const OTHER_PURPOSES: Record<string, string> = {
  package_day: 'Boarding package',
  boarding: 'Stay',
  prescription: 'Prescription',
  subscription: 'Subscription',
  appointment: 'Appointment',
};

/**
 * Sales charged per business day by purpose over the last 30 days (today included): one grouped ledger query that
 * names each visit's purpose through the visits module's lookup (a few groups a day, not one per visit). Purposes by total, largest first.
 */
export async function takingsChart(ctx: AppContext, today: string, days = TODAY_CHART_DAYS): Promise<TodayChart> {
  const tz = ctx.config.tz;
  const dates = chartDates(today, days);
  const rows = await chargesByDay(ctx.db, startOfDay(dates[0]!, tz), startOfDay(addDays(today, 1), tz), tz, visitPurposeSql);
  const index = new Map(dates.map((d, i) => [d, i]));
  const byPurpose = new Map<string, number[]>();
  const totals = dates.map(() => 0);
  for (const r of rows) {
    const i = index.get(r.day);
    if (i === undefined) continue;
    const purpose = r.other === null ? (r.purpose ?? 'Visit') : (OTHER_PURPOSES[r.other] ?? 'Other');
    const series = byPurpose.get(purpose) ?? dates.map(() => 0);
    series[i]! += r.paise;
    totals[i]! += r.paise;
    byPurpose.set(purpose, series);
  }
  const purposes = [...byPurpose.entries()]
    .map(([purpose, paise]) => ({
      purpose,
      amounts: paise.map(toRupees),
      total: toRupees(paise.reduce((a, b) => a + b, 0)),
    }))
    .sort((a, b) => b.total - a.total || a.purpose.localeCompare(b.purpose));
  return { dates, purposes, totals: totals.map(toRupees) };
}
