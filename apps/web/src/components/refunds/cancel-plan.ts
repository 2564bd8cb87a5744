/**
 * What the Cancel & refund dialog shows and allows, from the server's quote and what the admin typed: pure, in paise
 * inside, rupees out. The server decides again on Confirm; this only keeps the dialog honest.
 */
import {
  type CancelSaleBody,
  cancelSaleBody,
  formatINR,
  hasAtMostTwoDecimals,
  NOTHING_REFUNDABLE,
  REFUND_MESSAGES,
  type RefundQuoteView,
  toPaise,
  toRupees,
} from '@pawdesk/shared';

/** The quote fields the plan reads (GET /payments/refund-quote, rupees). */
export type PlanQuote = Pick<
  RefundQuoteView,
  'withinPolicy' | 'cancelled' | 'paid' | 'deduction' | 'credit' | 'refund' | 'kept' | 'message' | 'override'
> & { payments: readonly Pick<RefundQuoteView['payments'][number], '_id' | 'method' | 'refundable' | 'receiptNo'>[] };

/** What the dialog's fields hold: `amount` is the NumberInput's value ('' when empty). */
export interface CancelFormValues {
  reason: string;
  override: boolean;
  amount: number | string;
  overrideReason: string;
}

export const EMPTY_CANCEL_FORM: CancelFormValues = { reason: '', override: false, amount: '', overrideReason: '' };

/** The form as the dialog opens on this quote: outside the window the override is on, from the policy's amount. */
export function initialCancelForm(quote: PlanQuote): CancelFormValues {
  return quote.withinPolicy ? EMPTY_CANCEL_FORM : { ...EMPTY_CANCEL_FORM, override: true, amount: overrideStart(quote) };
}

/** Where the override amount starts: the policy's refund (without its window, outside it). */
export const overrideStart = (quote: PlanQuote) => (quote.withinPolicy ? quote.refund : (quote.override?.refund ?? 0));

export const CANCEL_MESSAGES = {
  reason: REFUND_MESSAGES.reasonRequired,
  overrideReason: REFUND_MESSAGES.overrideReasonRequired,
  amount: 'Enter the amount to refund',
  amountDecimals: 'Refund amount can have at most two decimals',
  windowPassed: REFUND_MESSAGES.windowPassed,
  alreadyCancelled: REFUND_MESSAGES.alreadyCancelled,
  nothingToCancel: 'Under the policy nothing is credited or refunded: override the policy amount to refund.',
} as const;

/** Over what was paid: 'A refund cannot exceed what was paid on the sale (₹X)'. */
export const amountTooHigh = (paid: number) => REFUND_MESSAGES.moreThanPaid(formatINR(paid));

/** A payment the refund comes from, and how it is given back. */
export interface RefundSource {
  paymentId: string;
  method: string | null;
  receiptNo: string | null;
  amount: number;
  /** Card and link money goes back through the provider and completes when it reports back; cash at once. */
  throughProvider: boolean;
}

export interface CancelPlan {
  /** Outside the window: the override is the only way (the box is ticked and cannot be cleared). */
  mustOverride: boolean;
  overriding: boolean;
  /** The quote refunds nothing: the dialog says NOTHING_REFUNDABLE. */
  nothingRefundable: string | null;
  /** What Confirm does, in rupees: the credit on the sale, the refund and what the business keeps. */
  credit: number;
  refund: number;
  kept: number;
  /** The bounds of the override amount (rupees): 0 to what was paid. */
  maxOverride: number;
  sources: RefundSource[];
  errors: { reason?: string; amount?: string; overrideReason?: string };
  /** Why Confirm is off when the fields are fine (nothing to cancel, or nothing without an override), else null. */
  blocked: string | null;
  canConfirm: boolean;
  /** What Confirm sends (trimmed, as the shared schema reads it), when it may. */
  body: CancelSaleBody | null;
}

const PROVIDER_METHODS = new Set(['card', 'payment_link']);

/** The refund split over the quote's payments in the order it lists them (newest first), each up to what is left of it. */
export function refundSources(quote: Pick<PlanQuote, 'payments'>, refundPaise: number): RefundSource[] {
  let left = refundPaise;
  const out: RefundSource[] = [];
  for (const p of quote.payments) {
    if (left <= 0) break;
    const take = Math.min(left, toPaise(p.refundable));
    if (take <= 0) continue;
    out.push({
      paymentId: p._id,
      method: p.method,
      receiptNo: p.receiptNo,
      amount: toRupees(take),
      throughProvider: PROVIDER_METHODS.has(p.method ?? ''),
    });
    left -= take;
  }
  return out;
}

function overrideAmountPaise(amount: number | string, paidPaise: number): { paise: number | null; error?: string } {
  if (amount === '' || amount === null || amount === undefined) return { paise: null, error: CANCEL_MESSAGES.amount };
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n) || n < 0) return { paise: null, error: CANCEL_MESSAGES.amount };
  if (!hasAtMostTwoDecimals(n)) return { paise: null, error: CANCEL_MESSAGES.amountDecimals };
  const paise = toPaise(n);
  if (paise > paidPaise) return { paise: null, error: amountTooHigh(toRupees(paidPaise)) };
  return { paise };
}

/** The parsed body without an empty override reason (the schema reads '' as null). */
function withoutNull({ overrideReason, ...rest }: ReturnType<typeof cancelSaleBody.parse>): CancelSaleBody {
  return overrideReason ? { ...rest, overrideReason } : rest;
}

const SCHEMA_FIELD: Record<string, keyof CancelPlan['errors']> = {
  reason: 'reason',
  refundAmount: 'amount',
  overrideReason: 'overrideReason',
};

/**
 * The plan of a cancellation. Without an override: the quote's figures; Confirm needs a reason and something to
 * credit or refund. With the override (the only way outside the window): the refund is the amount typed (0 to what
 * was paid), what is kept is the rest of what was paid, and the credit is what was cancelled less what is kept;
 * Confirm needs the amount and both reasons. A sale with nothing left to cancel cannot be confirmed. The body must
 * pass the shared schema of POST /payments/cancel-sale too (lengths, characters).
 */
export function cancelPlan(visitId: string, quote: PlanQuote, form: CancelFormValues): CancelPlan {
  const paidPaise = toPaise(quote.paid);
  const cancelledPaise = toPaise(quote.cancelled);
  const mustOverride = !quote.withinPolicy;
  const overriding = mustOverride || form.override;
  const errors: CancelPlan['errors'] = {};
  if (!form.reason.trim()) errors.reason = CANCEL_MESSAGES.reason;

  let refundPaise = toPaise(quote.refund);
  let creditPaise = toPaise(quote.credit);
  let blocked: string | null = null;
  if (overriding) {
    const amount = overrideAmountPaise(form.amount, paidPaise);
    if (amount.error) errors.amount = amount.error;
    if (!form.overrideReason.trim()) errors.overrideReason = CANCEL_MESSAGES.overrideReason;
    refundPaise = amount.paise ?? 0;
    creditPaise = Math.max(0, Math.min(cancelledPaise, cancelledPaise - (paidPaise - refundPaise)));
  } else if (creditPaise <= 0 && refundPaise <= 0) {
    blocked = CANCEL_MESSAGES.nothingToCancel;
  }
  if (cancelledPaise <= 0) blocked = CANCEL_MESSAGES.alreadyCancelled;

  const body: CancelSaleBody = {
    visitId,
    reason: form.reason,
    ...(overriding ? { refundAmount: toRupees(refundPaise), overrideReason: form.overrideReason } : {}),
  };
  const parsed = cancelSaleBody.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = SCHEMA_FIELD[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }

  const canConfirm = Object.keys(errors).length === 0 && blocked === null && parsed.success;
  return {
    mustOverride,
    overriding,
    nothingRefundable: toPaise(quote.refund) === 0 ? (quote.message ?? NOTHING_REFUNDABLE) : null,
    credit: toRupees(creditPaise),
    refund: toRupees(refundPaise),
    kept: toRupees(Math.max(0, paidPaise - refundPaise)),
    maxOverride: toRupees(paidPaise),
    sources: refundSources(quote, refundPaise),
    errors,
    blocked,
    canConfirm,
    body: canConfirm && parsed.success ? withoutNull(parsed.data) : null,
  };
}
