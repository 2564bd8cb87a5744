import { addDays } from '@pawdesk/shared/dates';
import type { BookableService, FareRule, PaymentChoice, Slot } from '../api/types';

/** The booking messages (spec 001 §8, issue 19), verbatim. */
export const BOOKING_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidPet: 'Please select a valid pet',
  serviceNotFound: 'Service not found',
  registerPet: 'Register a Pet First',
  booked: 'Appointment booked successfully!',
  failed: 'Failed to create appointment',
} as const;

/** The fare rule's defaults (issue 19): ₹500 up to 5 km and ₹100 for each started 2 km beyond. */
export const DEFAULT_FARE_RULE: FareRule = { baseFare: 500, baseKm: 5, stepFare: 100, stepKm: 2 };

/** The pickup and drop fare for a distance (a preview: the server recomputes it); null for a distance that is not one. */
export function fareFor(distanceKm: number, rule: FareRule = DEFAULT_FARE_RULE): number | null {
  if (!Number.isFinite(distanceKm) || distanceKm <= 0) return null;
  if (distanceKm <= rule.baseKm) return rule.baseFare;
  return rule.baseFare + Math.ceil((distanceKm - rule.baseKm) / rule.stepKm - 1e-9) * rule.stepFare;
}

export interface BookingValues {
  petId: string;
  /** `yyyy-MM-dd`: the slot's day, or a stay's first day. */
  date: string;
  /** A stay's last day. */
  endDate: string;
  time: string;
  notes: string;
  pickup: boolean;
  pickupAddress: string;
  /** As typed. */
  distanceKm: number | string;
  payment: PaymentChoice;
}

export const EMPTY_BOOKING: BookingValues = {
  petId: '',
  date: '',
  endDate: '',
  time: '',
  notes: '',
  pickup: false,
  pickupAddress: '',
  distanceKm: '',
  payment: 'desk',
};

/** The first day one can book: tomorrow in the business time zone. */
export const earliestDay = (today: string) => addDays(today, 1);

/** The distance as a number, or NaN when it is not one. */
export const distanceOf = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/** Whether the time can be picked: a slot service, a date chosen and its slots loaded. */
export function slotState(slot: Slot, pickup: boolean): { disabled: boolean; label: string } {
  if (!slot.available) return { disabled: true, label: `${slot.time} (taken)` };
  if (pickup && !slot.pickupAvailable) return { disabled: true, label: `${slot.time} (no pickup)` };
  return { disabled: false, label: slot.time };
}

/** The number of days a stay runs (first and last day counted); 0 when the range is not one. */
export function stayDays(from: string, to: string): number {
  if (!from || !to || to < from) return 0;
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

export interface Preview {
  /** The service's price (per day for a stay, times its days). */
  service: number;
  fare: number | null;
  total: number;
}

/** The total the form shows before booking (the server takes every price itself). */
export function previewOf(service: Pick<BookableService, 'price' | 'kind'>, v: BookingValues, rule?: FareRule): Preview {
  const days = service.kind === 'stay' ? Math.max(stayDays(v.date, v.endDate || v.date), 1) : 1;
  const servicePrice = service.price * days;
  const fare = v.pickup ? fareFor(distanceOf(v.distanceKm), rule) : null;
  return { service: servicePrice, fare, total: servicePrice + (fare ?? 0) };
}

export type BookingErrors = Partial<Record<keyof BookingValues | 'form', string>>;

/**
 * The form's checks before it calls the server (spec 001 §5): pet, date and time (a stay: both days) are required
 * ('Please fill in all required fields'), the pet must be one of the customer's ('Please select a valid pet'), the
 * date tomorrow or later, a taken time refused; pickup needs an address and a distance.
 */
export function validateBooking(
  v: BookingValues,
  ctx: { kind: BookableService['kind']; petIds: readonly string[]; today: string; slots?: readonly Slot[] },
): BookingErrors {
  const e: BookingErrors = {};
  const missing =
    !v.petId || !v.date || (ctx.kind === 'slot' ? !v.time : !v.endDate) || (v.pickup && (!v.pickupAddress.trim() || v.distanceKm === ''));
  if (missing) {
    e.form = BOOKING_MESSAGES.required;
    if (!v.petId) e.petId = 'Required';
    if (!v.date) e.date = 'Required';
    if (ctx.kind === 'slot' && !v.time) e.time = 'Required';
    if (ctx.kind === 'stay' && !v.endDate) e.endDate = 'Required';
    if (v.pickup && !v.pickupAddress.trim()) e.pickupAddress = 'Required';
    if (v.pickup && v.distanceKm === '') e.distanceKm = 'Required';
    return e;
  }
  if (!ctx.petIds.includes(v.petId)) {
    e.petId = BOOKING_MESSAGES.invalidPet;
    e.form = BOOKING_MESSAGES.invalidPet;
    return e;
  }
  if (v.date < earliestDay(ctx.today)) e.date = 'Choose tomorrow or a later day';
  if (ctx.kind === 'stay' && v.endDate < v.date) e.endDate = 'The last day cannot be before the first';
  if (ctx.kind === 'slot' && ctx.slots) {
    const slot = ctx.slots.find((s) => s.time === v.time);
    if (!slot) e.time = 'Choose one of the listed times';
    else if (slotState(slot, v.pickup).disabled) e.time = 'This time is taken: choose another';
  }
  if (v.pickup) {
    const d = distanceOf(v.distanceKm);
    if (!(d > 0) || d > 200) e.distanceKm = 'Enter the distance in km (more than 0, at most 200)';
  }
  if (Object.keys(e).length > 0) e.form = Object.values(e)[0];
  return e;
}

/** The createappoint body: the existing client's fields (the server trusts none of its prices) and the new ones. */
export function bookingBody(
  v: BookingValues,
  ctx: {
    customerId: string;
    service: BookableService;
    pet: { _id: string; name: string; breed?: string | null; species?: string | null; age?: string | null };
    preview: Preview;
  },
) {
  const stay = ctx.service.kind === 'stay';
  return {
    customerId: ctx.customerId,
    serviceId: ctx.service._id,
    serviceName: ctx.service.name,
    servicePrice: ctx.service.price,
    appointmentDate: v.date,
    ...(stay ? { endDate: v.endDate } : { appointmentTime: v.time }),
    petId: ctx.pet._id,
    petName: ctx.pet.name,
    petBreed: ctx.pet.breed ?? '',
    petAge: ctx.pet.age ?? '',
    petSpecies: ctx.pet.species ?? '',
    notes: v.notes.trim(),
    totalAmount: ctx.preview.total,
    ...(v.pickup ? { pickup: { address: v.pickupAddress.trim(), distanceKm: distanceOf(v.distanceKm) } } : {}),
    payment: v.payment,
  };
}
export type BookingBody = ReturnType<typeof bookingBody>;
