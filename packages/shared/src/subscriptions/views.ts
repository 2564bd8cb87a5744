/**
 * A subscription as every answer shows it (Pet Records, New Visit, My Subscriptions, the staff dashboard): whether it
 * is usable, what it holds, until when, what is still owed on it, and its history of purchases, renewals and ends.
 * Amounts are rupees; dates `yyyy-MM-dd` in the business time zone; times ISO.
 */
import { z } from 'zod';
import { requiredEmail, text } from '../common.ts';

/**
 * active: usable now (paid, or sold 'pay later'); awaiting_payment: sold by card or payment link, not usable until
 * the money arrives; inactive: used up, expired or ended.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'awaiting_payment', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_EVENT_KINDS = ['purchase', 'renewal', 'expired', 'used_up', 'ended'] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];
export const SUBSCRIPTION_EVENT_STATUSES = ['awaiting_payment', 'applied', 'void'] as const;
export type SubscriptionEventStatus = (typeof SUBSCRIPTION_EVENT_STATUSES)[number];

/** Days left (or days of validity left) at which a subscription counts as running out: red, 'Expiring soon', the email. */
export const SUBSCRIPTION_EXPIRING_DAYS = 7;
/** Days left shown yellow at this many or fewer. */
export const SUBSCRIPTION_WARN_DAYS = 30;
/** Most validity days a plan may have (ten years). */
export const MAX_PLAN_VALIDITY_DAYS = 3660;

/** What every subscription object carries beside its counts. */
export const subscriptionStateFields = {
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The last day it may be used (its plan's validity); null: no expiry. */
  validUntil: z.string().nullable(),
  /** Rupees still owed on its purchases and renewals (a 'pay later' sale, a link not paid yet). */
  amountDue: z.number(),
  /** Its latest purchase was sold 'pay later' and is not paid yet. */
  payLater: z.boolean(),
};

/** One line of a subscription's history, newest first. */
export const subscriptionHistoryEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(SUBSCRIPTION_EVENT_KINDS),
  /** Purchases and renewals: awaiting_payment until paid (card, link), applied, or void (its sale voided or cancelled). */
  status: z.enum(SUBSCRIPTION_EVENT_STATUSES),
  /** When it happened (applied, or recorded when not applied yet), ISO. */
  date: z.string(),
  planName: z.string(),
  /** Purchases: the days and sessions it adds. Ends: what was left (and lost). */
  days: z.number(),
  groomings: z.number(),
  /** Purchases: the plan's price (rupees); 0 for ends. */
  price: z.number(),
  daysLeftAfter: z.number().nullable(),
  groomingsLeftAfter: z.number().nullable(),
  validUntilAfter: z.string().nullable(),
  /** The Buy/Renew Subscription visit that sold it. */
  visitId: z.string().nullable(),
});
export type SubscriptionHistoryEntry = z.infer<typeof subscriptionHistoryEntrySchema>;

const purposeRef = z.object({ _id: z.string(), purpose: z.string() });

/** The plan of a subscription, as every subscription answer names it. */
export const subscriptionPlanRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subscriptionType: purposeRef,
  price: z.number(),
  duration: z.number(),
  numberOfGroomings: z.number(),
  /** The plan's validity in days; null: no expiry. */
  validityInDays: z.number().nullable(),
});

/** A subscription as listed per pet (spec 000 §3), with its history. */
export const petSubscriptionSchema = z.object({
  _id: z.string(),
  planId: subscriptionPlanRefSchema,
  active: z.boolean(),
  daysLeft: z.number(),
  numberOfGroomings: z.number(),
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
  ...subscriptionStateFields,
  history: z.array(subscriptionHistoryEntrySchema),
});
export type PetSubscription = z.infer<typeof petSubscriptionSchema>;

/* ───────────── GET /subscription/customer-subscriptions?email= ───────────── */

export const CUSTOMER_SUBSCRIPTIONS_MESSAGES = {
  emailRequired: 'Email is required',
  noOwner: 'No customer has this email',
} as const;

/** Customers: the email is accepted but never widens the answer. Staff: the owner with this email. */
export const customerSubscriptionsQuery = z.object({ email: requiredEmail().optional() });

export const customerSubscriptionSchema = z.object({
  _id: z.string(),
  active: z.boolean(),
  ...subscriptionStateFields,
  daysLeft: z.number(),
  numberOfGroomings: z.number(),
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
  petId: z.object({ _id: z.string(), name: z.string(), breed: z.string(), email: z.string().nullable() }),
  planId: subscriptionPlanRefSchema,
});
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const customerSubscriptionsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subscriptions: z.array(customerSubscriptionSchema),
});
export type CustomerSubscriptionsResponse = z.infer<typeof customerSubscriptionsResponse>;

/* ───────────── GET /subscription/expiring (staff dashboard) ───────────── */

// The dashboard list's limit, without zod (the staff dashboard imports it without loading zod).
export { EXPIRING_SUBSCRIPTIONS_MAX } from './expiring.ts';

export const expiringSubscriptionSchema = z.object({
  _id: z.string(),
  petId: z.object({ _id: z.string(), name: z.string() }),
  owner: z.object({ name: z.string(), phone: z.string().nullable() }),
  purpose: z.string(),
  planName: z.string(),
  daysLeft: z.number(),
  numberOfGroomings: z.number(),
  validUntil: z.string().nullable(),
  /** days: 7 or fewer days left (day plans); validity: its validity ends within 7 days. */
  reason: z.enum(['days', 'validity']),
});
export type ExpiringSubscription = z.infer<typeof expiringSubscriptionSchema>;

export const expiringSubscriptionsResponse = z.object({
  success: z.literal(true),
  subscriptions: z.array(expiringSubscriptionSchema),
});
export type ExpiringSubscriptionsResponse = z.infer<typeof expiringSubscriptionsResponse>;

/* ───────────── POST /customer/payment/create-order (a plan bought online) ───────────── */

export const CUSTOMER_PURCHASE_MESSAGES = {
  petRequired: 'Please select a pet',
  planRequired: 'Please select a plan',
  invalidPlan: 'Invalid plan selected',
  paid: 'Payment successful and subscription purchased!',
  failed: 'Failed to purchase subscription',
  sdkFailed: 'Razorpay SDK failed to load. Please check your internet connection.',
} as const;

const isId = (s: string) => /^[0-9a-f]{24}$/.test(s);

export const customerPlanOrderBody = z.object({
  petId: text({ error: CUSTOMER_PURCHASE_MESSAGES.petRequired })
    .min(1, CUSTOMER_PURCHASE_MESSAGES.petRequired)
    .refine(isId, CUSTOMER_PURCHASE_MESSAGES.petRequired),
  planId: text({ error: CUSTOMER_PURCHASE_MESSAGES.planRequired })
    .min(1, CUSTOMER_PURCHASE_MESSAGES.planRequired)
    .refine(isId, CUSTOMER_PURCHASE_MESSAGES.invalidPlan),
  /** The existing client sends the customer's email; the owner always comes from the token. */
  email: text().max(254, 'Email must be at most 254 characters').optional(),
});
export type CustomerPlanOrderBody = z.input<typeof customerPlanOrderBody>;
/** The answer is the checkout order's (`checkoutOrderResponse`, payments/checkout-schemas.ts): fields at the top level. */
