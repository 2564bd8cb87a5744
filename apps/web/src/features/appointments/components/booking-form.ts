import { DEFAULT_PICKUP_FARE_RULE, type PickupFareRule, pickupFarePaise } from '@pawdesk/shared/appointments/rules';
import { APPOINTMENT_MESSAGES } from '@pawdesk/shared/appointments/schemas';
import { addDays } from '@pawdesk/shared/dates';
import { toRupees } from '@pawdesk/shared/money';
import type { BookableService, Slot } from '../api/types';

/** The booking messages (spec 001 §8, issue 19), verbatim. */
export const BOOKING_MESSAGES = {
  required: APPOINTMENT_MESSAGES.required,
  invalidPet: APPOINTMENT_MESSAGES.invalidPet,
  serviceNotFound: APPOINTMENT_MESSAGES.serviceNotFound,
  registerPet: APPOINTMENT_MESSAGES.noPet,
  booked: APPOINTMENT_MESSAGES.booked,
  failed: APPOINTMENT_MESSAGES.createFailed,
  taken: APPOINTMENT_MESSAGES.slotFull,
  pickupTaken: APPOINTMENT_MESSAGES.pickupTaken,
  tooEarly: APPOINTMENT_MESSAGES.dateTooEarly,
  endBeforeStart: APPOINTMENT_MESSAGES.endDateBeforeStart,
  pickupAddress: APPOINTMENT_MESSAGES.pickupAddress,
} as const;

/** The pickup and drop fare in rupees for a distance (a preview: the server recomputes it); null when not servable. */
export function fareFor(distanceKm: number, rule: PickupFareRule = DEFAULT_PICKUP_FARE_RULE): number | null {
  if (!Number.isFinite(distanceKm) || distanceKm <= 0 || distanceKm > rule.maxKm) return null;
  return toRupees(pickupFarePaise(distanceKm, rule));
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
  payment: 'desk' | 'online';
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

/** How a time shows in the picker: free, taken (no place for the service), or no pickup (the vehicle is booked). */
export function slotState(slot: Slot, pickup: boolean): { disabled: boolean; label: string; note: string | null } {
  if (!slot.available) return { disabled: true, label: `${slot.time} (taken)`, note: 'taken' };
  if (pickup && !slot.pickupAvailable) return { disabled: true, label: `${slot.time} (no pickup)`, note: 'no pickup' };
  return { disabled: false, label: slot.time, note: null };
}

/** The number of days a stay runs (first and last day counted); 0 when the range is not one. */
export function stayDays(from: string, to: string): number {
  if (!from || !to || to < from) return 0;
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Number.isFinite(ms) ? Math.round(ms / 86_400_000) + 1 : 0;
}

export interface Preview {
  /** The service's price (a stay: per day times its days). */
  service: number;
  fare: number | null;
  total: number;
}

/** The total the form shows before booking (the server takes every price itself). */
export function previewOf(service: Pick<BookableService, 'price' | 'kind'>, v: BookingValues, rule?: PickupFareRule): Preview {
  const days = service.kind === 'stay' ? Math.max(stayDays(v.date, v.endDate || v.date), 1) : 1;
  const servicePrice = service.price * days;
  const fare = v.pickup ? fareFor(distanceOf(v.distanceKm), rule) : null;
  return { service: servicePrice, fare, total: Math.round((servicePrice + (fare ?? 0)) * 100) / 100 };
}

export type BookingErrors = Partial<Record<keyof BookingValues | 'form', string>>;

/**
 * The form's checks before it calls the server (spec 001 §5): pet, date and time (a stay: both days), and with
 * pickup its address and distance, are required ('Please fill in all required fields'); the pet must be one of the
 * customer's ('Please select a valid pet'); the date tomorrow or later; a taken time is refused.
 */
export function validateBooking(
  v: BookingValues,
  ctx: {
    kind: BookableService['kind'];
    petIds: readonly string[];
    earliest: string;
    slots?: readonly Slot[];
    rule?: PickupFareRule;
  },
): BookingErrors {
  const e: BookingErrors = {};
  const slot = ctx.kind === 'slot';
  if (!v.petId) e.petId = 'Required';
  if (!v.date) e.date = 'Required';
  // A stay has no slot, but a pickup needs its time.
  if ((slot || v.pickup) && !v.time) e.time = 'Required';
  if (!slot && !v.endDate) e.endDate = 'Required';
  if (v.pickup && !v.pickupAddress.trim()) e.pickupAddress = BOOKING_MESSAGES.pickupAddress;
  if (v.pickup && v.distanceKm === '') e.distanceKm = 'Required';
  if (Object.keys(e).length > 0) return { ...e, form: BOOKING_MESSAGES.required };
  if (!ctx.petIds.includes(v.petId)) return { petId: BOOKING_MESSAGES.invalidPet, form: BOOKING_MESSAGES.invalidPet };
  if (v.date < ctx.earliest) e.date = BOOKING_MESSAGES.tooEarly;
  if (!slot && v.endDate < v.date) e.endDate = BOOKING_MESSAGES.endBeforeStart;
  if ((slot || v.pickup) && ctx.slots) {
    const s = ctx.slots.find((x) => x.time === v.time);
    if (!s) e.time = APPOINTMENT_MESSAGES.slotInvalid;
    else if (!s.available) e.time = BOOKING_MESSAGES.taken;
    else if (v.pickup && !s.pickupAvailable) e.time = BOOKING_MESSAGES.pickupTaken;
  }
  const rule = ctx.rule ?? DEFAULT_PICKUP_FARE_RULE;
  if (v.pickup && fareFor(distanceOf(v.distanceKm), rule) === null) e.distanceKm = APPOINTMENT_MESSAGES.pickupKm(rule.maxKm);
  const first = Object.values(e)[0];
  return first ? { ...e, form: first } : e;
}

/** The time a booking sends: the chosen one; none for a stay without pickup (a stay has no slot). */
export function timeOf(v: BookingValues, kind: BookableService['kind']): string {
  return kind === 'slot' || v.pickup ? v.time : '';
}

/**
 * The createappoint body: the existing client's fields (the server trusts none of its names or prices) and
 * Pawdesk's (`endDate`, `pickup`, `payOnline`).
 */
export function bookingBody(
  v: BookingValues,
  ctx: {
    customerId: string;
    service: Pick<BookableService, '_id' | 'name' | 'price' | 'kind'>;
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
    // A stay without pickup sends no time: the server expects the pet at the day's first slot (docs/decisions.md).
    ...(v.time ? { appointmentTime: v.time } : {}),
    ...(stay ? { endDate: v.endDate } : {}),
    petId: ctx.pet._id,
    petName: ctx.pet.name,
    petBreed: ctx.pet.breed ?? '',
    petAge: ctx.pet.age ?? 'N/A',
    petSpecies: ctx.pet.species ?? '',
    notes: v.notes.trim(),
    totalAmount: ctx.preview.total,
    ...(v.pickup ? { pickup: { address: v.pickupAddress.trim(), km: distanceOf(v.distanceKm) } } : {}),
    // Stays are paid at the desk (the server refuses paying them online).
    payOnline: !stay && v.payment === 'online',
  };
}
export type BookingBody = ReturnType<typeof bookingBody>;
