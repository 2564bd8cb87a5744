/**
 * The refund policy (spec 001 §9) as one rule, in integer paise: a cancellation requested within
 * `REFUND_POLICY.cancellationDays` business days of the sale is refunded less a fixed deduction chosen by the amount
 * cancelled, taken once per sale. The public Refund Policy page shows its examples with it; a refund screen or the
 * server quotes and decides with it. No zod here: the public pages import it (`@pawdesk/shared/payments/refund`).
 */
import { REFUND_POLICY } from '../catalog.ts';
import { addDays, DEFAULT_TZ, dateInTz, daysBetween, isIsoDate } from '../dates.ts';
import { toPaise } from '../money.ts';

/** What a refund screen shows when the quote refunds nothing. */
export const NOTHING_REFUNDABLE = 'Nothing is refundable under the policy';

/** The policy's figures in paise and days (REFUND_POLICY speaks rupees). */
export const REFUND_RULE = {
  /** The last day a request is in: the sale's business date + this many days. */
  cancellationDays: REFUND_POLICY.cancellationDays,
  /** Cancelled amounts from here up take the larger deduction. */
  thresholdPaise: toPaise(REFUND_POLICY.threshold),
  deductionBelowPaise: toPaise(REFUND_POLICY.deductionBelow),
  deductionFromThresholdPaise: toPaise(REFUND_POLICY.deductionAbove),
} as const;

/** A day of the rule: a `yyyy-MM-dd` business date, or an instant read in the business time zone. */
export type BusinessDay = string | Date;

/** The business date of a day: a `yyyy-MM-dd` date as given, an instant as its date in `tz`. */
export function businessDate(day: BusinessDay, tz: string = DEFAULT_TZ): string {
  if (day instanceof Date) {
    if (Number.isNaN(day.getTime())) throw new RangeError('refund: an invalid instant');
    return dateInTz(day, tz);
  }
  if (!isIsoDate(day)) throw new RangeError(`refund: '${day}' is not a yyyy-MM-dd business date`);
  return day;
}

export interface RefundWindow {
  /** The request's day is on or after the sale's and at most `cancellationDays` after it. */
  withinPolicy: boolean;
  /** Business days from the sale's date to the request's (0 on the day of the sale; negative before it). */
  daysAfterSale: number;
  /** The last business date a request is in (`yyyy-MM-dd`). */
  lastDay: string;
}

/** The date-level rule: a sale on 1 Nov may be cancelled until 5 Nov (day 4); 6 Nov (day 5) is out. */
export function refundWindow(saleDate: string, requestDate: string): RefundWindow {
  const sale = businessDate(saleDate);
  const daysAfterSale = daysBetween(sale, businessDate(requestDate));
  return {
    withinPolicy: daysAfterSale >= 0 && daysAfterSale <= REFUND_RULE.cancellationDays,
    daysAfterSale,
    lastDay: addDays(sale, REFUND_RULE.cancellationDays),
  };
}

/** The deduction the policy names for an amount cancelled: under ₹20,000 ₹5,000; from ₹20,000 up ₹7,500. */
export function refundDeductionPaise(cancelledPaise: number): number {
  return cancelledPaise < REFUND_RULE.thresholdPaise ? REFUND_RULE.deductionBelowPaise : REFUND_RULE.deductionFromThresholdPaise;
}

export interface RefundQuoteInput {
  /** When the sale was made and when the refund is asked for: instants (read in `tz`) or business dates. */
  saleDate: BusinessDay;
  requestDate: BusinessDay;
  /** The business time zone instants are read in (default Asia/Kolkata). */
  tz?: string;
  /** The amount cancelled. */
  cancelledPaise: number;
  /** What was paid on the sale (payments less refunds already given). */
  paidPaise: number;
  /** What the sale charged before this cancellation; default: the amount cancelled (the whole sale is cancelled). */
  chargedPaise?: number;
  /** Deductions already taken on this sale: the policy takes one per sale, so any (> 0) makes this one 0. */
  deductionTakenPaise?: number;
}

export interface RefundQuote extends RefundWindow {
  /** The deduction kept as earned: the policy's figure, at most what was paid toward the amount cancelled. */
  deductionPaise: number;
  /** What the sale's charge is reduced by: cancelled − deduction (never below 0). */
  creditPaise: number;
  /** Money given back: what was paid beyond what stays charged, at most the credit (never below 0). */
  refundPaise: number;
  /** Of what was paid, what the business keeps: paid − refund. */
  keptPaise: number;
}

function paiseIn(name: string, v: number) {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`refund: ${name} must be whole paise, not below 0 (${v})`);
  return v;
}

/**
 * The refund of a cancellation under the policy. Within the window: the deduction (by the amount cancelled, once per
 * sale, never more than was paid toward what is cancelled: payments cover what stays charged first) stays charged;
 * the sale's charge is reduced by the rest (credit); what was paid beyond the charge that remains is given back, up
 * to the credit. A fully paid sale cancelled whole: refund = credit = cancelled − deduction (₹25,000 → ₹17,500
 * back, ₹7,500 kept). Outside the window nothing is credited or refunded (withinPolicy false) and all paid is kept.
 */
export function refundQuote(i: RefundQuoteInput): RefundQuote {
  const tz = i.tz ?? DEFAULT_TZ;
  const window = refundWindow(businessDate(i.saleDate, tz), businessDate(i.requestDate, tz));
  const cancelled = paiseIn('cancelledPaise', i.cancelledPaise);
  const paid = paiseIn('paidPaise', i.paidPaise);
  const charged = paiseIn('chargedPaise', i.chargedPaise ?? cancelled);
  const taken = paiseIn('deductionTakenPaise', i.deductionTakenPaise ?? 0);
  if (cancelled > charged) throw new RangeError(`refund: cancelling ${cancelled} of a sale that charged ${charged}`);
  if (!window.withinPolicy) {
    return { ...window, deductionPaise: 0, creditPaise: 0, refundPaise: 0, keptPaise: paid };
  }
  const paidTowardCancelled = Math.min(cancelled, Math.max(0, paid - (charged - cancelled)));
  const deductionPaise = taken > 0 ? 0 : Math.min(refundDeductionPaise(cancelled), paidTowardCancelled);
  const creditPaise = Math.max(0, cancelled - deductionPaise);
  const stillCharged = charged - creditPaise;
  const refundPaise = Math.max(0, Math.min(creditPaise, paid - stillCharged));
  return { ...window, deductionPaise, creditPaise, refundPaise, keptPaise: paid - refundPaise };
}
