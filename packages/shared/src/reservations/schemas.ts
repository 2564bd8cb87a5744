/**
 * Contracts of reservations (issue 18 "Reservations"): boarding bookings with a check-in and a check-out, for one or
 * more pets of one owner, counted by the business's stay rule (`countStay`), held against capacity on every
 * business day they cover, with a deposit in the ledger's `deposit` account. Amounts are rupees (2 dp); instants
 * are ISO strings; business days are `yyyy-MM-dd` in the business time zone.
 *
 * Routes (module `reservations`; staff = any signed-in staff user, admin = staff with isAdmin; customers get 403):
 * - POST /reservations/quote            staff  body reservationQuoteBody → reservationQuoteResponse: the count and label,
 *                                              the price, each day's places booked/free and whether it fits.
 * - POST /reservations                  staff  body createReservationBody (Idempotency-Key honoured) →
 *                                              reservationMoneyResponse (201): confirmed, or waitlisted with
 *                                              `waitlist: true` when a day is full; a full day without it is 409
 *                                              (RESERVATION_MESSAGES.full); an optional deposit is taken at once.
 * - GET  /reservations?from=&to=&visitTypeId=&status=  staff → reservationListResponse: the reservations that cover
 *                                              any day of from..to (at most RESERVATION_MAX_RANGE_DAYS days).
 * - GET  /reservations/day?date=        staff  → reservationDayResponse: arrivals (reservations checking in that
 *                                              day) and departures (reservations and stays checking out), with dues.
 * - GET  /reservations/:id              staff  → reservationDetailResponse: the reservation, its pets, the deposit
 *                                              held and its ledger rows.
 * - POST /reservations/:id/confirm      staff  body {} → reservationResponse: requested/waitlisted → confirmed when
 *                                              every day has room (409 naming the full day otherwise).
 * - POST /reservations/:id/deposit      staff  body reservationDepositBody (Idempotency-Key) → reservationMoneyResponse.
 * - GET  /reservations/:id/cancel-quote staff  → reservationCancelQuoteResponse: what a cancellation now refunds.
 * - POST /reservations/:id/cancel       staff  body reservationCancelBody (Idempotency-Key) → reservationRefundResponse.
 * - POST /reservations/:id/no-show      staff  body {} → reservationResponse: confirmed → no_show, the deposit kept.
 * - POST /reservations/:id/waive        admin  body reservationWaiveBody (Idempotency-Key) → reservationRefundResponse:
 *                                              refunds a no-show's kept deposit.
 * - POST /reservations/:id/check-in     staff  body reservationCheckInBody (Idempotency-Key) → reservationResponse:
 *                                              on or after the check-in day, each pet's stay is sold (New Visit's
 *                                              boarding sale) and the deposit applied to it; 409 for a cancelled one.
 * Check-out is the existing deboarding: when every stay of a reservation is deboarded it becomes checked_out.
 * The occupancy grid (GET /boarding/occupancy) counts confirmed reservations on every day they cover; the Today
 * board (GET /dashboard/today) adds `arrivals`.
 */
import { z } from 'zod';
import { dateSchema, idSchema, optionalText, requiredString, rupees, text, whenObject } from '../common.ts';
import { formatINR } from '../money.ts';
import { PAYMENT_PROVIDERS, ledgerPaymentSchema } from '../payments/schemas.ts';
import { STAY_COUNTING_RULES } from '../stays/counting.ts';

/* ───────────── vocabulary ───────────── */

/**
 * requested: asked online (an owner, or a package activated online), not yet holding a place; confirmed: holds its
 * places; waitlisted: waiting for a place; checked_in: its stays exist; checked_out: every stay deboarded;
 * cancelled; no_show: never came (the deposit is kept unless an admin waives it).
 */
export const RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'waitlisted',
  'checked_in',
  'checked_out',
  'cancelled',
  'no_show',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const RESERVATION_STATUS_LABEL: Record<ReservationStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** The statuses that hold places on the days a reservation covers (capacity and the occupancy grid). */
export const RESERVATION_HOLDING_STATUSES = ['confirmed'] as const satisfies readonly ReservationStatus[];

/** How a deposit is paid at the desk (as a wallet top-up). */
export const RESERVATION_DEPOSIT_METHODS = ['cash', 'payment_link', 'card'] as const;
export type ReservationDepositMethod = (typeof RESERVATION_DEPOSIT_METHODS)[number];

/** The most pets one reservation holds, the longest stay and the widest calendar range one request may ask for. */
export const RESERVATION_MAX_PETS = 10;
export const RESERVATION_MAX_DAYS = 90;
export const RESERVATION_MAX_RANGE_DAYS = 62;
/** How far ahead a reservation may start (days after today). */
export const RESERVATION_MAX_AHEAD_DAYS = 730;

/** What a transition is called in a reservation's history. */
export const RESERVATION_ACTIONS = [
  'created',
  'confirmed',
  'waitlisted',
  'checked_in',
  'checked_out',
  'cancelled',
  'no_show',
  'waived',
] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

const places = (n: number) => (n === 1 ? 'place' : 'places');

/** Every message the server answers for reservations (the screens show them verbatim). */
export const RESERVATION_MESSAGES = {
  created: 'Reservation confirmed',
  waitlisted: 'The reservation is on the waitlist: staff are told when a place frees',
  confirmed: 'Reservation confirmed',
  cancelled: 'Reservation cancelled',
  noShow: 'Marked as a no-show: the deposit is kept',
  waived: 'The no-show deposit was refunded',
  checkedIn: 'Checked in: the stay has started',
  depositTaken: (rupeesAmount: number) => `Deposit of ${formatINR(rupeesAmount)} taken`,
  depositLinkSent: 'Deposit link sent to the owner: the deposit is held when it is paid',
  depositLinkNoEmail: 'The owner has no email address: share the deposit link with them',
  depositOrderCreated: 'Open the card checkout to take the deposit',
  /** 409: a day of the stay is full; names the day and the numbers. */
  full: (purpose: string, day: string, booked: number, capacity: number, pets: number) =>
    `${purpose} is full on ${day}: ${booked} of ${capacity} ${places(capacity)} ${booked === 1 ? 'is' : 'are'} taken, ${pets} ${pets === 1 ? 'is' : 'are'} asked for. Join the waitlist or choose other days`,
  checkOutBeforeCheckIn: 'The check-out must be after the check-in',
  inThePast: 'The check-in cannot be in the past',
  tooFarAhead: `The check-in can be at most ${RESERVATION_MAX_AHEAD_DAYS} days ahead`,
  tooLong: `A reservation can be at most ${RESERVATION_MAX_DAYS} days`,
  otherOwner: 'Every pet of a reservation must belong to its owner',
  petMissing: 'Choose at least one pet',
  petTwice: 'A pet is listed twice',
  tooManyPets: `At most ${RESERVATION_MAX_PETS} pets in one reservation`,
  ownerMissing: 'Choose the owner',
  notBoardingType: 'Only boarding types (Hostel, Day Care, Day School, Play School, Dog Park) can be reserved',
  typeRetired: 'This boarding type is no longer offered',
  noHalfDay: 'This boarding type has no half-day price',
  halfDayOneDay: 'A half day starts and ends on the same day',
  notFound: 'Reservation not found',
  wrongState: (status: string, action: string) => `A ${status.toLowerCase()} reservation cannot be ${action}`,
  checkInCancelled: 'A cancelled reservation cannot be checked in',
  checkInTooEarly: (day: string) => `The reservation can be checked in from ${day}`,
  checkInTooLate: (day: string) => `The reservation ended on ${day}: it can no longer be checked in`,
  noShowTooEarly: (day: string) => `A reservation can be marked as a no-show from its check-in day, ${day}`,
  petBoarded: (name: string, purpose: string) => `${name} is already boarded in ${purpose}`,
  depositMoreThanPrice: 'The deposit cannot be more than the reservation’s price',
  depositZero: 'Deposit must be more than ₹0.00',
  method: "Payment method must be 'cash', 'payment_link' or 'card'",
  reason: 'Please give a reason',
  nothingToWaive: 'There is no kept deposit to refund',
  rangeTooWide: `Show at most ${RESERVATION_MAX_RANGE_DAYS} days at once`,
  rangeOrder: 'The end of the range must not be before its start',
  status: `Status must be one of: ${RESERVATION_STATUSES.join(', ')}`,
  time: 'Enter a time as HH:MM (24-hour)',
  load: 'Failed to load reservations',
  refundsNothing: 'Cancelling now refunds nothing: the deposit is kept under the refund policy',
  refundsAll: (rupeesAmount: number) => `Cancelling now refunds the whole deposit of ${formatINR(rupeesAmount)}`,
  refundsPart: (refund: number, kept: number) =>
    `Cancelling now refunds ${formatINR(refund)} of the deposit; ${formatINR(kept)} is kept under the refund policy`,
  noDeposit: 'No deposit is held: nothing to refund',
  /** Staff notification when a place frees for the first waiting booking. */
  waitlistFits: (owner: string, purpose: string, label: string) =>
    `A place freed: ${owner}'s waitlisted ${purpose} reservation (${label}) now fits`,
} as const;

/* ───────────── requests ───────────── */

const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = text({ error: RESERVATION_MESSAGES.time }).regex(HHMM_RE, RESERVATION_MESSAGES.time);

/** The stay asked about or booked: the owner, the boarding type, the pets, and check-in/check-out as wall-clock dates and times. */
export const reservationStayFields = {
  ownerId: text({ error: RESERVATION_MESSAGES.ownerMissing }).pipe(idSchema),
  visitTypeId: idSchema,
  petIds: z
    .array(idSchema, { error: RESERVATION_MESSAGES.petMissing })
    .min(1, RESERVATION_MESSAGES.petMissing)
    .max(RESERVATION_MAX_PETS, RESERVATION_MESSAGES.tooManyPets)
    .refine((ids) => new Set(ids).size === ids.length, RESERVATION_MESSAGES.petTwice),
  checkInDate: dateSchema,
  checkInTime: timeSchema,
  checkOutDate: dateSchema,
  checkOutTime: timeSchema,
  /**
   * Types with a half-day price (Day Care, Hostel): true charges a half day (same day in and out), false a full
   * day; absent: as counted (a stay within one day of at most the longest half day is a half day).
   */
  halfDay: z.boolean().optional(),
};

function checkOrder(
  b: { checkInDate?: string; checkInTime?: string; checkOutDate?: string; checkOutTime?: string },
  ctx: z.RefinementCtx,
) {
  if (!b.checkInDate || !b.checkOutDate || !b.checkInTime || !b.checkOutTime) return;
  if (`${b.checkOutDate}T${b.checkOutTime}` <= `${b.checkInDate}T${b.checkInTime}`) {
    ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: RESERVATION_MESSAGES.checkOutBeforeCheckIn });
  }
}

/** POST /reservations/quote. */
export const reservationQuoteBody = z.object(reservationStayFields).superRefine(checkOrder, whenObject);
export type ReservationQuoteBody = z.input<typeof reservationQuoteBody>;

const depositAmount = rupees({ label: 'Deposit' }).refine((v) => v > 0, RESERVATION_MESSAGES.depositZero);

/** A deposit taken at once: cash (received now, with a receipt), a payment link (held when paid) or card (checkout). */
export const reservationDepositBody = z.object({
  amount: depositAmount,
  selectedPayment: z.enum(RESERVATION_DEPOSIT_METHODS, { error: RESERVATION_MESSAGES.method }),
});
export type ReservationDepositBody = z.input<typeof reservationDepositBody>;

/** POST /reservations (honours Idempotency-Key). */
export const createReservationBody = z
  .object({
    ...reservationStayFields,
    notes: optionalText(2000, 'Notes must be at most 2000 characters', { multiline: true }),
    /** Join the waitlist when a day is full (otherwise a full day is a 409). */
    waitlist: z.boolean().optional(),
    deposit: reservationDepositBody.optional(),
  })
  .superRefine(checkOrder, whenObject);
export type CreateReservationBody = z.input<typeof createReservationBody>;

/** GET /reservations?from=&to=&visitTypeId=&status= (the calendar: the reservations covering any day of from..to). */
export const reservationListQuery = z
  .object({
    from: dateSchema,
    to: dateSchema,
    visitTypeId: idSchema.optional(),
    status: z.enum(RESERVATION_STATUSES, { error: RESERVATION_MESSAGES.status }).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: RESERVATION_MESSAGES.rangeOrder });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > RESERVATION_MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: RESERVATION_MESSAGES.rangeTooWide });
    }
  }, whenObject);
export type ReservationListQuery = z.input<typeof reservationListQuery>;

/** GET /reservations/day?date= (default today). */
export const reservationDayQuery = z.object({ date: dateSchema.optional() });
export type ReservationDayQuery = z.input<typeof reservationDayQuery>;

/** POST /reservations/:id/cancel. */
export const reservationCancelBody = z.object({ reason: requiredString(RESERVATION_MESSAGES.reason, 500) });
export type ReservationCancelBody = z.input<typeof reservationCancelBody>;

/** POST /reservations/:id/waive (admins). */
export const reservationWaiveBody = z.object({ reason: requiredString(RESERVATION_MESSAGES.reason, 500) });
export type ReservationWaiveBody = z.input<typeof reservationWaiveBody>;

/** POST /reservations/:id/check-in. */
export const reservationCheckInBody = z.object({
  /** Set when staff confirmed the admission warning (age, core vaccinations), as on New Visit. */
  admissionAcknowledged: z.boolean().optional(),
  /** Day School and Play School: the pet's plan to use (as on New Visit); absent: the pet's live plan. */
  planId: idSchema.optional(),
});
export type ReservationCheckInBody = z.input<typeof reservationCheckInBody>;

/** An empty body (confirm, no-show); unknown fields are dropped, as everywhere. */
export const reservationEmptyBody = z.object({});

/* ───────────── answers ───────────── */

const visitTypeRef = z.object({ _id: z.string(), purpose: z.string(), code: z.string() });

/** One business day of a stay against its type's capacity. */
export const reservationDaySchema = z.object({
  date: dateSchema,
  /** Places taken that day (stays and confirmed reservations), this reservation excluded. */
  booked: z.number().int(),
  /** null: no limit. */
  capacity: z.number().int().nullable(),
  /** Places left (null: no limit). */
  free: z.number().int().nullable(),
  /** The pets asked for fit that day. */
  fits: z.boolean(),
});
export type ReservationDay = z.infer<typeof reservationDaySchema>;

/** How a stay is counted and priced (the booking form shows it before saving). */
export const reservationCountSchema = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  firstDay: dateSchema,
  lastDay: dateSchema,
  /** Full days (or nights) charged at the day price. */
  units: z.number().int(),
  unit: z.enum(['day', 'night']),
  /** Half-day charges (a half-day stay, or a late check-out under the nights rule). */
  halfDays: z.number().int(),
  halfDay: z.boolean(),
  lateCheckOut: z.boolean(),
  /** "3 days: 25 Nov to 27 Nov". */
  label: z.string(),
  countingRule: z.enum(STAY_COUNTING_RULES),
});
export type ReservationCount = z.infer<typeof reservationCountSchema>;

export const reservationQuoteSchema = reservationCountSchema.extend({
  visitType: visitTypeRef.extend({ capacity: z.number().int().nullable(), hasHalfDay: z.boolean() }),
  pets: z.number().int(),
  dayPrice: z.number(),
  halfDayPrice: z.number(),
  /** One pet's price, and the whole reservation's (every pet). */
  pricePerPet: z.number(),
  price: z.number(),
  days: z.array(reservationDaySchema),
  /** Every day has room for the pets. */
  fits: z.boolean(),
  /** The days without room (the waitlist is offered). */
  fullDays: z.array(dateSchema),
});
export type ReservationQuote = z.infer<typeof reservationQuoteSchema>;

export const reservationQuoteResponse = z.object({ success: z.literal(true), quote: reservationQuoteSchema });
export type ReservationQuoteResponse = z.infer<typeof reservationQuoteResponse>;

export const reservationPetSchema = z.object({
  _id: z.string(),
  name: z.string(),
  breed: z.string().nullable(),
  /** Once checked in: the pet's stay (boarding) and its visit. */
  boardingId: z.string().nullable(),
  visitId: z.string().nullable(),
  /** The stay is deboarded. */
  deboarded: z.boolean(),
});
export type ReservationPet = z.infer<typeof reservationPetSchema>;

export const reservationTransitionSchema = z.object({
  action: z.enum(RESERVATION_ACTIONS),
  at: z.string(),
  /** The staff user's name; null: the system or a removed user. */
  by: z.string().nullable(),
});

export const reservationSchema = reservationCountSchema.extend({
  _id: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  owner: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  visitType: visitTypeRef,
  pets: z.array(reservationPetSchema),
  /** The quoted price of the whole reservation (every pet), fixed when it was made. */
  price: z.number(),
  /** The deposit held now (payments less refunds, less what was applied to the stays). */
  depositHeld: z.number(),
  /** Deposit payments asked for but not yet paid (a link, a card checkout). */
  depositPending: z.number(),
  /** Deposit refunded so far. */
  depositRefunded: z.number(),
  /** Deposit applied to the stays' sales at check-in. */
  depositApplied: z.number(),
  /** What the owner still owes for this reservation: before check-in price − deposit held; after, the stays' dues. */
  due: z.number(),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** When it joined the waitlist (the waitlist's order). */
  waitlistedAt: z.string().nullable(),
  /** The business day the reminder was sent. */
  reminderSentOn: dateSchema.nullable(),
  createdAt: z.string(),
  transitions: z.array(reservationTransitionSchema),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  reservation: reservationSchema,
});
export type ReservationResponse = z.infer<typeof reservationResponse>;

/** A deposit's ledger row as the reservation shows it (signed rupees: + held, − refunded or applied). */
export const reservationLedgerRowSchema = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.enum(['payment', 'refund', 'allocation']),
  status: z.string(),
  description: z.string(),
  amount: z.number(),
  method: z.string().nullable(),
  receiptNo: z.string().nullable(),
  linkUrl: z.string().nullable(),
});
export type ReservationLedgerRow = z.infer<typeof reservationLedgerRowSchema>;

export const reservationDetailResponse = z.object({
  success: z.literal(true),
  reservation: reservationSchema,
  ledger: z.array(reservationLedgerRowSchema),
  /** Days of the stay against capacity (this reservation excluded). */
  days: z.array(reservationDaySchema),
});
export type ReservationDetailResponse = z.infer<typeof reservationDetailResponse>;

/** The checkout order the desk opens for a card deposit (then POST /payments/verify-payment). */
export const reservationCardOrderSchema = z.object({
  id: z.string(),
  /** Paise. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  keyId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
});

/** POST /reservations and POST /reservations/:id/deposit. */
export const reservationMoneyResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  reservation: reservationSchema,
  /** Cash: the completed deposit; payment link: the pending one (with `linkUrl`); card or none: null. */
  payment: ledgerPaymentSchema.nullable(),
  /** Card: the checkout order to open. */
  order: reservationCardOrderSchema.nullable(),
});
export type ReservationMoneyResponse = z.infer<typeof reservationMoneyResponse>;

export const reservationListResponse = z.object({
  success: z.literal(true),
  from: dateSchema,
  to: dateSchema,
  /** Ordered by check-in. */
  reservations: z.array(reservationSchema),
});
export type ReservationListResponse = z.infer<typeof reservationListResponse>;

/** An arrival or a departure of a day. */
export const reservationDayEntrySchema = z.object({
  kind: z.enum(['reservation', 'stay']),
  /** The reservation (null for a stay sold without one). */
  reservationId: z.string().nullable(),
  /** A stay's boarding (null for a reservation not checked in). */
  boardingId: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES).nullable(),
  owner: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable() }),
  pets: z.array(z.object({ _id: z.string(), name: z.string() })),
  visitType: visitTypeRef,
  /** ISO instants (a stay's check-out is its booked last day). */
  checkIn: z.string(),
  checkOut: z.string(),
  label: z.string(),
  /** What is still owed for this reservation or stay. */
  due: z.number(),
  /** What the owner still owes across every sale (the statement's due). */
  ownerDue: z.number(),
  /** The deposit held. */
  depositHeld: z.number(),
});
export type ReservationDayEntry = z.infer<typeof reservationDayEntrySchema>;

export const reservationDayResponse = z.object({
  success: z.literal(true),
  date: dateSchema,
  today: dateSchema,
  arrivals: z.array(reservationDayEntrySchema),
  departures: z.array(reservationDayEntrySchema),
});
export type ReservationDayResponse = z.infer<typeof reservationDayResponse>;

export const reservationCancelQuoteSchema = z.object({
  depositHeld: z.number(),
  refund: z.number(),
  kept: z.number(),
  /** More than `freeCancellationDays` before check-in: the whole deposit is refunded. */
  free: z.boolean(),
  /** The last business day a cancellation refunds the whole deposit. */
  freeUntil: dateSchema,
  freeCancellationDays: z.number().int(),
  /** RESERVATION_MESSAGES.refundsAll / refundsPart / refundsNothing / noDeposit. */
  message: z.string(),
});
export type ReservationCancelQuote = z.infer<typeof reservationCancelQuoteSchema>;

export const reservationCancelQuoteResponse = z.object({ success: z.literal(true), quote: reservationCancelQuoteSchema });
export type ReservationCancelQuoteResponse = z.infer<typeof reservationCancelQuoteResponse>;

/** POST /reservations/:id/cancel and /waive. */
export const reservationRefundResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  reservation: reservationSchema,
  /** Rupees refunded (card and link money pending until the provider confirms). */
  refunded: z.number(),
  refunds: z.array(ledgerPaymentSchema),
});
export type ReservationRefundResponse = z.infer<typeof reservationRefundResponse>;
