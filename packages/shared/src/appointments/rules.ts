/**
 * The pure rules of online appointments (issue 19; spec 001 §4, §5, §9): the slot table, the pickup fare, the short
 * id, the earliest date, the status transitions and the refund of a cancellation. No zod here: screens and the
 * server both decide with these.
 */
import { APPOINTMENT_SLOTS, NOT_BOOKABLE, PURPOSES, type Purpose } from '../catalog.ts';
import { addDays, DEFAULT_TZ, todayIn } from '../dates.ts';
import { refundQuote } from '../payments/refund.ts';
import { instantAt } from '../stays/counting.ts';

export const APPOINTMENT_STATUS_LIST = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type AppointmentStatusName = (typeof APPOINTMENT_STATUS_LIST)[number];

/** The default slot table (spec 001 §9): 09:00 to 12:30 and 14:00 to 18:00 every 30 minutes, 17 slots. */
export const DEFAULT_APPOINTMENT_SLOTS: readonly string[] = APPOINTMENT_SLOTS;

/** The booked visit types that are stays: booking one asks for a reservation for dates, not a slot. */
export const STAY_APPOINTMENT_PURPOSES = [
  'Hostel',
  'Day Care',
  'Day School',
  'Play School',
] as const satisfies readonly Purpose[];

/** The visit types a customer may book (every purpose but Buy Subscription, Shop and Inquiry). */
export const BOOKABLE_PURPOSES: readonly Purpose[] = PURPOSES.filter((p) => !(NOT_BOOKABLE as readonly string[]).includes(p));

export type AppointmentKind = 'slot' | 'stay';

/** A stay (reservation for dates) or a slot appointment, by the visit type's purpose. */
export function appointmentKind(purpose: string): AppointmentKind {
  return (STAY_APPOINTMENT_PURPOSES as readonly string[]).includes(purpose) ? 'stay' : 'slot';
}

export function isBookablePurpose(purpose: string): boolean {
  return (BOOKABLE_PURPOSES as readonly string[]).includes(purpose);
}

/** The short id customers and staff quote (spec 001 §9): the last 8 characters of the id, upper case. */
export function shortAppointmentId(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** The earliest date that can be booked: tomorrow in the business time zone. */
export function earliestAppointmentDate(now: Date = new Date(), tz: string = DEFAULT_TZ): string {
  return addDays(todayIn(tz, now), 1);
}

/** The pickup-and-drop fare rule (admin-editable; rupees and kilometres). */
export interface PickupFareRule {
  /** The fare up to `baseKm`. */
  baseFare: number;
  baseKm: number;
  /** Each started `stepKm` beyond `baseKm` adds `stepFare`. */
  stepKm: number;
  stepFare: number;
  /** The longest distance served. */
  maxKm: number;
}

export const DEFAULT_PICKUP_FARE_RULE: PickupFareRule = { baseFare: 500, baseKm: 5, stepKm: 2, stepFare: 100, maxKm: 40 };

/**
 * The pickup fare in paise for a distance in km (> 0, at most `maxKm`): ₹500 up to 5 km, then ₹100 for each started
 * 2 km beyond (5.1 km → ₹600, 7 km → ₹600, 7.1 km → ₹700). Throws a RangeError outside the served range.
 */
export function pickupFarePaise(km: number, rule: PickupFareRule = DEFAULT_PICKUP_FARE_RULE): number {
  if (!Number.isFinite(km) || km <= 0 || km > rule.maxKm) throw new RangeError(`pickup: ${km} km is outside 0..${rule.maxKm}`);
  // Work in hundredths of a km so 5.1 − 5 is exact.
  const beyond = Math.round(km * 100) - Math.round(rule.baseKm * 100);
  const steps = beyond <= 0 ? 0 : Math.ceil(beyond / Math.round(rule.stepKm * 100));
  return Math.round(rule.baseFare * 100) + steps * Math.round(rule.stepFare * 100);
}

/* ───────────── status transitions (spec 001 §4) ───────────── */

export type TransitionActor = 'staff' | 'owner';

export type TransitionResult = { ok: true } | { ok: false; status: 400 | 409; message: string };

export const FINAL_APPOINTMENT_STATUSES = ['completed', 'cancelled'] as const satisfies readonly AppointmentStatusName[];

export const TRANSITION_MESSAGES = {
  final: (s: string) => `A ${s} appointment is final: it cannot be changed`,
  notAllowed: (from: string, to: string) => `A ${from} appointment cannot be marked ${to}`,
  reasonRequired: 'Please give the reason the pet was not visited',
  ownerCannotCancel: (s: string) => `A ${s} appointment cannot be cancelled`,
} as const;

/** The staff moves: pending → confirmed; confirmed → completed, or cancelled (not visited, reason required). */
const STAFF_MOVES: Record<AppointmentStatusName, readonly AppointmentStatusName[]> = {
  pending: ['confirmed'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/**
 * May `actor` move an appointment from `from` to `to`? Staff follow STAFF_MOVES (cancelling needs a reason); an
 * owner may only cancel, when pending or confirmed. Final states and anything else are a 409; a missing reason 400.
 */
export function appointmentTransition(
  from: AppointmentStatusName,
  to: AppointmentStatusName,
  actor: TransitionActor,
  reason?: string | null,
): TransitionResult {
  if ((FINAL_APPOINTMENT_STATUSES as readonly string[]).includes(from)) {
    return { ok: false, status: 409, message: TRANSITION_MESSAGES.final(from) };
  }
  if (actor === 'owner') {
    return to === 'cancelled' ? { ok: true } : { ok: false, status: 409, message: TRANSITION_MESSAGES.notAllowed(from, to) };
  }
  if (!STAFF_MOVES[from].includes(to)) return { ok: false, status: 409, message: TRANSITION_MESSAGES.notAllowed(from, to) };
  if (to === 'cancelled' && !reason?.trim()) return { ok: false, status: 400, message: TRANSITION_MESSAGES.reasonRequired };
  return { ok: true };
}

/* ───────────── cancellation refunds ───────────── */

export const DEFAULT_OWNER_CANCEL_WINDOW_HOURS = 24;

export type CancelRefundRule = 'full' | 'policy' | 'nothing_paid';

export interface CancelRefundInput {
  by: TransitionActor;
  /** Money held for the appointment (paid online less refunds already given), paise. */
  paidPaise: number;
  /** When it was paid (the refund policy's sale day), instant. */
  paidAt: Date | null;
  /** The slot (or the stay's first day at the first slot): business date and `HH:MM`. */
  appointmentDate: string;
  appointmentTime: string;
  now: Date;
  /** Owner cancels at least this many hours before the slot: full refund (setting, default 24). */
  windowHours: number;
  tz?: string;
}

export interface CancelRefund {
  rule: CancelRefundRule;
  refundPaise: number;
  keptPaise: number;
  /** Hours from now to the slot (negative when past). */
  hoursBefore: number;
}

/**
 * What a cancellation refunds: staff (cancel or not visited) → everything held; the owner at least `windowHours`
 * before the slot → everything; later → the site's refund policy (`refundQuote`: within its days of the payment, less
 * ₹5,000 under ₹20,000 or ₹7,500 from ₹20,000, so nothing below ₹5,000; nothing after its days).
 */
export function appointmentCancelRefund(i: CancelRefundInput): CancelRefund {
  const tz = i.tz ?? DEFAULT_TZ;
  // A stay booked without a time ('') counts from the start of its first day.
  const slot = instantAt(i.appointmentDate, i.appointmentTime || '00:00', tz);
  const hoursBefore = (slot.getTime() - i.now.getTime()) / 3_600_000;
  const paid = Math.max(0, i.paidPaise);
  if (paid === 0) return { rule: 'nothing_paid', refundPaise: 0, keptPaise: 0, hoursBefore };
  if (i.by === 'staff' || hoursBefore >= i.windowHours) return { rule: 'full', refundPaise: paid, keptPaise: 0, hoursBefore };
  const q = refundQuote({ saleDate: i.paidAt ?? i.now, requestDate: i.now, tz, cancelledPaise: paid, paidPaise: paid });
  return { rule: 'policy', refundPaise: q.refundPaise, keptPaise: paid - q.refundPaise, hoursBefore };
}

/** `HH:MM` from what clients send: `HH:MM`, `H:MM`, or `h:mm AM/PM`; null when it is not a time. */
export function normaliseAppointmentTime(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (m) {
    const h = Number(m[1]);
    return h <= 23 ? `${String(h).padStart(2, '0')}:${m[2]}` : null;
  }
  m = /^(\d{1,2}):([0-5]\d)\s*([AaPp])\.?[Mm]\.?$/.exec(s);
  if (m) {
    let h = Number(m[1]);
    if (h < 1 || h > 12) return null;
    const pm = m[3]?.toLowerCase() === 'p';
    if (h === 12) h = 0;
    if (pm) h += 12;
    return `${String(h).padStart(2, '0')}:${m[2]}`;
  }
  return null;
}
