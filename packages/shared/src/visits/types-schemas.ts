/**
 * Contracts of the visit types (purposes with their prices) and subscription plans: the read calls the existing
 * client makes (spec 001 §3 and §7) and the admin screen's calls (`/staff/prices`: prices, plans, change history).
 * Amounts are rupees with at most two decimals.
 */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, requiredString, rupees, text, whenObject, wholeNumber } from '../common.ts';
import { CAPACITY_LABEL, MAX_CAPACITY } from '../boarding/occupancy.ts';
import { visitTypeRefSchema } from '../pets/pet-records.ts';
import { NOTHING_TO_CHANGE } from '../users/schemas.ts';
import { MAX_PLAN_VALIDITY_DAYS } from '../subscriptions/views.ts';
import { gstAnswerFields, visitTypeGstFields } from '../tax/settings.ts';

/* ───────────── read answers ───────────── */

/** A visit type as `getallvisittypes` answers it: the purpose, its code and its prices (the visit lists' fields and more). */
export const visitTypeApiSchema = visitTypeRefSchema.extend({
  _id: idSchema,
  /** Stable key (`dog_park`); `purpose` is the display name an admin may rename. */
  code: z.string(),
  isBoarding: z.boolean(),
  hasSubscription: z.boolean(),
  /** Boarding types: places it holds at once (kennels or places); null = no limit. */
  capacity: z.number().nullable(),
  /** GST (issue 17): SAC code (null: none), rate in percent (0 = not taxed), exempt, and whether prices include GST. */
  sacCode: z.string().nullable(),
  ...gstAnswerFields,
});
export type VisitTypeApi = z.infer<typeof visitTypeApiSchema>;

export const visitTypesResponse = z.object({ success: z.literal(true), visitTypes: z.array(visitTypeApiSchema) });
export type VisitTypesResponse = z.infer<typeof visitTypesResponse>;

/** `getallvisitprices`: one price entry per purpose (spec: "Price entry: purpose, price"), with every price. */
export const visitPricesResponse = z.object({ success: z.literal(true), prices: z.array(visitTypeApiSchema) });
export type VisitPricesResponse = z.infer<typeof visitPricesResponse>;

/** `getboardingcategories`: the purposes whose visits board the pet, in the Deboard screen's order. */
export const boardingCategoriesResponse = z.object({
  success: z.literal(true),
  visitTypes: z.array(z.object({ _id: idSchema, code: z.string(), purpose: z.string() })),
});
export type BoardingCategoriesResponse = z.infer<typeof boardingCategoriesResponse>;

/** A subscription plan: `subscriptionType {purpose}` and `validityInDays` as the existing client reads them. */
export const subscriptionPlanSchema = z.object({
  _id: idSchema,
  name: z.string(),
  price: z.number(),
  /** Days the plan runs. */
  duration: z.number().int(),
  /** Days a purchase stays usable after it is paid (a renewal extends it); null: no expiry. */
  validityInDays: z.number().int().nullable(),
  numberOfGroomings: z.number().int(),
  /** False once retired: no longer offered, still on the subscriptions that hold it. */
  active: z.boolean(),
  subscriptionType: z.object({ _id: idSchema, purpose: z.string(), code: z.string() }),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const plansQuery = z.object({ visitType: idSchema.optional() });
export const plansResponse = z.object({
  success: z.literal(true),
  subscriptionPlans: z.array(subscriptionPlanSchema),
  /** The same plans (`getallsubscription` only: the existing client's customer page reads `data`). */
  data: z.array(subscriptionPlanSchema).optional(),
});
export type PlansResponse = z.infer<typeof plansResponse>;

/* ───────────── admin: prices ───────────── */

/** A visit type as the admin screen lists it: retired (inactive) ones too. */
export const adminVisitTypeSchema = visitTypeApiSchema.extend({ active: z.boolean() });
export type AdminVisitType = z.infer<typeof adminVisitTypeSchema>;
export const adminVisitTypesResponse = z.object({
  success: z.literal(true),
  visitTypes: z.array(adminVisitTypeSchema),
});
export type AdminVisitTypesResponse = z.infer<typeof adminVisitTypesResponse>;

/** The prices of a visit type, each with the label the screen shows (and the messages name). */
export const PRICE_FIELDS = {
  price: 'Base price',
  halfdayPrice: 'Half day price',
  consultationPricePvt: 'Private consultation',
  consultationPricePvtEmergency: 'Private emergency consultation',
  consultationPriceNgo: 'NGO consultation',
  consultationPriceNgoEmergency: 'NGO emergency consultation',
} as const;
export type PriceField = keyof typeof PRICE_FIELDS;

export const PRICES_MSG = {
  typeSaved: 'Visit type saved',
  purposeRequired: 'Purpose is required',
  purposeTooLong: 'Purpose must be at most 60 characters',
  purposeTaken: (purpose: string) => `A visit type named “${purpose}” already exists`,
  planCreated: 'Plan created',
  planSaved: 'Plan saved',
  planRetired: 'Plan retired. Subscriptions that hold it keep it; it is no longer offered.',
  planRestored: 'Plan restored. It is offered again.',
  planNameRequired: 'Plan name is required',
  planNameTooLong: 'Plan name must be at most 100 characters',
  planPriceZero: 'Price must be more than ₹0.00',
  noSubscriptions: 'This visit type has no subscriptions, so it cannot have plans',
  visitTypeRequired: 'Please select a visit type',
  adminOnly: 'Only administrators can change prices',
} as const;

const priceField = (f: PriceField) => rupees({ label: PRICE_FIELDS[f] });

/**
 * A change to a visit type: any of its prices, its display name, whether it is offered, and (boarding types only)
 * its capacity, a whole number of places or null for no limit; at least one. The code never changes.
 */
export const updateVisitTypeBody = z
  .object({
    price: priceField('price').optional(),
    halfdayPrice: priceField('halfdayPrice').optional(),
    consultationPricePvt: priceField('consultationPricePvt').optional(),
    consultationPricePvtEmergency: priceField('consultationPricePvtEmergency').optional(),
    consultationPriceNgo: priceField('consultationPriceNgo').optional(),
    consultationPriceNgoEmergency: priceField('consultationPriceNgoEmergency').optional(),
    purpose: requiredString(PRICES_MSG.purposeRequired, 60, PRICES_MSG.purposeTooLong).optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
    capacity: wholeNumber(CAPACITY_LABEL, { max: MAX_CAPACITY }).nullable().optional(),
    ...visitTypeGstFields,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { ...whenObject, message: NOTHING_TO_CHANGE });
export type UpdateVisitTypeBody = z.input<typeof updateVisitTypeBody>;
/** The change as the server reads it (codes trimmed; '' cleared to null). */
export type UpdateVisitTypeChange = z.output<typeof updateVisitTypeBody>;

export const visitTypeSaved = z.object({ success: z.literal(true), message: z.string(), visitType: adminVisitTypeSchema });
export type VisitTypeSaved = z.infer<typeof visitTypeSaved>;

/* ───────────── admin: plans ───────────── */

/** Longest plan: ten years. */
export const MAX_PLAN_DAYS = 3650;
/** Most grooming sessions one plan includes. */
export const MAX_PLAN_GROOMINGS = 1000;

const planFields = {
  name: requiredString(PRICES_MSG.planNameRequired, 100, PRICES_MSG.planNameTooLong),
  price: rupees({ label: 'Price' }).refine((n) => n > 0, PRICES_MSG.planPriceZero),
  duration: wholeNumber('Duration (days)', { min: 1, max: MAX_PLAN_DAYS }),
  numberOfGroomings: wholeNumber('Number of groomings', { max: MAX_PLAN_GROOMINGS }),
  /** Days a purchase stays usable after it is paid; null (or left out on create): no expiry. */
  validityDays: wholeNumber('Validity (days)', { min: 1, max: MAX_PLAN_VALIDITY_DAYS }).nullable(),
};

/** A new plan for a visit type that has subscriptions. */
export const createPlanBody = z.object({
  visitType: text({ error: PRICES_MSG.visitTypeRequired }).pipe(idSchema),
  ...planFields,
  numberOfGroomings: planFields.numberOfGroomings.default(0),
  validityDays: planFields.validityDays.default(null),
});
export type CreatePlanBody = z.input<typeof createPlanBody>;

/** A change to a plan: any of its fields, at least one. Its visit type never changes. */
export const updatePlanBody = z
  .object({
    name: planFields.name.optional(),
    price: planFields.price.optional(),
    duration: planFields.duration.optional(),
    numberOfGroomings: planFields.numberOfGroomings.optional(),
    validityDays: planFields.validityDays.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { ...whenObject, message: NOTHING_TO_CHANGE });
export type UpdatePlanBody = z.input<typeof updatePlanBody>;

export const planSaved = z.object({ success: z.literal(true), message: z.string(), subscriptionPlan: subscriptionPlanSchema });
export type PlanSaved = z.infer<typeof planSaved>;

/* ───────────── admin: change history ───────────── */

/** The records whose changes the price screen shows. */
export const PRICE_AUDIT_ENTITIES = ['visit_type', 'plan', 'package'] as const;
export type PriceAuditEntity = (typeof PRICE_AUDIT_ENTITIES)[number];

export const priceAuditQuery = z.object({
  entity: z.enum(PRICE_AUDIT_ENTITIES, { error: 'Entity must be visit_type, plan or package' }),
  entityId: idSchema.optional(),
  limit: limitQuery(100, 20),
  cursor: cursorQuery(200),
});
export type PriceAuditQuery = z.input<typeof priceAuditQuery>;

/** One change: who, what, when, and the changed fields before and after (rupees for prices). */
export const auditLogEntrySchema = z.object({
  _id: idSchema,
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  user: z.object({ _id: idSchema, fullName: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditPageResponse = z.object({
  success: z.literal(true),
  entries: z.array(auditLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPageResponse = z.infer<typeof auditPageResponse>;
