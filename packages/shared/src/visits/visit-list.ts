/**
 * Visit History search (issue 17 "Search"; spec 000 §2 Visit History, §5 "Visit history filter"):
 * `POST /visit/getvisitlist?name=&phone=&purpose=&date=&state=&petId=&limit=&cursor=` (also `GET`), staff only.
 * Filters ride in the query string; the request may have no body. Rows come newest first, paged by an opaque cursor.
 * Amounts are rupees; what is paid and still due comes from the ledger (a cache the server keeps per visit).
 */
import { z } from 'zod';
import { cursorQuery, dateSchema, idSchema, limitQuery, text } from '../common.ts';
import { visitItemLineSchema } from './visit-answers.ts';

export const VISIT_LIST_MESSAGES = {
  /** Spec 000 §5: the visit history filter's date cannot be later than today. */
  futureDate: 'The date cannot be later than today',
  phone: 'Phone must be 1 to 10 digits',
  name: 'Pet name can be at most 60 characters',
  state: 'State must be one of paid, due, refunded, voided',
  unknownPurpose: (purpose: string) => `Unknown purpose: ${purpose}`,
  badCursor: 'Invalid cursor',
  /** Spec 000 §2: the empty table. */
  empty: 'No visit was recorded on this date',
} as const;

/** Payment states of a visit as the search row caches them (voided wins, then refunded, then due). */
export const VISIT_PAYMENT_STATES = ['paid', 'due', 'refunded', 'voided'] as const;
export type VisitPaymentState = (typeof VISIT_PAYMENT_STATES)[number];

export const VISIT_LIST_MAX_NAME = 60;
export const VISIT_LIST_DEFAULT_LIMIT = 20;
export const VISIT_LIST_MAX_LIMIT = 100;

/** An empty query value (`?name=`) means "no filter", as the existing client sends every key. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The search's query string. */
export const visitListQuery = z.object({
  /** Pet name contains, any case; trimmed. */
  name: z.preprocess(blankToUndefined, text().trim().max(VISIT_LIST_MAX_NAME, VISIT_LIST_MESSAGES.name).optional()),
  /** Owner phone prefix: 1–10 digits. */
  phone: z.preprocess(
    blankToUndefined,
    text()
      .trim()
      .regex(/^\d{1,10}$/, VISIT_LIST_MESSAGES.phone)
      .optional(),
  ),
  /** A visit type's purpose (display name, any case) or code; unknown → 400 naming it. */
  purpose: z.preprocess(blankToUndefined, text().trim().max(100, 'Purpose can be at most 100 characters').optional()),
  /** yyyy-MM-dd in the business time zone; not later than today (checked by the server against its clock). */
  date: z.preprocess(blankToUndefined, dateSchema.optional()),
  state: z.preprocess(blankToUndefined, z.enum(VISIT_PAYMENT_STATES, { error: VISIT_LIST_MESSAGES.state }).optional()),
  /** One pet's visits (/staff/salesSection). */
  petId: z.preprocess(blankToUndefined, idSchema.optional()),
  limit: z.preprocess(blankToUndefined, limitQuery(VISIT_LIST_MAX_LIMIT, VISIT_LIST_DEFAULT_LIMIT)),
  cursor: z.preprocess(blankToUndefined, cursorQuery(200)),
});
export type VisitListQuery = z.infer<typeof visitListQuery>;
export type VisitListQueryInput = z.input<typeof visitListQuery>;

/** One row of the list: the existing client's contract (issue 17 "Contract details"), plus the search row's money. */
export const visitListRowSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  pet: z.object({
    _id: z.string(),
    name: z.string(),
    species: z.string(),
    breed: z.string(),
    color: z.string(),
    dob: z.string().nullable(),
    owner: z.object({ name: z.string(), phone: z.string().nullable() }),
  }),
  visitType: z.object({ _id: z.string(), purpose: z.string(), price: z.number(), halfdayPrice: z.number() }),
  details: z.looseObject({
    price: z.number(),
    customerType: z.string().nullable(),
    discount: z.number(),
    numberOfDays: z.number().nullable(),
    isSubscriptionAvailed: z.boolean(),
    purpose: z.string(),
    nextFollowUp: z.string().nullable(),
    followUpPurpose: z.string().nullable(),
    /** Lines as GET /visit/getvisitdetails answers them (name, price, quantity, unit, category, doseNumber, volume, type). */
    vaccines: z.array(visitItemLineSchema),
    medicines: z.array(visitItemLineSchema),
    items: z.array(visitItemLineSchema),
  }),
  purpose: z.string(),
  /** The visit's final price (rupees). */
  price: z.number(),
  /** Still owed, and paid (net of refunds), from the ledger (rupees). */
  due: z.number(),
  paid: z.number(),
  paymentState: z.enum(VISIT_PAYMENT_STATES),
  /** The pet ('' for a walk-in sale: `pet` then stands in with the buyer's name, walkInPetStandIn). */
  petId: z.string(),
  ownerId: z.string(),
  /** A walk-in sale's buyer (issue 18); absent for a pet's visit. */
  buyer: z.object({ name: z.string(), phone: z.string().nullable() }).optional(),
});
export type VisitListRow = z.infer<typeof visitListRowSchema>;

/** POST|GET /visit/getvisitlist */
export const visitListResponse = z.object({
  success: z.literal(true),
  List: z.array(visitListRowSchema),
  /** The next page's cursor (null on the last page). */
  nextCursor: z.string().nullable(),
});
export type VisitListResponse = z.infer<typeof visitListResponse>;
