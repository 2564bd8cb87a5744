import {
  type CsvCell,
  formatDateTime,
  MONEY_METHODS,
  TAKINGS_METHOD_LABELS,
  TAKINGS_METHODS,
  toCsv,
  toRupees,
} from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { entriesPaidBetween } from '../payments/payments.service.ts';
import { startOfDay, takings } from './takings.service.ts';
import { addDays } from '@pawdesk/shared';

/**
 * The day's takings as CSV for the accountant (UTF-8 with BOM, formula characters neutralised by the shared `toCsv`):
 * the figures of GET /payments/takings, then every completed ledger row of the period.
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
  const entries = await entriesPaidBetween(ctx.db, startOfDay(t.from, tz), startOfDay(addDays(t.to, 1), tz));
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
