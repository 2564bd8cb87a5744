/** Answer contracts of what is recorded per pet: history, visits and subscriptions (spec 000 §3, §7). */
import { z } from 'zod';
import { petSubscriptionSchema, type PetSubscription } from '../subscriptions/views.ts';
import { visitPaymentViewSchema, visitVoidedSchema } from '../visits/visit-payment-view.ts';

export const itemRefSchema = z.object({ _id: z.string(), itemName: z.string() });

/** One visit line (vaccine, medicine or shop item). */
export const visitLineSchema = z.object({
  /** shop | medicine | vaccine */
  kind: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  volume: z.number().nullable(),
  /** The vaccine's dose number, when recorded. */
  doseNumber: z.number().nullable(),
});

/** GET /pet/getpethistory/{id}: the pet's visits with items, newest first. */
export const petHistoryEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  purpose: z.string(),
  price: z.number(),
  item: itemRefSchema.nullable(),
  quantity: z.number().nullable(),
  volumeML: z.number().nullable(),
  items: z.array(visitLineSchema),
});
export type PetHistoryEntry = z.infer<typeof petHistoryEntrySchema>;

/**
 * The same visits as the existing web client reads them (`visits`): each with `itemDetails`, the medicines and
 * vaccines given, as `{item: {itemName}, dose}` (dose: the vaccine's dose number, else the quantity).
 */
export const petHistoryVisitSchema = petHistoryEntrySchema.extend({
  itemDetails: z.array(z.object({ item: z.object({ itemName: z.string() }), dose: z.number() })),
});
export type PetHistoryVisit = z.infer<typeof petHistoryVisitSchema>;

export const petHistoryResponse = z.object({
  success: z.literal(true),
  history: z.array(petHistoryEntrySchema),
  visits: z.array(petHistoryVisitSchema),
});

export const visitTypeRefSchema = z.object({
  _id: z.string(),
  purpose: z.string(),
  price: z.number(),
  halfdayPrice: z.number(),
  consultationPricePvt: z.number(),
  consultationPricePvtEmergency: z.number(),
  consultationPriceNgo: z.number(),
  consultationPriceNgoEmergency: z.number(),
});

/** A visit as read in the pet's visit list (spec 000 §3 "Visit (as read in lists)"). */
export const petVisitSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  purpose: z.string(),
  price: z.number(),
  pet: z.object({ _id: z.string(), name: z.string() }),
  visitType: visitTypeRefSchema,
  /** What the visit sold, with `payment` (payment.amount: what was paid, 0 when nothing) and `paymentLeft` from the ledger. */
  details: z.looseObject({ payment: visitPaymentViewSchema, paymentLeft: z.number() }),
  item: itemRefSchema.nullable(),
  quantity: z.number().nullable(),
  volumeML: z.number().nullable(),
  /** When and why the visit was voided; null when it was not. */
  voided: visitVoidedSchema,
});
export type PetVisit = z.infer<typeof petVisitSchema>;

export const petVisitsResponse = z.object({
  success: z.literal(true),
  List: z.array(petVisitSchema),
  message: z.string(),
  nextCursor: z.string().nullable(),
});
export type PetVisitsPage = z.infer<typeof petVisitsResponse>;

/** A subscription as listed per pet (spec 000 §3): defined with the other subscription answers. */
export { type PetSubscription, petSubscriptionSchema };

export const petSubscriptionsResponse = z.object({
  success: z.literal(true),
  data: z.array(petSubscriptionSchema),
  message: z.string(),
});
