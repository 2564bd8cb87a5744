/**
 * Request contracts of the New Visit endpoints (spec 001 §3 and §7), exactly as the existing web client sends
 * them, plus the optional fields Pawdesk's own screens add. Amounts are rupees; the server recomputes every one.
 */
import { z } from 'zod';
import { CUSTOMER_TYPES, PAYMENT_TYPES } from '../catalog.ts';
import { idSchema, optionalText, requiredId, requiredString, rupees, text, whenObject, wholeNumber } from '../common.ts';
import { isIsoDate } from '../dates.ts';
import { followUpIssues, RX_MESSAGES } from '../prescriptions/rules.ts';
import { TIME_RE } from '../prescriptions/schemas.ts';
import { VET_CUSTOMER_TYPES, VISIT_MESSAGES } from './rules.ts';
import { WALK_IN_MESSAGES } from './walk-in.ts';

/** How money is taken at the desk: cash, a payment link sent to the owner, or a card through the provider. */
export const VISIT_PAYMENT_METHODS = ['cash', 'payment_link', 'card'] as const;
export type VisitPaymentMethod = (typeof VISIT_PAYMENT_METHODS)[number];
/**
 * What a New Visit save accepts: the desk's methods and the owner's wallet (issue 16), taken as an allocation
 * wallet → sale, only up to the balance (the ledger method of an allocation is none).
 */
export const SALE_PAYMENT_METHODS = [...VISIT_PAYMENT_METHODS, 'wallet', 'stay_bill'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
/**
 * 'stay_bill' (issue 18): a service during a stay (Grooming, Veterinary, Shop, a purpose without its own form) is
 * not paid now but added to the bill of the pet's current stay, owed until check-out settles the stay with it. The
 * boarding purposes cannot be added to a bill (400); a pet not boarded is refused (409).
 */
export const STAY_BILL = 'stay_bill' as const;
export const STAY_BILL_MESSAGES = {
  notBoarded: (pet: string) => `${pet} is not boarded now: take the payment instead of adding it to a stay's bill`,
  boardingPurpose: "A boarding cannot be added to a stay's bill",
} as const;

/** Longest stay one visit may book. */
export const MAX_BOOKED_DAYS = 366;

const amount = (label: string) => rupees({ label });

/** A discount in rupees; negative ones get the spec's message. Absent means 0. */
export const discountSchema = z
  .number({ error: 'Discount must be a number' })
  .min(0, VISIT_MESSAGES.discountNegative)
  .pipe(rupees({ label: 'Discount' }))
  .default(0);

export const paymentMethodSchema = z.enum(SALE_PAYMENT_METHODS, { error: VISIT_MESSAGES.paymentMethod });
export const paymentTypeSchema = z.enum(PAYMENT_TYPES, { error: 'Please select a payment type' });

const petId = requiredId(VISIT_MESSAGES.petMissing);
const visitType = requiredId(VISIT_MESSAGES.visitTypeMissing);
const optionalPlan = idSchema.nullish();

/** Fields every visit body has. */
export const visitBase = z.object({ petId, visitType });

/**
 * Pawdesk's extension (issue 19): the online appointment this visit fulfils. The money held for it is applied to
 * the sale (deposit → sale) and only the rest is collected now. Absent (the existing client): nothing changes.
 */
export const APPOINTMENT_VISIT_MESSAGES = {
  invalid: 'Invalid appointment id',
  notFound: 'Appointment not found',
  otherPet: (pet: string) => `This appointment is for ${pet}, not the pet of this visit`,
  walkIn: 'A walk-in sale cannot fulfil an appointment',
  notReady: (status: string) => `A ${status} appointment cannot be turned into a visit: confirm or complete it first`,
  stay: 'A stay booked online is turned into a visit by checking it in at Reservations',
  linked: 'This appointment is already linked to a visit',
} as const;
export const appointmentIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, APPOINTMENT_VISIT_MESSAGES.invalid)
  .nullish();
const fulfils = { appointmentId: appointmentIdSchema };

/* ───────────── Inquiry: flat, costs nothing, may schedule a follow-up ───────────── */

/**
 * A follow-up is all three fields or none (the prescription form's messages); the date is `yyyy-MM-dd`, the time
 * `HH:mm`. "Not before today" needs the business time zone: the server checks it (`isInquiryFollowUpDateAllowed`).
 */
export const inquiryVisitBody = visitBase
  .extend({
    note: requiredString(VISIT_MESSAGES.inquiryNote, 2000, undefined, { multiline: true }),
    nextFollowUp: optionalText(10, RX_MESSAGES.followUpDateInvalid),
    followUpTime: optionalText(5, RX_MESSAGES.followUpTimeInvalid),
    followUpPurpose: optionalText(200, 'Follow-up purpose is too long (at most 200 characters)'),
  })
  .superRefine((b, ctx) => {
    for (const issue of followUpIssues(b)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    if (b.nextFollowUp && !isIsoDate(b.nextFollowUp)) {
      ctx.addIssue({ code: 'custom', path: ['nextFollowUp'], message: RX_MESSAGES.followUpDateInvalid });
    }
    if (b.followUpTime && !TIME_RE.test(b.followUpTime)) {
      ctx.addIssue({ code: 'custom', path: ['followUpTime'], message: RX_MESSAGES.followUpTimeInvalid });
    }
  }, whenObject);
export type InquiryVisitBody = z.input<typeof inquiryVisitBody>;

export const INQUIRY_FOLLOW_UP_PAST = 'Follow-up date cannot be before today';

/** An inquiry's follow-up may fall on today or later (spec 001 §5; both `yyyy-MM-dd` in the business time zone). */
export const isInquiryFollowUpDateAllowed = (date: string, today: string) => date >= today;

/* ───────────── Dog Park ───────────── */

export const dogParkVisitBody = visitBase.extend({
  ...fulfils,
  details: z.object({
    /** The type's price the screen showed. */
    initialPrice: amount('Price').optional(),
    discount: discountSchema,
    /** What the owner pays: initialPrice − discount. */
    price: amount('Price'),
    selectedPayment: paymentMethodSchema,
    /** Set when staff confirmed the admission warning (also accepted at the top level). */
    admissionAcknowledged: z.boolean().optional(),
  }),
  /** Set when staff confirmed the admission warning (age, core vaccinations). */
  admissionAcknowledged: z.boolean().optional(),
});
export type DogParkVisitBody = z.input<typeof dogParkVisitBody>;

/* ───────────── Veterinary: consultation priced by customer type ───────────── */

export const veterinaryVisitBody = visitBase.extend({
  ...fulfils,
  customerType: z.enum(VET_CUSTOMER_TYPES, { error: VISIT_MESSAGES.customerType }),
  details: z.object({
    price: amount('Price').optional(),
    discount: discountSchema,
    finalPrice: amount('Final price'),
    selectedPayment: paymentMethodSchema.nullish(),
  }),
});
export type VeterinaryVisitBody = z.input<typeof veterinaryVisitBody>;

/* ───────────── Hostel and Day Care: boarding for a number of days ───────────── */

const daysSchema = z
  .number({ error: VISIT_MESSAGES.days })
  .int(VISIT_MESSAGES.days)
  .min(1, VISIT_MESSAGES.days)
  .max(MAX_BOOKED_DAYS, `At most ${MAX_BOOKED_DAYS} days can be booked at once`);

const stayDetails = z.object({
  planId: optionalPlan,
  isSubscriptionAvailed: z.boolean().default(false),
  numberOfDays: daysSchema,
  discount: discountSchema,
  price: amount('Price').optional(),
  finalPrice: amount('Final price'),
  /** What is left to pay after what is paid now. */
  paymentLeft: amount('Payment left').optional(),
  /** The existing client's hostel form sends no type; then paymentLeft decides what was paid now. */
  selectedPaymentType: paymentTypeSchema.nullish(),
  /** The existing client's hostel form sends no method: the payment is recorded as 'method not recorded'. */
  selectedPayment: paymentMethodSchema.nullish(),
  /** Set when staff confirmed the admission warning (age, core vaccinations). */
  admissionAcknowledged: z.boolean().optional(),
  /**
   * A half day (issue 18): one day at the type's half-day price (less the discount); the number of days is then 1.
   * Check-out corrects it by the hours stayed. Absent: a full day, as the existing client sends.
   */
  halfDay: z.boolean().optional(),
});

/** Hostel: the number of days is required. */
export const boardingVisitBody = visitBase.extend({ details: stayDetails });
export type BoardingVisitBody = z.input<typeof boardingVisitBody>;

/** Day Care: the existing client's day care details carry no number of days; absent means 1 day. */
export const dayCareVisitBody = visitBase.extend({ details: stayDetails.extend({ numberOfDays: daysSchema.default(1) }) });
export type DayCareVisitBody = z.input<typeof dayCareVisitBody>;

/* ───────────── Day School and Play School: flat, only with a subscription ───────────── */

export const schoolVisitBody = z.object({
  petId: requiredId(VISIT_MESSAGES.petMissing, VISIT_MESSAGES.invalidPet),
  visitType: requiredId(VISIT_MESSAGES.visitTypeMissing, VISIT_MESSAGES.invalidVisitType),
  isSubscriptionAvailed: z.boolean({ error: VISIT_MESSAGES.subscriptionRequired }),
  planId: optionalPlan,
  admissionAcknowledged: z.boolean().optional(),
});
export type SchoolVisitBody = z.input<typeof schoolVisitBody>;

/* ───────────── Grooming ───────────── */

export const groomingVisitBody = visitBase.extend({
  ...fulfils,
  details: z.object({
    planId: optionalPlan,
    isSubscriptionAvailed: z.boolean().default(false),
    discount: discountSchema,
    price: amount('Price').optional(),
    finalPrice: amount('Final price'),
    selectedPayment: paymentMethodSchema.nullish(),
  }),
});
export type GroomingVisitBody = z.input<typeof groomingVisitBody>;

/* ───────────── Shop ───────────── */

export const MAX_SHOP_ITEMS = 100;

/** A free line: something not kept in stock, named and priced at the desk (the existing client's only kind). */
export const shopItemSchema = z.object({
  name: requiredString('Item name is required', 200),
  price: amount('Item price'),
  quantity: wholeNumber('Quantity', { min: 1 }).optional(),
  unit: optionalText(16),
  category: optionalText(100),
});

/**
 * A stock line (issue 18): an inventory item and how many, at the item's customer or NGO price by the sale's
 * customer type (the prescriptions' rule); taken from stock with the sale. `price` is the unit price the screen
 * showed: when sent it must equal the server's.
 */
export const shopStockItemSchema = z.object({
  itemId: text({ error: 'Please select a valid item' }).pipe(z.string().regex(/^[0-9a-f]{24}$/, 'Please select a valid item')),
  quantity: wholeNumber('Quantity', { min: 1 }),
  price: amount('Item price').optional(),
});

/** The buyer of a walk-in sale (no pet): a name, required, and a phone, optional (10 digits). */
export const walkInBuyerSchema = z.object({
  name: requiredString(WALK_IN_MESSAGES.buyerName, 100, WALK_IN_MESSAGES.buyerNameTooLong),
  phone: text({ error: 'Enter a valid 10-digit phone number' })
    .trim()
    .regex(/^(\d{10})?$/, 'Enter a valid 10-digit phone number')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type WalkInBuyer = z.output<typeof walkInBuyerSchema>;

/** A pet id that may be left out: absent, null, '' and blanks all mean none. */
const optionalPetId = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  text({ error: VISIT_MESSAGES.petMissing }).pipe(idSchema).optional(),
);

/**
 * POST /visit/addshopvisit. The existing client's body (`petId`, `visitType`, free `items`, `details`) means what it
 * always did. Pawdesk adds (issue 18): `stockItems` (lines from inventory, taken from stock with the sale),
 * `customerType` (their price: 'NGO' the NGO price, else the customer price) and `walkIn` (the buyer's name and
 * phone) for a sale without a pet. A sale needs a pet or a walk-in buyer, and at least one line of either kind.
 */
export const shopVisitBody = z
  .object({
    petId: optionalPetId,
    visitType,
    walkIn: walkInBuyerSchema.nullish(),
    customerType: z.enum(CUSTOMER_TYPES, { error: RX_MESSAGES.customerTypeRequired }).default('pvtltd'),
    items: z
      .array(shopItemSchema, { error: VISIT_MESSAGES.shopEmpty })
      .max(MAX_SHOP_ITEMS, `At most ${MAX_SHOP_ITEMS} items`)
      .default([]),
    stockItems: z
      .array(shopStockItemSchema, { error: 'Stock items must be a list' })
      .max(MAX_SHOP_ITEMS, `At most ${MAX_SHOP_ITEMS} items`)
      .default([]),
    details: z.object({
      totalCalculatedPrice: amount('Total'),
      selectedPayment: paymentMethodSchema,
    }),
  })
  .superRefine((b, ctx) => {
    if (b.petId === undefined && !b.walkIn) {
      ctx.addIssue({ code: 'custom', path: ['petId'], message: VISIT_MESSAGES.petMissing });
    }
    if (b.petId !== undefined && b.walkIn) {
      ctx.addIssue({ code: 'custom', path: ['walkIn'], message: WALK_IN_MESSAGES.petAndWalkIn });
    }
    const lines = (Array.isArray(b.items) ? b.items.length : 0) + (Array.isArray(b.stockItems) ? b.stockItems.length : 0);
    if (lines === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: VISIT_MESSAGES.shopEmpty });
    if (lines > MAX_SHOP_ITEMS) ctx.addIssue({ code: 'custom', path: ['items'], message: `At most ${MAX_SHOP_ITEMS} items` });
  }, whenObject);
export type ShopVisitBody = z.input<typeof shopVisitBody>;

/* ───────────── Generic purposes (addvisit): the type's price less a discount ───────────── */

export const genericVisitBody = visitBase.extend({
  ...fulfils,
  details: z
    .object({
      price: amount('Price').optional(),
      discount: discountSchema,
      finalPrice: amount('Final price').optional(),
      selectedPayment: paymentMethodSchema.nullish(),
    })
    .default({ discount: 0 }),
});
export type GenericVisitBody = z.input<typeof genericVisitBody>;

/**
 * The existing client's generic save from /staff/salesSection (issue 17 "Contract details"):
 * `{petId, visitForm: {purpose, nextFollowUp, followUpTime, followUpPurpose, customerType, itemDetails}, totalPrice}`.
 * `visitForm.purpose` names the visit type by its purpose (any case); 'Customer' is the consultation price of
 * 'pvtltd'; the form has no payment method, so nothing is paid and the whole charge is due. It sends no items: a
 * non-empty itemDetails is refused (Shop saves items); `totalPrice` is the client's sum of those items, so 0 (or
 * absent) — or the server's price — is accepted and anything else is a 400 with the expected amount.
 */
export const SALES_SECTION_CUSTOMER_TYPES = ['Customer', ...VET_CUSTOMER_TYPES] as const;
export type SalesSectionCustomerType = (typeof SALES_SECTION_CUSTOMER_TYPES)[number];
export const ADD_VISIT_MESSAGES = {
  items: 'Items are sold with the Shop form; this form sends none',
  unknownPurpose: (purpose: string) => `There is no visit type for the purpose ${purpose}`,
} as const;

export const salesSectionVisitForm = z
  .object({
    purpose: requiredString(VISIT_MESSAGES.visitTypeMissing, 100, VISIT_MESSAGES.invalidVisitType),
    nextFollowUp: optionalText(10, RX_MESSAGES.followUpDateInvalid),
    followUpTime: optionalText(5, RX_MESSAGES.followUpTimeInvalid),
    followUpPurpose: optionalText(200, 'Follow-up purpose is too long (at most 200 characters)'),
    customerType: z.enum(SALES_SECTION_CUSTOMER_TYPES, { error: VISIT_MESSAGES.customerType }).nullish(),
    itemDetails: z.array(z.unknown(), { error: ADD_VISIT_MESSAGES.items }).max(0, ADD_VISIT_MESSAGES.items).nullish(),
  })
  .superRefine((b, ctx) => {
    for (const issue of followUpIssues(b)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    if (b.nextFollowUp && !isIsoDate(b.nextFollowUp)) {
      ctx.addIssue({ code: 'custom', path: ['nextFollowUp'], message: RX_MESSAGES.followUpDateInvalid });
    }
    if (b.followUpTime && !TIME_RE.test(b.followUpTime)) {
      ctx.addIssue({ code: 'custom', path: ['followUpTime'], message: RX_MESSAGES.followUpTimeInvalid });
    }
  }, whenObject);

/**
 * POST /visit/addvisit: Pawdesk's generic body (`visitType` + `details`), or the salesSection's (`visitForm`). With
 * neither a visit type nor a visit form: 'Visit type is missing. Please try again.'
 */
export const addVisitBody = z
  .object({
    petId,
    visitType: visitType.optional(),
    details: genericVisitBody.shape.details,
    visitForm: salesSectionVisitForm.optional(),
    totalPrice: amount('Total price').nullish(),
    ...fulfils,
  })
  .superRefine((b, ctx) => {
    if (b.visitType === undefined && b.visitForm === undefined) {
      ctx.addIssue({ code: 'custom', path: ['visitType'], message: VISIT_MESSAGES.visitTypeMissing });
    }
  }, whenObject);
export type AddVisitBody = z.input<typeof addVisitBody>;

/* ───────────── Paying now: the amount taken with the save, for the modals ───────────── */

/** Partial payments: what is paid now, for Pawdesk's own screens (the existing client sends paymentLeft). */
export const amountPaidSchema = amount('Amount paid');

/* ───────────── Answers ───────────── */

/**
 * The save messages (spec 001 §8): boarding purposes answer 'Dog boarded successfully'; other visits paid now in
 * cash (or with the method not recorded) 'Payment successful and visit saved!'; visits that cost nothing or whose
 * payment is still pending (card checkout to open, payment link sent) 'Visit saved successfully'.
 * ('Payment Done Successfully and visit saved' is the web app's text once a card checkout completes.)
 */
export const VISIT_SAVED_MESSAGES = {
  boarded: 'Dog boarded successfully',
  paid: 'Payment successful and visit saved!',
  saved: 'Visit saved successfully',
  cardPaid: 'Payment Done Successfully and visit saved',
  alreadyBoarded: (purpose: string) => `The pet is already boarded in ${purpose}`,
  noGroomingsLeft: 'No grooming sessions left on this subscription',
  linkFailed: 'The payment link could not be created. The amount stays due; send the link again from the visit.',
} as const;

/** A payment as the save answers it: what was taken now, and for card or link payments what to do next. */
export const visitPaymentSchema = z.object({
  _id: z.string(),
  method: z.string(),
  status: z.string(),
  amount: z.number(),
  receiptNo: z.string().nullable(),
  /** Card: the provider order to open checkout with. */
  orderId: z.string().nullable(),
  /** Payment link: the link sent to the owner. */
  linkUrl: z.string().nullable(),
  /** Payment link: why the link could not be created or sent (the payment stays pending and due). */
  linkError: z.string().nullable().optional(),
  /** Payment link: false when the owner has no email address (the receptionist shares the link). */
  linkEmailed: z.boolean().optional(),
});
export type VisitPayment = z.infer<typeof visitPaymentSchema>;

export const savedVisitSchema = z.object({
  _id: z.string(),
  /** The pet; null for a walk-in sale (issue 18), whose buyer is `buyer`. */
  petId: z.string().nullable(),
  buyer: z.object({ name: z.string(), phone: z.string().nullable() }).nullable().optional(),
  purpose: z.string(),
  price: z.number(),
  createdAt: z.string(),
  /** The boarding this visit started (boarding purposes). */
  boardingId: z.string().nullable(),
  paid: z.number(),
  paymentLeft: z.number(),
});

/** What a Hostel or Day Care sale covers under the business's counting rule (issue 18). */
export const soldStaySchema = z.object({
  halfDay: z.boolean(),
  units: z.number(),
  unit: z.enum(['day', 'night']),
  /** "3 days: 25 Nov to 27 Nov", "2 nights: 25 Nov to 27 Nov, check-out by 12:00", "Half day: 25 Nov". */
  label: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
});
export type SoldStay = z.infer<typeof soldStaySchema>;

export const saveVisitResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  visit: savedVisitSchema,
  payment: visitPaymentSchema.nullable(),
  /** Hostel and Day Care sales: what the stay covers. */
  stay: soldStaySchema.optional(),
  /**
   * With `appointmentId` (issue 19): the money held for the appointment applied to this visit, and what was beyond
   * the visit's charge, moved to the owner's unapplied balance (rupees).
   */
  appointment: z.object({ _id: z.string(), applied: z.number(), toUnapplied: z.number() }).optional(),
});
export type SaveVisitResponse = z.infer<typeof saveVisitResponse>;
