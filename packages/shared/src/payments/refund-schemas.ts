/**
 * Contracts of refunds, cancellations and voids (issue 15 "Corrections are new rows", "Refunds under the refund
 * policy"): the refund quote of a sale, cancelling a sale with its refund, refunding one payment, voiding a visit,
 * and the offline provider's stand-in for Razorpay's refund processing. Amounts are rupees; the server computes every
 * figure from the ledger with `refundQuote` (./refund.ts).
 */
import { z } from 'zod';
import { idSchema, optionalText, requiredString, rupees, whenObject } from '../common.ts';
import { REFUND_RULE } from './refund.ts';
import { LEDGER_METHODS } from './rules.ts';
import { ledgerPaymentSchema } from './schemas.ts';

/** The messages of these calls (the server's and the screens'), verbatim. */
export const REFUND_MESSAGES = {
  saleMissing: 'Name the sale: visitId, prescriptionId or subscriptionId',
  oneSale: 'Name one sale: visitId, prescriptionId or subscriptionId',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  overrideReasonRequired: 'Give a reason for the override',
  amountPositive: 'Amount must be more than 0',
  windowPassed: `The refund window has passed (${REFUND_RULE.cancellationDays} days from the sale). An admin may override with a reason.`,
  cancelled: 'Sale cancelled and refund recorded',
  refunded: 'Refund recorded',
  voided: 'Visit voided',
  alreadyVoided: 'This visit is already voided',
  alreadyCancelled: 'This sale is already cancelled',
  nothingLeft: 'Nothing is left to cancel: the sale’s charges are already credited',
  nothingCharged: 'Nothing to cancel: the sale charges nothing',
  deboardBeforeCancel: 'Deboard the pet before cancelling this stay',
  deboardBeforeVoid: 'Deboard the pet before voiding this visit',
  /** `left`: formatted rupees, e.g. '₹1,500.00'. */
  moreThanLeft: (left: string) => `A refund cannot exceed what was paid on that payment (${left} left)`,
  /** An admin's refund amount above what the sale holds. */
  moreThanPaid: (paid: string) => `A refund cannot exceed what was paid on the sale (${paid})`,
  /** Money refunded from an owner's account (unapplied: where a void or an overpayment put a sale's money). */
  moreThanHeld: (held: string, account = 'unapplied') => `A refund cannot exceed the owner's ${account} balance (${held})`,
  notRefundable: (status: string) => `Only a completed payment can be refunded (this one is ${status})`,
  notAPayment: 'Only a payment can be refunded',
  otherProvider: (provider: string) =>
    `This payment was taken through ${provider}, which is not the payment provider now: refund it there`,
  refundProcessed: 'Refund confirmed by the provider',
  refundFailed: 'Refund failed at the provider',
} as const;

const reason = () => requiredString(REFUND_MESSAGES.reasonRequired, 500, REFUND_MESSAGES.reasonTooLong, { multiline: true });

/** The sale a quote or a cancellation is about: exactly one of these. */
const saleFields = {
  visitId: idSchema.optional(),
  prescriptionId: idSchema.optional(),
  subscriptionId: idSchema.optional(),
};
type SaleFields = { visitId?: string; prescriptionId?: string; subscriptionId?: string };

function exactlyOneSale(v: SaleFields, ctx: z.RefinementCtx) {
  const named = [v.visitId, v.prescriptionId, v.subscriptionId].filter(Boolean).length;
  if (named === 0) ctx.addIssue({ code: 'custom', message: REFUND_MESSAGES.saleMissing, path: ['visitId'] });
  else if (named > 1) ctx.addIssue({ code: 'custom', message: REFUND_MESSAGES.oneSale, path: ['visitId'] });
}

/** GET /payments/refund-quote?visitId=… (or prescriptionId= / subscriptionId=) */
export const refundQuoteQuery = z.object(saleFields).superRefine(exactlyOneSale, whenObject);
export type RefundQuoteQuery = z.input<typeof refundQuoteQuery>;

/** A completed payment of the sale, with what is left of it to refund. */
export const refundablePaymentSchema = z.object({
  _id: z.string(),
  method: z.enum(LEDGER_METHODS).nullable(),
  amount: z.number(),
  /** Refunds of it, pending or completed. */
  refunded: z.number(),
  /** amount − refunded. */
  refundable: z.number(),
  receiptNo: z.string().nullable(),
});
export type RefundablePayment = z.infer<typeof refundablePaymentSchema>;

/** The refund policy's figures for a cancellation, rupees. */
const figures = {
  /** Kept on the charge as earned (the policy's deduction, once per sale). */
  deduction: z.number(),
  /** What the sale's charges are reduced by: cancelled − deduction. */
  credit: z.number(),
  /** Money given back. */
  refund: z.number(),
  /** Of what was paid, what the business keeps. */
  kept: z.number(),
};

export const refundQuoteSchema = z.object({
  /** The business date of the sale's first charge, and today's (yyyy-MM-dd). */
  saleDate: z.string(),
  requestDate: z.string(),
  /** The last business date a cancellation is within the policy. */
  lastDay: z.string(),
  withinPolicy: z.boolean(),
  daysAfterSale: z.number(),
  /** The sale's charges less earlier credits (and less a deduction an earlier cancellation kept). */
  cancelled: z.number(),
  /** Its completed payments less refunds, plus allocations in less out. */
  paid: z.number(),
  ...figures,
  /** 'Nothing is refundable under the policy' when the refund is 0; else null. */
  message: z.string().nullable(),
  payments: z.array(refundablePaymentSchema),
  /**
   * The policy's figures without its window: what an admin's override with a reason (and no amount) applies to a
   * sale outside the window. The same as the figures above within it.
   */
  override: z.object(figures).optional(),
});
export type RefundQuoteView = z.infer<typeof refundQuoteSchema>;

export const refundQuoteResponse = z.object({ success: z.literal(true), quote: refundQuoteSchema });
export type RefundQuoteResponse = z.infer<typeof refundQuoteResponse>;

/** POST /payments/cancel-sale (admins). */
export const cancelSaleBody = z
  .object({
    ...saleFields,
    reason: reason(),
    /** An admin's refund instead of the policy's; needs overrideReason. */
    refundAmount: rupees({ label: 'Refund amount' }).optional(),
    /** Required with refundAmount, and to cancel outside the policy window. */
    overrideReason: optionalText(500, REFUND_MESSAGES.reasonTooLong, { multiline: true }),
  })
  .superRefine((v, ctx) => {
    exactlyOneSale(v, ctx);
    if (v.refundAmount !== undefined && !v.overrideReason) {
      ctx.addIssue({ code: 'custom', message: REFUND_MESSAGES.overrideReasonRequired, path: ['overrideReason'] });
    }
  }, whenObject);
export type CancelSaleBody = z.input<typeof cancelSaleBody>;

export const cancelSaleResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The credit on the sale's charge (the first, when the sale had several charges: see `credits`); null when none. */
  credit: ledgerPaymentSchema.nullable(),
  /** Every credit written, one per charge reduced. */
  credits: z.array(ledgerPaymentSchema).optional(),
  /** Cash: completed with an R/… receipt. Card and payment link: pending until the provider confirms. */
  refunds: z.array(ledgerPaymentSchema),
  /** The figures applied. */
  quote: refundQuoteSchema,
});
export type CancelSaleResponse = z.infer<typeof cancelSaleResponse>;

/** POST /payments/refund (admins): part or all of one completed payment. */
export const refundPaymentBody = z.object({
  paymentId: idSchema,
  amount: rupees({ label: 'Amount' }).refine((n) => n > 0, REFUND_MESSAGES.amountPositive),
  reason: reason(),
});
export type RefundPaymentBody = z.input<typeof refundPaymentBody>;

export const refundPaymentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  refund: ledgerPaymentSchema,
});
export type RefundPaymentResponse = z.infer<typeof refundPaymentResponse>;

/** POST /visit/voidvisit (admins). */
export const voidVisitBody = z.object({ visitId: idSchema, reason: reason() });
export type VoidVisitBody = z.input<typeof voidVisitBody>;

export const voidVisitResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  visit: z.object({ _id: z.string(), voidedAt: z.string(), voidReason: z.string() }),
  /** One credit per charge of the visit (and its stay) that was not yet credited. */
  credits: z.array(ledgerPaymentSchema),
  /** Money already paid that this void moved to the owner's unapplied balance, rupees (0 when none). */
  unapplied: z.number(),
});
export type VoidVisitResponse = z.infer<typeof voidVisitResponse>;

/**
 * POST /payments/offline/refunds/{refundId}/process: the offline provider plays Razorpay processing a refund
 * (`success`, the default: `refund.processed`; `failure`: `refund.failed`) and hands the signed event to the webhook.
 * `refundId` is the ledger refund's `_id` (as the answers above give it) or the provider's `rfnd_…` id.
 */
export const offlineRefundParams = z.object({
  refundId: z
    .string()
    .regex(/^(?:[0-9a-f]{24}|rfnd_[A-Za-z0-9]{14})$/, 'Invalid refund id')
    .meta({ examples: ['65f1a2b3c4d5e6f708192a3b'] }),
});
export const offlineRefundProcessBody = z
  .object({
    outcome: z.enum(['success', 'failure'], { error: "Outcome must be 'success' or 'failure'" }).optional(),
  })
  .optional();
export const offlineRefundProcessResponse = z.object({
  success: z.literal(true),
  /** What the webhook made of the event: processed, or duplicate when the refund was already decided. */
  status: z.enum(['processed', 'duplicate', 'unapplied', 'ignored']),
  refund: ledgerPaymentSchema,
});
export type OfflineRefundProcessResponse = z.infer<typeof offlineRefundProcessResponse>;
