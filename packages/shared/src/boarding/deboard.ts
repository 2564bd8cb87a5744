/**
 * Contracts of deboarding (spec 001 §2 "Deboard Pets", §3 "Boarding", §4, §7 `/boarding/...`, `/deboard/...`,
 * `/pet/getboardedpetslist`, §9 extra days): the boarded-pets list, a boarding's details with what is due before
 * the pet leaves, settling the stay (`/visit/updatehostelvisit`), and the deboarding calls. The server computes every
 * amount; the client only chooses how to pay.
 */
import { z } from 'zod';
import { careWarningSchema } from '../care/schemas.ts';
import { cursorQuery, idSchema, rupees, text } from '../common.ts';
import { ledgerPaymentSchema } from '../payments/schemas.ts';
import { visitPaymentSchema } from '../visits/schemas.ts';
import { photoSchema } from '../media/schemas.ts';

export const DEBOARD_MESSAGES = {
  deboarded: 'Pet deboarded successfully',
  error: 'There was an error in deboarding pet',
  failed: 'Failed to deboard pet',
  detailsError: 'Error in fetching boarding details',
  noPets: 'No pets found for this category',
  selectCategory: 'Select a category to view pets',
  boardingMissing: 'Select a boarding to deboard',
  categoryMissing: 'Select a category',
  alreadyDeboarded: 'This pet has already been deboarded',
  /** 409 while money is owed: the client shows the amount and the ways to pay it. */
  due: (amount: string, pet: string) => `${amount} is due before ${pet} can leave`,
  /** Deboarding through another category's endpoint. */
  wrongCategory: (purpose: string) => `This is a ${purpose} boarding; deboard it from ${purpose}`,
  /** A cash amount that is not what is due. */
  payExactly: (amount: string) => `The amount due is ${amount}; collect exactly that to deboard`,
  moreThanDue: (amount: string) => `The payment is more than the ${amount} due`,
  nothingDue: 'Nothing is due for this stay',
  payLaterWithCash: 'Either collect the cash or choose pay later, not both',
  /** Deboarded with the bill owed (pay later): the link asks for it. */
  deboardedPayLater: (amount: string) =>
    `Pet deboarded; ${amount} stays due on the owner's statement until the payment link is paid`,
  updated: 'Stay updated',
} as const;

/** Category endpoints: which boarding types each deboarding call accepts (by visit-type code). */
export const DEBOARD_ENDPOINT_CODES = {
  hosteldeboarding: ['hostel'],
  /** The existing client's dog-park overlay calls the day care endpoint for dog park boardings. */
  daycaredeboarding: ['day_care', 'dog_park'],
  dayschooldeboarding: ['day_school'],
  playschooldeboarding: ['play_school'],
  dogparkdeboarding: ['dog_park'],
} as const;
export type DeboardEndpoint = keyof typeof DEBOARD_ENDPOINT_CODES;

const boardingId = text({ error: DEBOARD_MESSAGES.boardingMissing }).pipe(idSchema);

/** GET /pet/getboardedpetslist/?type={visitTypeId}: the category's boardings, boarded first; paged. */
export const boardedPetsQuery = z.object({
  type: text({ error: DEBOARD_MESSAGES.categoryMissing }).pipe(idSchema),
  /** 1..100 when given; without it (the existing client) up to 500 rows, with nextCursor for more. */
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursorQuery(200),
});
export type BoardedPetsQuery = z.input<typeof boardedPetsQuery>;

export const boardedPetRowSchema = z.object({
  /** The boarding's id. */
  _id: z.string(),
  isBoarded: z.boolean(),
  /** ISO instants; the list shows the first 10 characters of entryTime. */
  entryTime: z.string(),
  exitTime: z.string().nullable(),
  numberOfDays: z.number(),
  petId: z.object({
    _id: z.string(),
    name: z.string(),
    owner: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable() }),
    /** The pet's photo (issue 20), for the list's thumbnail; null when it has none. */
    photo: photoSchema.nullable(),
    /** Care warnings (issue 20), shown as badges; [] when none. */
    careWarnings: z.array(careWarningSchema),
  }),
  boardingType: z.object({ _id: z.string(), purpose: z.string(), code: z.string() }),
  /**
   * What the stay's bill owes now (the stay, its extra days as of now, the services on its bill), rupees; answered to
   * paged calls (`limit`, Pawdesk's screen), absent from the existing client's unpaged list.
   */
  due: z.number().optional(),
});
export type BoardedPetRow = z.infer<typeof boardedPetRowSchema>;

export const boardedPetsResponse = z.object({
  success: z.literal(true),
  boardedPetList: z.array(boardedPetRowSchema),
  nextCursor: z.string().nullable(),
});
export type BoardedPetsResponse = z.infer<typeof boardedPetsResponse>;

/** GET /boarding/inhousecounts: pets boarded now per boarding type (the Deboard categories' counts). */
export const inHouseCountsResponse = z.object({
  success: z.literal(true),
  /** Every boarding type with pets in now; a type absent has none. */
  counts: z.array(z.object({ _id: z.string(), inHouse: z.number() })),
});
export type InHouseCountsResponse = z.infer<typeof inHouseCountsResponse>;

/** POST /boarding/getboardingdetails {_id}: `_id` is the boarding's id. */
export const boardingDetailsBody = z.object({ _id: boardingId });

/**
 * What the stay owes as of now (the server's clock, in the business time zone), in rupees. `due` is what must be
 * paid before the pet leaves: everything charged (the visit, extra days posted earlier) plus the extra-day charge
 * not yet posted, less what was paid. Pending payments (a card checkout, a link sent) are not paid yet.
 */
export const deboardQuoteSchema = z.object({
  /** The entry day counts as day 1. */
  actualDays: z.number(),
  bookedDays: z.number(),
  /** Days beyond the booked days (or, with a subscription, beyond the days left). */
  extraDays: z.number(),
  /** Per extra day: finalPrice ÷ booked days, or plan price ÷ plan duration − discount. */
  extraDayRate: z.number(),
  /** The whole extra-day charge as of now, and what of it is already in the ledger. */
  extraCharge: z.number(),
  extraChargePosted: z.number(),
  subscription: z
    .object({
      _id: z.string(),
      planName: z.string(),
      daysLeft: z.number(),
      /** Days of this stay the subscription covers (taken off daysLeft when the pet leaves). */
      daysUsed: z.number(),
      /** Still owed on the subscription's own purchases (a plan sold 'pay later'): its sale's, not this stay's due. */
      amountDue: z.number(),
    })
    .nullable(),
  /** Charged so far (the visit and extra days posted), paid so far, asked for but not paid yet. */
  charged: z.number(),
  paid: z.number(),
  pending: z.number(),
  /** What the whole bill owes (the stay's own and every service's on it): what check-out takes. */
  due: z.number(),
  /** What the stay itself owes (its sale and extra days). */
  stayDue: z.number(),
  /**
   * Services during the stay added to its bill (issue 18), oldest first, each with its own due; `charged`, `paid`,
   * `pending` and `due` above include them.
   */
  services: z.array(
    z.object({
      visitId: z.string(),
      purpose: z.string(),
      createdAt: z.string(),
      charged: z.number(),
      paid: z.number(),
      due: z.number(),
    }),
  ),
  /** The pending payments (card checkout, payment link) still open. */
  pendingPayments: z.array(ledgerPaymentSchema),
  canDeboard: z.boolean(),
  /** How the stay is counted (issue 18): the business's rule, the unit of actualDays and extraDays, the dates. */
  countingRule: z.enum(['calendar_days', 'nights']),
  unit: z.enum(['day', 'night']),
  /** "3 days: 25 Nov to 27 Nov", "2 nights and a late check-out: 25 Nov to 27 Nov", "Half day: 25 Nov". */
  label: z.string(),
  /** Counted as a half day, and whether it was sold as one. */
  halfDay: z.boolean(),
  halfDayBooked: z.boolean(),
  /** Nights rule: left after the check-out time; its charge (the half-day price) is part of extraCharge. */
  lateCheckOut: z.boolean(),
  lateCheckOutCharge: z.number(),
  /** A half day that ran long: the difference up to a full day, part of extraCharge (the correction is upward only). */
  halfDayCharge: z.number(),
});
export type DeboardQuote = z.infer<typeof deboardQuoteSchema>;

/** The boarding as the existing client reads it (`petId` is the pet's id as a string: the client trims it). */
export const deboardDetailsSchema = z.object({
  _id: z.string(),
  entryTime: z.string(),
  exitTime: z.string().nullable(),
  numberOfDays: z.number(),
  isBoarded: z.boolean(),
  petId: z.string(),
  pet: z.object({
    _id: z.string(),
    name: z.string(),
    owner: z.object({ name: z.string(), phone: z.string().nullable() }),
    /** The pet's photo (issue 20); null when it has none. */
    photo: photoSchema.nullable(),
  }),
  boardingType: z.object({ _id: z.string(), price: z.number(), purpose: z.string(), code: z.string() }),
  visitId: z
    .object({
      _id: z.string(),
      details: z.object({
        /** What is still owed of the visit (before extra days not yet posted). */
        paymentLeft: z.number(),
        finalPrice: z.number(),
        isSubscriptionAvailed: z.boolean(),
        payment: z.object({ remainingAmount: z.number(), isRemainingPaid: z.boolean() }),
      }),
    })
    .nullable(),
  /** The admission rule's warning staff acknowledged to board the pet, if any. */
  admission: z
    .object({
      missing: z.array(z.string()),
      by: z.string().nullable(),
      at: z.string(),
      /** 'existing_client': recorded as acknowledged by the existing client (switch-over setting, issue 18). */
      via: z.literal('existing_client').nullable().optional(),
    })
    .nullable(),
});
export type DeboardDetails = z.infer<typeof deboardDetailsSchema>;

export const boardingDetailsResponse = z.object({
  success: z.literal(true),
  boardingDetails: deboardDetailsSchema,
  actualnumberOfDays: z.number(),
  deboard: deboardQuoteSchema,
});
export type BoardingDetailsResponse = z.infer<typeof boardingDetailsResponse>;

/** Cash collected at the desk as the pet leaves: exactly what is due. */
export const deboardCashSchema = z.object({
  method: z.literal('cash', { error: 'Only cash is collected while deboarding; pay by card or link first' }),
  amount: rupees({ label: 'Amount' }),
});

/**
 * POST /boarding/{hostel,daycare,dayschool,playschool}deboarding and /deboard/dogparkdeboarding: `{boardingid}`.
 * `payment` (cash, the amount due) is recorded in the same transaction; without it the pet leaves only when
 * nothing is due (409 naming the amount otherwise).
 */
export const deboardBody = z
  .object({
    boardingid: boardingId,
    payment: deboardCashSchema.nullish(),
    /**
     * Pay later (issue 18): the pet leaves with what is due still owed on the owner's statement, asked for by a payment
     * link (one is sent for what no pending link or card order asks yet). Staff choose it; without it the pet leaves
     * only when nothing is due.
     */
    payLater: z.boolean().optional(),
  })
  .refine((b) => !(b.payLater && b.payment), {
    message: DEBOARD_MESSAGES.payLaterWithCash,
    path: ['payLater'],
  });
export type DeboardBody = z.input<typeof deboardBody>;

export const deboardResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  boarding: z.object({
    _id: z.string(),
    isBoarded: z.literal(false),
    exitTime: z.string(),
    actualDays: z.number(),
    extraDays: z.number(),
    extraCharge: z.number(),
    subscriptionDaysUsed: z.number(),
  }),
  /** The cash payment recorded while deboarding, with its receipt number (or the pay-later link asked for). */
  payment: ledgerPaymentSchema.nullable(),
  /** What the bill still owes after the pet left (pay later), rupees; 0 otherwise. */
  due: z.number().optional(),
  /** Pay later: why the link could not be created, and whether it was emailed to the owner. */
  linkError: z.string().nullable().optional(),
  linkEmailed: z.boolean().optional(),
  subscription: z.object({ _id: z.string(), daysLeft: z.number(), active: z.boolean() }).nullable(),
});
export type DeboardResponse = z.infer<typeof deboardResponse>;

/**
 * POST /visit/updatehostelvisit: settles the stay as of now: posts the extra-day charge not yet posted (and
 * records the extra days and their price on the visit), then optionally takes a payment: cash (up to what is
 * due; receipt now), payment_link (a pending link for what is due, emailed), card (the client then calls
 * /payments/create-order with `notes.boardingId`). `boardingId` and `_id` are accepted for `boardingid`, and
 * `visitId` names the stay its visit started.
 */
export const settleStayBody = z
  .object({
    boardingid: idSchema.optional(),
    boardingId: idSchema.optional(),
    _id: idSchema.optional(),
    /** The existing client may name the stay by its visit: the boarding that visit started. */
    visitId: idSchema.optional(),
    method: z.enum(['cash', 'payment_link', 'card'], { error: 'Payment method must be cash, payment_link or card' }).nullish(),
    /** Cash: the amount received (at most what is due). */
    amount: rupees({ label: 'Amount' }).nullish(),
  })
  .transform(({ boardingid, boardingId, _id, ...rest }) => ({ ...rest, boardingid: boardingid ?? boardingId ?? _id }))
  .refine((b) => b.boardingid !== undefined || b.visitId !== undefined, {
    message: DEBOARD_MESSAGES.boardingMissing,
    path: ['boardingid'],
  })
  .refine((b) => b.method !== 'cash' || (b.amount !== undefined && b.amount !== null), {
    message: 'Enter the amount received',
    path: ['amount'],
  });
export type SettleStayBody = z.input<typeof settleStayBody>;

export const settleStayResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deboard: deboardQuoteSchema,
  payment: visitPaymentSchema.nullable(),
});
export type SettleStayResponse = z.infer<typeof settleStayResponse>;
