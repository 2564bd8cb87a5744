/**
 * Contracts of the day's takings and the cash drawer (issue 17 "The day's takings", "Cash count"). Amounts in rupees
 * with paisa precision; the server computes every figure from the ledger (payments).
 */
import { z } from 'zod';
import { dateSchema, rupees, text, whenObject } from '../common.ts';
import { addDays, daysBetween } from '../dates.ts';
import { toPaise, toRupees } from '../money.ts';

export const TAKINGS_MESSAGES = {
  futureDate: 'The date cannot be in the future',
  dateOrRange: 'Give a date, or a range with both from and to',
  rangeOrder: 'From must be on or before to',
  rangeTooLong: 'A range can be at most one financial year (366 days)',
  rangeAdminOnly: 'Only an admin can ask for a range of dates',
  drawerOpen: 'The drawer is already open',
  drawerClosed: 'The drawer is already closed',
  load: 'Failed to load the takings',
  drawerLoad: 'Failed to load the cash drawer',
  /** Taking or giving back cash while no drawer session is open, when the business requires one. */
  drawerRequired: 'Open the cash drawer before taking cash',
  /** The session this cash would have landed in closed while it was being recorded (a race): ask again. */
  drawerClosedMeanwhile: 'The cash drawer was closed while this cash was being recorded. Please try again.',
  requiredOn: 'Cash now needs an open drawer session',
  requiredOff: 'Cash no longer needs an open drawer session',
} as const;

/** The longest range an admin may ask for: one financial year. */
export const TAKINGS_MAX_RANGE_DAYS = 366;

/** How money moved on a sale: the ledger's methods, and wallet money applied to the sale. */
export const TAKINGS_METHODS = ['cash', 'payment_link', 'card', 'wallet', 'not_recorded'] as const;
export type TakingsMethod = (typeof TAKINGS_METHODS)[number];
/** The methods of money that came in or went out (refunds, top-ups): no wallet. */
export const MONEY_METHODS = ['cash', 'payment_link', 'card', 'not_recorded'] as const;

export const TAKINGS_METHOD_LABELS: Record<TakingsMethod, string> = {
  cash: 'Cash',
  payment_link: 'Payment link',
  card: 'Card',
  wallet: 'Wallet',
  not_recorded: 'Not recorded',
};

// ---------------------------------------------------------------- GET /payments/takings

export const takingsQuery = z
  .object({ date: dateSchema.optional(), from: dateSchema.optional(), to: dateSchema.optional() })
  .superRefine((q, ctx) => {
    const range = q.from !== undefined || q.to !== undefined;
    if (q.date !== undefined && range) ctx.addIssue({ code: 'custom', message: TAKINGS_MESSAGES.dateOrRange, path: ['date'] });
    if (range && (q.from === undefined || q.to === undefined))
      ctx.addIssue({ code: 'custom', message: TAKINGS_MESSAGES.dateOrRange, path: [q.from ? 'to' : 'from'] });
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', message: TAKINGS_MESSAGES.rangeOrder, path: ['from'] });
      else if (daysBetween(q.from, q.to) + 1 > TAKINGS_MAX_RANGE_DAYS)
        ctx.addIssue({ code: 'custom', message: TAKINGS_MESSAGES.rangeTooLong, path: ['to'] });
    }
  }, whenObject);
export type TakingsQuery = z.input<typeof takingsQuery>;

const money = z.number();
const moneyByMethod = z.object({ cash: money, payment_link: money, card: money, not_recorded: money });
const saleByMethod = moneyByMethod.extend({ wallet: money });

export const drawerSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'closed']),
  float: money,
  openedAt: z.string(),
  openedBy: z.object({ id: z.string(), name: z.string() }),
  openingNote: z.string().nullable(),
  /** Cash taken and refunded during the session: live while open, stored at closing. */
  cashIn: money,
  cashOut: money,
  /** float + cashIn − cashOut: live while open, stored at closing. */
  expected: money,
  counted: money.nullable(),
  /** counted − expected (negative: cash short). */
  difference: money.nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  closingNote: z.string().nullable(),
});
export type DrawerSession = z.infer<typeof drawerSessionSchema>;

/** Tax collected at one rate (null: exempt lines on bills of supply); credit notes subtract. */
export const taxByRateSchema = z.object({
  ratePercent: z.number().nullable(),
  lines: z.number().int(),
  taxableValue: money,
  cgst: money,
  sgst: money,
  igst: money,
  tax: money,
  total: money,
});
export type TaxByRate = z.infer<typeof taxByRateSchema>;

/** The GST of the period's documents (tax invoices and bills of supply add, credit notes subtract). */
export const takingsTaxSchema = z.object({
  byRate: z.array(taxByRateSchema),
  taxableValue: money,
  cgst: money,
  sgst: money,
  igst: money,
  /** Tax collected: CGST + SGST + IGST. */
  total: money,
  documents: z.object({ taxInvoices: z.number().int(), billsOfSupply: z.number().int(), creditNotes: z.number().int() }),
});
export type TakingsTax = z.infer<typeof takingsTaxSchema>;

/** GET /payments/gst-summary.csv (admins): a range of at most one financial year. */
export const gstSummaryQuery = z.object({ from: dateSchema, to: dateSchema }).superRefine((q, ctx) => {
  if (typeof q.from !== 'string' || typeof q.to !== 'string') return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', message: TAKINGS_MESSAGES.rangeOrder, path: ['from'] });
  else if (daysBetween(q.from, q.to) + 1 > TAKINGS_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', message: TAKINGS_MESSAGES.rangeTooLong, path: ['to'] });
}, whenObject);

export const takingsResponse = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Sales (completed charges) posted in the period, by the sale's purpose. */
  byPurpose: z.array(z.object({ purpose: z.string(), sales: z.number().int(), charged: money })),
  /** Money received on sales in the period, by method (wallet: wallet money applied to a sale). */
  byMethod: saleByMethod,
  received: money,
  /** Completed refunds in the period (any account), by method. */
  refunds: z.object({ byMethod: moneyByMethod, total: money, count: z.number().int() }),
  /** Completed credits (voids, cancellations) in the period. */
  credits: z.object({ total: money, count: z.number().int() }),
  /** What is still owed now on the sales charged in the period. */
  owed: z.object({ total: money, sales: z.number().int() }),
  /** Money paid into owners' wallets in the period, by method. */
  walletTopUps: z.object({ byMethod: moneyByMethod, total: money, count: z.number().int() }),
  /** Boarding packages' daily charges (paid from the wallet) in the period. */
  packageDailyCharges: z.object({ total: money, count: z.number().int() }),
  /** Money held for owners (unapplied balance, deposits) received in the period. */
  heldPayments: money,
  /** Charges, credits and the sales' net in the period. */
  charged: money,
  /** The number of visits sold in the period (visits with a charge). */
  visits: z.number().int(),
  /** Tax collected by rate, from the period's GST documents. */
  tax: takingsTaxSchema,
  cashDrawer: z.object({
    /** The session open now (if any). */
    open: drawerSessionSchema.nullable(),
    /** The sessions opened in the period, newest first. */
    sessions: z.array(drawerSessionSchema),
  }),
});
export type TakingsResponse = z.infer<typeof takingsResponse>;

// ---------------------------------------------------------------- the drawer

const note = text().max(500, 'Note must be at most 500 characters').nullish();

export const drawerOpenBody = z.object({ float: rupees({ label: 'Float' }), note });
export type DrawerOpenBody = z.input<typeof drawerOpenBody>;
export const drawerCloseBody = z.object({ counted: rupees({ label: 'Counted cash' }), note });
export type DrawerCloseBody = z.input<typeof drawerCloseBody>;

export const drawerResponse = z.object({
  /** The open session, else the last closed one, else null (never opened). */
  session: drawerSessionSchema.nullable(),
  /** The admin's setting: cash is taken or given back only while a session is open. */
  required: z.boolean(),
});
export type DrawerResponse = z.infer<typeof drawerResponse>;

/** PUT /settings/cash-drawer (admins): whether cash needs an open drawer session (default false). */
export const drawerSettingsBody = z.object({
  required: z.boolean({ error: 'Say whether the drawer is required (true or false)' }),
});
export type DrawerSettingsBody = z.input<typeof drawerSettingsBody>;
export const drawerSettingsResponse = z.object({ required: z.boolean(), message: z.string() });
export type DrawerSettingsResponse = z.infer<typeof drawerSettingsResponse>;

// ---------------------------------------------------------------- shared arithmetic

/** expected = float + cash in − cash out, in rupees, computed in paise. */
export function drawerExpected(float: number, cashIn: number, cashOut: number): number {
  return toRupees(toPaise(float) + toPaise(cashIn) - toPaise(cashOut));
}

/** counted − expected in rupees (computed in paise); null while nothing is counted. */
export function drawerDifference(counted: number | null | undefined, expected: number): number | null {
  if (counted === null || counted === undefined) return null;
  return toRupees(toPaise(counted) - toPaise(expected));
}

/** The dates of a range, inclusive (for the CSV and the screen). */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
