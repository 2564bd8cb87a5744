/**
 * Contracts of a pet's subscription: buying one at the desk (spec 001 §3 "Subscription purchase payload (staff)"),
 * the active one for a purpose (`getsubscriptiondetails`), and the one a visit bought (`/visit/buyy/{visitId}`).
 * Amounts are rupees; the server takes every price from the plan.
 */
import { z } from 'zod';
import { idSchema, MAX_TOTAL_RUPEES, rupees, text } from '../common.ts';
import { VISIT_MESSAGES } from '../visits/rules.ts';
import { paymentMethodSchema, savedVisitSchema, visitPaymentSchema } from '../visits/schemas.ts';

export const SUBSCRIPTION_MESSAGES = {
  purchased: 'Payment successful and subscription purchased!',
  purchasedPending: 'Subscription purchased. The payment is pending.',
  purchaseFailed: 'Failed to purchase subscription',
  planRequired: VISIT_MESSAGES.planRequired,
  planRetired: 'This plan is no longer offered. Please select another plan.',
  alreadyActive: (purpose: string) => `The pet already has an active ${purpose} subscription`,
  notHeld: (purpose: string) =>
    `The pet has no active ${purpose} subscription on this plan. Buy one first, or save the visit without it.`,
  found: 'Subscription found',
  none: 'No active subscription',
} as const;

/** POST /subscription/buysubscription, as the existing client sends it. */
export const buySubscriptionBody = z.object({
  petId: text({ error: VISIT_MESSAGES.petMissing }).pipe(idSchema),
  /** The Buy Subscription purpose's id (the New Visit form), or the purpose the plan is for. */
  visitType: text({ error: VISIT_MESSAGES.visitTypeMissing }).pipe(idSchema),
  planId: text({ error: VISIT_MESSAGES.planRequired }).pipe(z.string().regex(/^[0-9a-f]{24}$/, VISIT_MESSAGES.planRequired)),
  details: z.object({
    selectedPayment: paymentMethodSchema,
    /** The plan's price as the screen showed it. */
    price: rupees({ label: 'Price' }),
  }),
  /** The same, as the total: both must equal the plan's price. */
  totalPrice: rupees({ label: 'Total price', max: MAX_TOTAL_RUPEES }),
});
export type BuySubscriptionBody = z.input<typeof buySubscriptionBody>;

/** GET /subscription/getsubscriptiondetails/?petId=&visitType= */
export const subscriptionDetailsQuery = z.object({
  petId: text({ error: VISIT_MESSAGES.petMissing }).pipe(idSchema),
  visitType: text({ error: VISIT_MESSAGES.visitTypeMissing }).pipe(idSchema),
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
  visit: savedVisitSchema,
  payment: visitPaymentSchema.nullable(),
});
export type BuySubscriptionResponse = z.infer<typeof buySubscriptionResponse>;

/**
 * GET /visit/buyy/{visitId}: the subscription that visit bought, shaped like `getsubscriptiondetails`, with the
 * plan's price, duration and purpose also at the top (the old answer was the plan itself).
 */
export const boughtSubscriptionSchema = subscriptionDetailsSchema.extend({
  price: z.number(),
  duration: z.number(),
});
export const boughtSubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: boughtSubscriptionSchema,
});
export type BoughtSubscriptionResponse = z.infer<typeof boughtSubscriptionResponse>;
