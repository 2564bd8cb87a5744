/**
 * The payment of a visit as the visit lookups answer it (`details.payment`), derived from the payment ledger, and
 * whether the visit was voided.
 */
import { z } from 'zod';

/** `details.payment` of a visit: what was paid and what is still owed, from the ledger. */
export const visitPaymentViewSchema = z.object({
  /** Paid so far (completed payments less refunds, less money moved to the owner's unapplied balance); 0 when nothing was paid. */
  amount: z.number(),
  /** What the visit costs now: its charges less credits (a cancellation, a void), from the ledger. */
  charged: z.number().optional(),
  /** Credits on its charges (a cancellation, a void). */
  credited: z.number().optional(),
  /** partial_payment | advance_payment | payment_after_service, when one was chosen. */
  paymentType: z.string().nullable(),
  /** Still owed (charged less written off less paid). */
  remainingAmount: z.number(),
  /** True when nothing is owed any more. */
  isRemainingPaid: z.boolean(),
  /** True when some money was received. */
  isPaid: z.boolean(),
  /** Asked for but not received yet (a card checkout to complete, a payment link not paid). */
  pendingAmount: z.number(),
  /** The method of the latest payment (cash, payment_link, card, not_recorded). */
  method: z.string().nullable(),
  /** How screens show that method ('Cash', …, 'Method not recorded'); null without a payment. */
  methodLabel: z.string().nullable(),
  /** pending | completed of the latest payment. */
  status: z.string().nullable(),
  /** The receipt number of the latest completed payment. */
  receiptNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The payment link to share while one is pending. */
  linkUrl: z.string().nullable(),
});
export type VisitPaymentView = z.infer<typeof visitPaymentViewSchema>;

/** A voided visit (admins void a visit recorded by mistake; its charges are credited): when and why; null when not. */
export const visitVoidedSchema = z.object({ at: z.string(), reason: z.string() }).nullable();
export type VisitVoided = z.infer<typeof visitVoidedSchema>;
