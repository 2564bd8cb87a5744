/**
 * Contracts of a pet's subscription: buying one at the desk (spec 001 §3 "Subscription purchase payload (staff)"),
 * the active one for a purpose (`getsubscriptiondetails`), and the one a visit bought (`/visit/buyy/{visitId}`).
 * Amounts are rupees; the server takes every price from the plan.
 */
import { z } from 'zod';
import { MAX_TOTAL_RUPEES, requiredId, rupees, text } from '../common.ts';
import { VISIT_MESSAGES } from '../visits/rules.ts';
import { savedVisitSchema, visitPaymentSchema } from '../visits/schemas.ts';
import { subscriptionPlanRefSchema, subscriptionStateFields } from './views.ts';

export * from './views.ts';

export const SUBSCRIPTION_MESSAGES = {
  purchased: 'Payment successful and subscription purchased!',
  purchasedPending: 'Subscription purchased. The payment is pending.',
  /** Sold by card or payment link: usable once paid. */
  purchasedAwaiting: 'Subscription purchased. It becomes active when the payment arrives.',
  /** Sold 'pay later': usable now, owed until paid. */
  purchasedPayLater: (due: string) => `Subscription purchased. ${due} is owed (pay later).`,
  renewed: 'Payment successful and subscription renewed!',
  renewedAwaiting: 'Subscription renewed. The days are added when the payment arrives.',
  renewedPayLater: (due: string) => `Subscription renewed. ${due} is owed (pay later).`,
  awaitingPayment: (purpose: string) => `The ${purpose} subscription is waiting for its payment`,
  liveConflict: (purpose: string) =>
    `The pet already has a ${purpose} subscription being bought at this moment. Please try again.`,
  payLaterWallet: 'A wallet payment is taken now: pay later does not apply',
  purchaseFailed: 'Failed to purchase subscription',
  planRequired: VISIT_MESSAGES.planRequired,
  planRetired: 'This plan is no longer offered. Please select another plan.',
  alreadyActive: (purpose: string) => `The pet already has an active ${purpose} subscription`,
  notHeld: (purpose: string) =>
    `The pet has no active ${purpose} subscription on this plan. Buy one first, or save the visit without it.`,
  expiredOn: (purpose: string, date: string) =>
    `The pet's ${purpose} subscription was valid until ${date}. Renew it, or save the visit without it.`,
  found: 'Subscription found',
  none: 'No active subscription',
  /** Lists of subscriptions (Pet Records, My Subscriptions): the spec's empty state. */
  listFound: 'Subscriptions found',
  noneActive: 'No active subscriptions',
} as const;

/** How a subscription may be paid at the desk: the New Visit methods and the owner's wallet. */
export const SUBSCRIPTION_PAYMENT_METHODS = ['cash', 'payment_link', 'card', 'wallet'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

/**
 * POST /subscription/buysubscription, as the existing client sends it. Buying a plan of a purpose the pet holds
 * live renews that subscription. A card or payment-link sale is usable once paid, unless staff choose `payLater`.
 */
export const buySubscriptionBody = z.object({
  petId: requiredId(VISIT_MESSAGES.petMissing),
  /** The Buy Subscription purpose's id (the New Visit form), or the purpose the plan is for. */
  visitType: requiredId(VISIT_MESSAGES.visitTypeMissing),
  planId: text({ error: VISIT_MESSAGES.planRequired }).pipe(z.string().regex(/^[0-9a-f]{24}$/, VISIT_MESSAGES.planRequired)),
  details: z.object({
    selectedPayment: z.enum(SUBSCRIPTION_PAYMENT_METHODS, { error: VISIT_MESSAGES.paymentMethod }),
    /** The plan's price as the screen showed it. */
    price: rupees({ label: 'Price' }),
    /** Staff chose 'pay later': usable now, the price owed until paid (nothing is taken now for cash). */
    payLater: z.boolean({ error: 'Pay later must be true or false' }).optional(),
  }),
  /**
   * The same, as the total: both must equal the plan's price. The existing client sends 0 (or nothing) here with
   * the plan's price in `details.price`: then the total is the plan's (docs/decisions.md).
   */
  totalPrice: rupees({ label: 'Total price', max: MAX_TOTAL_RUPEES }).optional(),
});
export type BuySubscriptionBody = z.input<typeof buySubscriptionBody>;

/** GET /subscription/getsubscriptiondetails/?petId=&visitType= */
export const subscriptionDetailsQuery = z.object({
  petId: requiredId(VISIT_MESSAGES.petMissing),
  visitType: requiredId(VISIT_MESSAGES.visitTypeMissing),
});

/** A pet's subscription as the New Visit forms read it (spec 001 §3 "Subscription (for a pet)"). */
export const subscriptionDetailsSchema = z.object({
  _id: z.string(),
  petId: z.object({ _id: z.string(), name: z.string(), owner: z.object({ _id: z.string(), name: z.string() }) }),
  planId: z.object({
    _id: z.string(),
    name: z.string(),
    price: z.number(),
    duration: z.number(),
    numberOfGroomings: z.number(),
    subscriptionType: z.object({ _id: z.string(), purpose: z.string() }),
    /** The plan's validity in days; null: no expiry. */
    validityInDays: subscriptionPlanRefSchema.shape.validityInDays,
  }),
  subscriptionType: z.object({ _id: z.string(), purpose: z.string() }),
  /** Grooming sessions left. */
  numberOfGroomings: z.number(),
  daysLeft: z.number(),
  /** Per-day discount on extra days (rupees). */
  discount: z.number(),
  active: z.boolean(),
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
  ...subscriptionStateFields,
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const subscriptionDetailsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** null when the pet has no active subscription for the purpose. */
  subscription: subscriptionDetailsSchema.nullable(),
});
export type SubscriptionDetailsResponse = z.infer<typeof subscriptionDetailsResponse>;

export const buySubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: subscriptionDetailsSchema,
  /** True when the plan renewed the pet's live subscription of its purpose (days and sessions added). */
  renewed: z.boolean(),
  visit: savedVisitSchema,
  payment: visitPaymentSchema.nullable(),
});
export type BuySubscriptionResponse = z.infer<typeof buySubscriptionResponse>;

/**
 * GET /visit/buyy/{visitId}: the subscription that visit bought, shaped like `getsubscriptiondetails`, with the
 * plan's price, duration and purpose also at the top (the old answer was the plan itself).
 */
export const boughtSubscriptionSchema = subscriptionDetailsSchema.extend({
  /** The purpose, with the plan's validity (null: none) and price, as the old answer (the plan) carried them. */
  subscriptionType: z.object({
    _id: z.string(),
    purpose: z.string(),
    validityInDays: z.number().nullable(),
    price: z.number(),
  }),
  /** The plan's validity in days; null: no expiry. */
  validityInDays: z.number().nullable(),
  price: z.number(),
  duration: z.number(),
});
export const boughtSubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: boughtSubscriptionSchema,
});
export type BoughtSubscriptionResponse = z.infer<typeof boughtSubscriptionResponse>;
