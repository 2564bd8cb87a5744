/**
 * Answers of the visit lookups (spec 000 §3 "Visit (as read in lists)", spec 001 §3): one visit's details, and the
 * payment of a visit as the screens read it. Every amount paid or owed here is derived from the payment ledger,
 * never read from what the visit stored; amounts are rupees.
 */
import { z } from 'zod';
import { visitTypeApiSchema } from './types-schemas.ts';
import { visitPaymentViewSchema, visitVoidedSchema } from './visit-payment-view.ts';

/** A shop item, medicine or vaccine line of a visit. */
export const visitItemLineSchema = z.object({
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  unit: z.string().nullable(),
  category: z.string().nullable(),
  doseNumber: z.number().nullable(),
  volume: z.number().nullable(),
  /** A vaccine's type (spec 000 §3 "Vaccine line"); null: not recorded. */
  type: z.string().nullable(),
});

/** One ledger row of a visit's sale (charges, payments, credits, refunds, allocations), oldest first. */
export const visitLedgerRowSchema = z.object({
  _id: z.string(),
  /** charge | credit | payment | refund | allocation */
  kind: z.string(),
  /** pending | completed | failed | void */
  status: z.string(),
  /** cash | payment_link | card | wallet | not_recorded; null for charges and credits. */
  method: z.string().nullable(),
  /** Rupees, always positive (the kind gives the sign). */
  amount: z.number(),
  /** The receipt of a completed payment or refund. */
  receiptNo: z.string().nullable(),
  /** When the money moved or the charge was posted (ISO). */
  at: z.string(),
});
export type VisitLedgerRow = z.infer<typeof visitLedgerRowSchema>;

/**
 * `details` of one visit: what was sold as the visit recorded it (prices in rupees) and the payment from the
 * ledger. Fields that do not apply to the purpose are absent.
 */
export const visitDetailsFieldsSchema = z.looseObject({
  purpose: z.string(),
  /** The final price (what the visit costs). */
  price: z.number(),
  finalPrice: z.number(),
  /** The price before the discount (the type's price, the consultation price or the daily price). */
  initialPrice: z.number().optional(),
  discount: z.number(),
  customerType: z.string().optional(),
  numberOfDays: z.number().optional(),
  isSubscriptionAvailed: z.boolean(),
  planId: z.string().nullable().optional(),
  subscriptionId: z.string().nullable().optional(),
  note: z.string().optional(),
  nextFollowUp: z.string().nullable().optional(),
  followUpTime: z.string().nullable().optional(),
  followUpPurpose: z.string().nullable().optional(),
  items: z.array(visitItemLineSchema),
  medicines: z.array(visitItemLineSchema),
  vaccines: z.array(visitItemLineSchema),
  totalCalculatedPrice: z.number().optional(),
  /** Still owed, from the ledger (the same as payment.remainingAmount). */
  paymentLeft: z.number(),
  payment: visitPaymentViewSchema,
});
export type VisitDetailsFields = z.infer<typeof visitDetailsFieldsSchema>;

export const visitDetailsSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  purpose: z.string(),
  /** The final price. */
  price: z.number(),
  pet: z.object({
    _id: z.string(),
    name: z.string(),
    species: z.string(),
    breed: z.string(),
    color: z.string(),
    dob: z.string().nullable(),
    owner: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  }),
  /** A walk-in sale's buyer (issue 18; `pet` then stands in with the buyer's name); absent for a pet's visit. */
  buyer: z.object({ name: z.string(), phone: z.string().nullable() }).optional(),
  /** The visit type with its prices now (the visit's own prices are in details). */
  visitType: visitTypeApiSchema,
  details: visitDetailsFieldsSchema,
  /** The boarding this visit started (boarding purposes). */
  boardingId: z.string().nullable(),
  createdBy: z.string().nullable(),
  voided: visitVoidedSchema,
  /** The ledger rows of the visit's sale and of the stay it started. */
  ledger: z.array(visitLedgerRowSchema),
});
export type VisitDetails = z.infer<typeof visitDetailsSchema>;

/** GET /visit/getvisitdetails/{id} */
export const visitDetailsResponse = z.object({ success: z.literal(true), data: visitDetailsSchema });
export type VisitDetailsResponse = z.infer<typeof visitDetailsResponse>;
