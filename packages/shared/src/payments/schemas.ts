/**
 * Contracts of the card and payment-link calls (spec 001 §3 "Payment order", §7 `/payments/...`): the existing
 * client's shapes (Razorpay's checkout result names) plus the fields Pawdesk's screens add. Amounts sent by the
 * browser are rupees; the `order` answered is the provider's order, whose `amount` is paise as checkout expects.
 */
import { z } from 'zod';
import { idSchema, optionalText, rupees, text } from '../common.ts';
import { LEDGER_METHODS, LEDGER_STATUSES } from './rules.ts';

/** The spec's payment messages (§10), verbatim, plus the server's own. */
export const PAYMENT_MESSAGES = {
  sdkFailed: 'Razorpay SDK failed to load. Are you online?',
  done: '✅ Payment Done Successfully!',
  failed: '❌ Payment Failed!',
  orderFailed: 'Failed to create payment order',
  initFailed: 'Error initiating payment. Please try again.',
  orderCreated: 'Payment order created',
  nothingDue: 'Nothing is due',
  subjectMissing: 'Name what is being paid for: notes.visitId, notes.boardingId, notes.prescriptionId or notes.subscriptionId',
  amountMismatch: 'The amount does not match what is due',
  signatureInvalid: 'The payment signature does not match this order and payment',
  webhookSignatureInvalid: 'Invalid webhook signature',
  notCaptured: 'The payment has not been captured yet',
  moreThanDue: 'The payment is more than what is due',
  otherSubject: 'This payment does not belong to this visit',
  linkSent: 'Payment link sent to the owner',
  linkNoEmail: 'The owner has no email address: share the link with them',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
} as const;

/** What a provider names an order, a payment or a link: `order_…`, `pay_…`, `plink_…`. */
const providerId = (label: string) =>
  text({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(64, `${label} is too long`)
    .regex(/^[A-Za-z0-9_]+$/, `${label} is not a valid id`);

/** The record being paid for. One of these; a boarding covers its visit's charges too. */
export const paymentSubjectSchema = z.object({
  visitId: idSchema.optional(),
  boardingId: idSchema.optional(),
  prescriptionId: idSchema.optional(),
  subscriptionId: idSchema.optional(),
});
export type PaymentSubjectInput = z.infer<typeof paymentSubjectSchema>;

export const createOrderBody = z.object({
  /** Rupees, as the screen showed them; optional: the server takes the amount from the record being paid. */
  amount: rupees({ label: 'Amount' }).optional(),
  /** 'order' + timestamp by default; at most 40 characters (Razorpay's limit). */
  receipt: optionalText(40, 'Receipt must be at most 40 characters'),
  notes: paymentSubjectSchema,
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const providerOrderSchema = z.object({
  id: z.string(),
  /** Paise, as Razorpay's order and checkout use it. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string().nullable(),
});

export const PAYMENT_PROVIDERS = ['razorpay', 'offline'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const createOrderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  order: providerOrderSchema,
  /** The same amount in rupees. */
  amountRupees: z.number(),
  /** The ledger's pending payment this order pays. */
  paymentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

/** Razorpay checkout's result, as the browser hands it over, plus (ignored) what the client knows of the subject. */
export const verifyPaymentBody = z.object({
  razorpay_order_id: providerId('Order id'),
  razorpay_payment_id: providerId('Payment id'),
  razorpay_signature: text({ error: 'Signature is required' }).max(128, 'Signature is too long'),
  visitId: idSchema.optional(),
  boardingId: idSchema.optional(),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentBody>;

export const verifyPendingPaymentBody = z.object({
  razorpay_payment_id: providerId('Payment id'),
  visitId: idSchema.optional(),
  boardingId: idSchema.optional(),
});
export type VerifyPendingPaymentBody = z.input<typeof verifyPendingPaymentBody>;

/** A payment as the ledger holds it; amounts in rupees. */
export const ledgerPaymentSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(LEDGER_STATUSES),
  method: z.enum(LEDGER_METHODS).nullable(),
  receiptNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  provider: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  linkUrl: z.string().nullable(),
});
export type LedgerPayment = z.infer<typeof ledgerPaymentSchema>;

export const paymentDoneResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: ledgerPaymentSchema,
  /**
   * A checkout order's verification (a plan bought online, a wallet top-up): what it created, e.g. { visitId,
   * subscriptionId } or { walletPaymentId }, or { unapplied } when the money is held on the owner's unapplied balance.
   */
  checkout: z
    .object({
      purpose: z.enum(['subscription', 'wallet_topup', 'deposit', 'appointment']),
      status: z.enum(['created', 'paid', 'cancelled']),
      result: z.record(z.string(), z.string()),
    })
    .optional(),
});
export type PaymentDoneResponse = z.infer<typeof paymentDoneResponse>;

export const paymentLinkBody = z.object({ paymentId: idSchema });

export const paymentLinkResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  linkUrl: z.string(),
  /** false: the owner has no email address, the receptionist shares the link. */
  emailed: z.boolean(),
  payment: ledgerPaymentSchema,
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponse>;

export const paymentsConfigResponse = z.object({
  success: z.literal(true),
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string(),
  businessName: z.string(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigResponse>;

/** A webhook event as Razorpay sends it; entities are read (after the signature check) by the server. */
export const webhookBody = z.object({
  event: text({ error: 'Event is required' }).max(100, 'Event is too long'),
  payload: z.record(z.string(), z.unknown()).optional(),
});

export const webhookResponse = z.object({
  success: z.literal(true),
  /** processed: a payment was recorded; duplicate: it already was; ignored: not ours or not a payment. */
  status: z.enum(['processed', 'duplicate', 'unapplied', 'ignored']),
});

/** The offline provider's checkout: what the person at the dialog chose. */
export const offlinePayBody = z.object({
  outcome: z.enum(['success', 'failure'], { error: "Outcome must be 'success' or 'failure'" }),
});

export const offlinePayResponse = z.object({
  success: z.literal(true),
  status: z.enum(['captured', 'failed']),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  /** Only for a captured payment, signed as Razorpay's checkout signs it. */
  razorpay_signature: z.string().optional(),
  error: z.object({ code: z.string(), description: z.string(), reason: z.string() }).optional(),
});
export type OfflinePayResponse = z.infer<typeof offlinePayResponse>;
