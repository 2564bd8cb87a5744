/**
 * Contracts of online appointments (issue 19; spec 001 §3, §4, §5, §7). Amounts are rupees (2 dp); dates are
 * `yyyy-MM-dd` business days; times `HH:MM`. The existing client's fields keep their names; Pawdesk's extensions
 * sit beside them.
 *
 * Routes (module `appointments`; customer = a signed-in customer, staff = any signed-in staff user, admin = staff
 * with isAdmin):
 * - GET    /customerappointment/services                customer → bookableServicesResponse
 * - GET    /customerappointment/slots?serviceId=&date=   customer → appointmentSlotsResponse
 * - POST   /customerappointment/createappoint            customer body createAppointmentBody (Idempotency-Key
 *                                                        honoured) → createAppointmentResponse (201), status pending
 * - GET    /customerappointment/getcustomerappoint/:customerId  customer → appointmentListResponse: the caller's own
 *                                                        appointments whatever id is named (the id is not trusted)
 * - GET    /customerappointment/cancelquote/:id          customer → appointmentCancelQuoteResponse
 * - DELETE /customerappointment/cancelappoint/:id        customer (Idempotency-Key honoured) → appointmentResponse
 * - POST   /customerappointment/payonline/:id            customer (Idempotency-Key honoured) → checkoutOrderResponse:
 *                                                        a new checkout for an own appointment booked to be paid
 *                                                        online and not paid yet (its checkout was closed)
 * - GET    /appointment/onlineappointments?date=         staff → onlineAppointmentsResponse
 * - PATCH  /appointment/onlineappointments/:id/status    staff body appointmentStatusBody → appointmentResponse
 * - GET    /settings/appointments                        staff → appointmentSettingsResponse
 * - PUT    /settings/appointments                        admin body appointmentSettingsBody → appointmentSettingsResponse
 * Online payment: createappoint with `payOnline: true` answers `checkout` (a checkout order of purpose
 * 'appointment'; payonline/:id starts another for the same appointment); the money is held for the appointment until it is completed or refunded on cancellation.
 */
import { z } from 'zod';
import { DATE_RE, DEFAULT_TZ, dateInTz, isIsoDate } from '../dates.ts';
import { idSchema, optionalText, rupees, text } from '../common.ts';
import { checkoutOrderResponse } from '../payments/checkout-schemas.ts';
import {
  APPOINTMENT_STATUS_LIST,
  DEFAULT_APPOINTMENT_SLOTS,
  DEFAULT_OWNER_CANCEL_WINDOW_HOURS,
  DEFAULT_PICKUP_FARE_RULE,
  normaliseAppointmentTime,
} from './rules.ts';

/* ───────────── messages ───────────── */

export const APPOINTMENT_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidPet: 'Please select a valid pet',
  serviceNotFound: 'Service not found',
  noPet: 'Register a Pet First',
  booked: 'Appointment booked successfully!',
  status: (status: string) => `Appointment ${status} successfully!`,
  cancelled: 'Appointment cancelled successfully!',
  notBookable: 'This service cannot be booked online',
  dateTooEarly: 'Appointments can be booked from tomorrow',
  dateTooFar: 'Appointments can be booked at most 180 days ahead',
  slotInvalid: 'Choose one of the offered times',
  slotFull: 'This time is fully booked: please choose another time',
  pickupTaken: 'The pickup vehicle is already booked at this time: choose another time or book without pickup',
  pickupAddress: 'Enter the pickup address',
  pickupKm: (maxKm: number) => `Enter the distance in km (more than 0, at most ${maxKm})`,
  endDateRequired: 'Choose the last day of the stay',
  endDateBeforeStart: 'The last day cannot be before the first day',
  blacklisted: 'This pet cannot be booked online: please contact the resort',
  notFound: 'Appointment not found',
  statusValue: "Status must be 'confirmed', 'completed' or 'cancelled'",
  date: 'Invalid date (expected yyyy-MM-dd or an ISO timestamp)',
  fetchFailed: 'Failed to fetch appointments',
  createFailed: 'Failed to create appointment',
  cancelFailed: 'Failed to cancel appointment',
  updateFailed: 'Error updating appointment',
  settingsSaved: 'Appointment settings saved',
  payOnlineNoAmount: 'Nothing to pay online for this booking',
  stayPaidAtDesk: 'Stays are paid at the desk: book without paying online',
  paidAtDesk: 'This appointment is paid at the desk',
  alreadyPaid: 'This appointment is already paid',
  notPayable: (status: string) => `A ${status} appointment cannot be paid`,
  payFailed: 'Failed to start the payment',
  /** A booking imported from the original system (issue 21) that Pawdesk cannot turn into a visit by itself. */
  importedNoPet: "This booking came from the original system without a pet on record: record the visit from the pet's page",
  importedNoService: (service: string) =>
    `This booking came from the original system for '${service}', which matches no visit type: record the visit from the pet's page`,
} as const;

/**
 * Why an appointment cannot be confirmed, completed or turned into a visit: a booking imported from the original
 * system (issue 21) without a pet or a visit type on record. Null when it has both (every booking made in Pawdesk).
 */
export function importedBookingGap(a: { petId: string | null; visitTypeId: string | null; serviceName: string }): string | null {
  if (a.petId === null) return APPOINTMENT_MESSAGES.importedNoPet;
  if (a.visitTypeId === null) return APPOINTMENT_MESSAGES.importedNoService(a.serviceName);
  return null;
}

/* ───────────── vocabulary ───────────── */

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUS_LIST);

export const APPOINTMENT_STATUS_LABEL: Record<(typeof APPOINTMENT_STATUS_LIST)[number], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const APPOINTMENT_PAYMENT_MODES = ['desk', 'online'] as const;
export type AppointmentPaymentMode = (typeof APPOINTMENT_PAYMENT_MODES)[number];

/**
 * desk: paid at the desk (nothing online); awaiting: an online order not paid yet; paid: held for the appointment;
 * applied: moved to the visit it became; refunded / part_refunded: given back on cancellation.
 */
export const APPOINTMENT_PAYMENT_STATES = ['desk', 'awaiting', 'paid', 'applied', 'refunded', 'part_refunded'] as const;
export type AppointmentPaymentState = (typeof APPOINTMENT_PAYMENT_STATES)[number];

export const APPOINTMENT_KINDS = ['slot', 'stay'] as const;

export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = (message = 'Enter a time as HH:MM (24-hour)') => z.string().regex(HHMM_RE, message);

/* ───────────── the appointment as answered ───────────── */

export const appointmentPickupSchema = z.object({
  address: z.string(),
  km: z.number(),
  /** Rupees. */
  fare: z.number(),
});

export const appointmentPaymentSchema = z.object({
  mode: z.enum(APPOINTMENT_PAYMENT_MODES),
  state: z.enum(APPOINTMENT_PAYMENT_STATES),
  /** Rupees paid online and held (before refunds). */
  paid: z.number(),
  /** Rupees given back. */
  refunded: z.number(),
});

export const appointmentReservationSchema = z.object({
  _id: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  status: z.string(),
});

/** One appointment (spec 001 §3 Appointment, with Pawdesk's extensions). */
export const appointmentSchema = z.object({
  _id: z.string(),
  /** The last 8 characters of the id, upper case. */
  shortId: z.string(),
  status: appointmentStatusSchema,
  kind: z.enum(APPOINTMENT_KINDS),
  customerId: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
  /**
   * The visit type booked; `name` is its purpose. `_id` is null only for a booking imported from the original
   * system whose service matched no visit type (issue 21): `name` is then the service the original named.
   */
  serviceId: z.object({ _id: z.string().nullable(), name: z.string() }),
  serviceName: z.string(),
  /** Rupees: the visit type's price (a stay: price × days). */
  servicePrice: z.number(),
  appointmentDate: z.string(),
  /** 'HH:MM'. */
  appointmentTime: z.string(),
  /** A stay's last day (`yyyy-MM-dd`), null for a slot. */
  endDate: z.string().nullable(),
  /** Null only for a booking imported from the original system whose pet matched none on record (issue 21). */
  petId: z.string().nullable(),
  petName: z.string(),
  petBreed: z.string(),
  /** Text, as the existing client stores it ('2 years', 'N/A'). */
  petAge: z.string(),
  petSpecies: z.string(),
  notes: z.string(),
  /** Rupees: service price + pickup fare (GST inclusive where configured). */
  totalAmount: z.number(),
  pickup: appointmentPickupSchema.nullable(),
  payment: appointmentPaymentSchema,
  reservation: appointmentReservationSchema.nullable(),
  visitNotes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(['owner', 'staff']).nullable(),
  /** The visit a completed appointment became, when staff recorded it. */
  visitId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  confirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/* ───────────── requests ───────────── */

/** An ISO timestamp (`2026-11-23T00:00:00.000Z`). */
function isIsoInstant(s: string): boolean {
  return s.length > 10 && DATE_RE.test(s.slice(0, 10)) && s[10] === 'T' && !Number.isNaN(Date.parse(s));
}

/** A business day as `yyyy-MM-dd` or an ISO timestamp (`2026-11-23T00:00:00.000Z`), read by `businessDayOf`. */
export const dayOrInstantSchema = text()
  .max(40)
  .refine((s: string) => isIsoDate(s) || isIsoInstant(s), APPOINTMENT_MESSAGES.date);

/** The business day a `dayOrInstantSchema` value means: a date as is, a timestamp's date in the business zone. */
export function businessDayOf(value: string, tz: string = DEFAULT_TZ): string {
  return isIsoDate(value) ? value : dateInTz(new Date(value), tz);
}

const required = APPOINTMENT_MESSAGES.required;

/** An appointment time as `HH:MM` (also `h:mm AM/PM`, normalised); missing → 'Please fill in all required fields'. */
export const appointmentTimeSchema = text({ error: required })
  .trim()
  .min(1, required)
  .max(20, APPOINTMENT_MESSAGES.slotInvalid)
  .transform((s, ctx) => {
    const t = normaliseAppointmentTime(s);
    if (!t) {
      ctx.addIssue({ code: 'custom', message: APPOINTMENT_MESSAGES.slotInvalid });
      return z.NEVER;
    }
    return t;
  });

/**
 * POST /customerappointment/createappoint. The existing client's fields are accepted, but the server takes no name,
 * price or customer from them: `serviceId` names the service (a visit type, or a catalogue service of
 * /customerservice that names one), `petId` one of the caller's pets. `serviceName`, `servicePrice`, `petName`,
 * `petBreed`, `petAge`, `petSpecies`, `totalAmount` and `customerId` are ignored.
 */
export const createAppointmentBody = z
  .object({
    customerId: z.unknown().optional(),
    serviceId: text({ error: APPOINTMENT_MESSAGES.serviceNotFound })
      .trim()
      .max(40, APPOINTMENT_MESSAGES.serviceNotFound)
      .nullish(),
    serviceName: z.unknown().optional(),
    servicePrice: z.unknown().optional(),
    appointmentDate: text({ error: required }).trim().min(1, required).max(40, APPOINTMENT_MESSAGES.date),
    /**
     * The slot's time; a stay without pickup may leave it out ('' or missing: the server takes the first slot as the
     * reservation's check-in and answers ''). A slot service or a pickup without it: 'Please fill in all required fields'.
     */
    appointmentTime: z.preprocess((v) => (v === '' || v === null ? undefined : v), appointmentTimeSchema.optional()),
    petId: text({ error: required }).trim().min(1, required).max(40, APPOINTMENT_MESSAGES.invalidPet),
    petName: z.unknown().optional(),
    petBreed: z.unknown().optional(),
    petAge: z.unknown().optional(),
    petSpecies: z.unknown().optional(),
    notes: optionalText(500, 'Notes can be at most 500 characters', { multiline: true }),
    totalAmount: z.unknown().optional(),
    /** Optional pickup and drop: the owner's address and distance; the fare comes from the fare rule. */
    pickup: z
      .object({
        address: text({ error: APPOINTMENT_MESSAGES.pickupAddress, multiline: true })
          .trim()
          .min(1, APPOINTMENT_MESSAGES.pickupAddress)
          .max(300, 'The address can be at most 300 characters'),
        km: z
          .number({ error: APPOINTMENT_MESSAGES.pickupKm(DEFAULT_PICKUP_FARE_RULE.maxKm) })
          .positive(APPOINTMENT_MESSAGES.pickupKm(DEFAULT_PICKUP_FARE_RULE.maxKm)),
      })
      .nullish(),
    /** Pay now through the provider (answers `checkout`); otherwise at the desk. */
    payOnline: z.boolean({ error: 'payOnline must be true or false' }).optional(),
    /** A stay's last day (`yyyy-MM-dd`), required for Hostel, Day Care, Day School and Play School. */
    endDate: text().trim().max(40).nullish(),
  })
  .superRefine((b, ctx) => {
    // Only a stay (it names its last day) without pickup goes without a time.
    if (!b.appointmentTime && (!b.endDate || b.pickup)) {
      ctx.addIssue({ code: 'custom', path: ['appointmentTime'], message: APPOINTMENT_MESSAGES.required });
    }
  });
export type CreateAppointmentBody = z.input<typeof createAppointmentBody>;

/** PATCH /appointment/onlineappointments/:id/status. */
export const appointmentStatusBody = z.object({
  status: z.enum(APPOINTMENT_STATUS_LIST, { error: APPOINTMENT_MESSAGES.statusValue }),
  visitNotes: optionalText(1000, 'Visit notes can be at most 1000 characters', { multiline: true }),
  /** Required when marking not visited (cancelled). */
  reason: optionalText(200, 'The reason can be at most 200 characters', { multiline: true }),
});
export type AppointmentStatusBody = z.input<typeof appointmentStatusBody>;

export const onlineAppointmentsQuery = z.object({ date: dayOrInstantSchema.optional() });
export const appointmentSlotsQuery = z.object({
  serviceId: idSchema,
  date: dayOrInstantSchema,
});

/* ───────────── answers ───────────── */

export const createAppointmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: appointmentSchema,
  /** With `payOnline`: the checkout order to open (the order fields as the payment modal takes them). */
  checkout: checkoutOrderResponse.omit({ success: true }).optional(),
});
export type CreateAppointmentResponse = z.infer<typeof createAppointmentResponse>;

export const appointmentResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: appointmentSchema,
  /** On a cancellation: rupees refunded now. */
  refund: z.number().optional(),
});
export type AppointmentResponse = z.infer<typeof appointmentResponse>;

export const appointmentListResponse = z.object({ success: z.literal(true), data: z.array(appointmentSchema) });
export type AppointmentListResponse = z.infer<typeof appointmentListResponse>;

export const onlineAppointmentsResponse = z.object({
  success: z.literal(true),
  /** The business day listed. */
  date: z.string(),
  appointments: z.array(appointmentSchema),
});
export type OnlineAppointmentsResponse = z.infer<typeof onlineAppointmentsResponse>;

export const bookableServiceSchema = z.object({
  /** The visit type's id: what createappoint and slots take as `serviceId`. */
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  /** Rupees per visit (a stay: per day). */
  price: z.number(),
  kind: z.enum(APPOINTMENT_KINDS),
  /** Boarding services apply the admission rule (dogs under 4 months or without a core vaccine are refused). */
  admission: z.boolean(),
});
export type BookableService = z.infer<typeof bookableServiceSchema>;

export const bookableServicesResponse = z.object({
  success: z.literal(true),
  services: z.array(bookableServiceSchema),
  /** The pickup fare rule, to show the fare before booking. */
  pickupFare: z.object({
    baseFare: z.number(),
    baseKm: z.number(),
    stepKm: z.number(),
    stepFare: z.number(),
    maxKm: z.number(),
  }),
  earliestDate: z.string(),
  ownerCancelWindowHours: z.number(),
});
export type BookableServicesResponse = z.infer<typeof bookableServicesResponse>;

export const appointmentSlotSchema = z.object({
  time: z.string(),
  /** A place is free for this service. */
  available: z.boolean(),
  /** The pickup vehicle is free at this time. */
  pickupAvailable: z.boolean(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

export const appointmentSlotsResponse = z.object({
  success: z.literal(true),
  date: z.string(),
  serviceId: z.string(),
  kind: z.enum(APPOINTMENT_KINDS),
  slots: z.array(appointmentSlotSchema),
});
export type AppointmentSlotsResponse = z.infer<typeof appointmentSlotsResponse>;

export const appointmentCancelQuoteResponse = z.object({
  success: z.literal(true),
  /** full: everything held comes back; policy: the refund policy applies; nothing_paid: nothing was paid online. */
  rule: z.enum(['full', 'policy', 'nothing_paid']),
  /** Rupees held, refunded now and kept. */
  paid: z.number(),
  refund: z.number(),
  kept: z.number(),
  /** What the cancel prompt says. */
  message: z.string(),
});
export type AppointmentCancelQuoteResponse = z.infer<typeof appointmentCancelQuoteResponse>;

/* ───────────── settings (key `appointments`) ───────────── */

const slotList = z
  .array(hhmm(), { error: 'Enter the slots as a list of HH:MM times' })
  .min(1, 'Keep at least one slot')
  .max(48, 'At most 48 slots')
  .refine((a) => new Set(a).size === a.length, 'A slot is listed twice')
  .transform((a) => [...a].sort());

const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`);

export const appointmentSettingsSchema = z.object({
  /** The bookable times of a day (`HH:MM`), sorted. */
  slots: slotList,
  /** Places per service per slot, unless the service has its own figure. */
  defaultSlotCapacity: count('Places per slot', 50),
  /** Places per slot by visit type code (e.g. `grooming`: 2). */
  slotCapacityByService: z.record(z.string().max(40), count('Places per slot', 50)),
  /** Pickup vehicles per slot (0: no pickup offered). */
  pickupVehiclesPerSlot: count('Pickup vehicles', 20),
  pickupFare: z.object({
    baseFare: rupees({ label: 'Base fare', max: 100_000 }),
    baseKm: z.number({ error: 'Base distance must be a number' }).positive('Base distance must be more than 0').max(100),
    stepKm: z.number({ error: 'Step distance must be a number' }).positive('Step distance must be more than 0').max(100),
    stepFare: rupees({ label: 'Step fare', max: 100_000 }),
    maxKm: z.number({ error: 'Longest distance must be a number' }).positive('Longest distance must be more than 0').max(500),
  }),
  /** An owner cancelling at least this many hours before the slot gets a full refund. */
  ownerCancelWindowHours: count('Hours before the slot', 24 * 30),
});
export type AppointmentSettings = z.infer<typeof appointmentSettingsSchema>;

export const DEFAULT_APPOINTMENT_SETTINGS: AppointmentSettings = {
  slots: [...DEFAULT_APPOINTMENT_SLOTS],
  defaultSlotCapacity: 1,
  slotCapacityByService: {},
  pickupVehiclesPerSlot: 1,
  pickupFare: { ...DEFAULT_PICKUP_FARE_RULE },
  ownerCancelWindowHours: DEFAULT_OWNER_CANCEL_WINDOW_HOURS,
};

/** Places per slot for a visit type code under the settings. */
export function slotCapacityFor(settings: AppointmentSettings, code: string): number {
  return settings.slotCapacityByService[code] ?? settings.defaultSlotCapacity;
}

/** PUT /settings/appointments (admins): any of the settings; the others stay as they are. */
export const appointmentSettingsBody = appointmentSettingsSchema
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Change at least one setting');
export type AppointmentSettingsBody = z.input<typeof appointmentSettingsBody>;

export const appointmentSettingsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  /** As stored (the slots already sorted): plain values, no transforms. */
  settings: z.object({
    slots: z.array(z.string()),
    defaultSlotCapacity: z.number(),
    slotCapacityByService: z.record(z.string(), z.number()),
    pickupVehiclesPerSlot: z.number(),
    pickupFare: z.object({
      baseFare: z.number(),
      baseKm: z.number(),
      stepKm: z.number(),
      stepFare: z.number(),
      maxKm: z.number(),
    }),
    ownerCancelWindowHours: z.number(),
  }),
});
export type AppointmentSettingsResponse = z.infer<typeof appointmentSettingsResponse>;
