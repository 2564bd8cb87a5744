/**
 * The booking form's rules, pure so they are tested on their own: which fields are missing or wrong, the body of the
 * quote and of the save, the label counted with the business's rule while the server's quote loads, and what a
 * cancellation refunds in words.
 */
import {
  type CreateReservationBody,
  countStay,
  DEFAULT_TZ,
  instantAt,
  RESERVATION_MESSAGES as M,
  type ReservationCancelQuote,
  type ReservationDepositMethod,
  type ReservationQuote,
  type ReservationQuoteBody,
  type StayRule,
  type VisitTypeApi,
} from '@pawdesk/shared';

/** The boarding types whose half-day price the form offers (a half or a full day). */
export const HALF_DAY_CODES: readonly string[] = ['hostel', 'day_care'];

export const offersHalfDay = (type: Pick<VisitTypeApi, 'code' | 'halfdayPrice'> | null | undefined) =>
  Boolean(type && HALF_DAY_CODES.includes(type.code) && type.halfdayPrice > 0);

export interface BookingValues {
  ownerId: string | null;
  petIds: string[];
  visitTypeId: string | null;
  /** `yyyy-MM-dd` or '' */
  checkInDate: string;
  /** `HH:MM` or '' */
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  /** Day Care and Hostel: a half or a full day (a half day checks out the day it checks in). */
  length: 'full' | 'half';
  notes: string;
}

export type BookingField =
  | 'owner'
  | 'pets'
  | 'visitTypeId'
  | 'checkInDate'
  | 'checkInTime'
  | 'checkOutDate'
  | 'checkOutTime'
  | 'notes';

export const emptyBooking = (checkInDate = '', checkOutTime = '12:00'): BookingValues => ({
  ownerId: null,
  petIds: [],
  visitTypeId: null,
  checkInDate,
  checkInTime: '10:00',
  checkOutDate: '',
  checkOutTime,
  length: 'full',
  notes: '',
});

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The check-out date the form sends: a half day checks out the day it checks in. */
export const checkOutDateOf = (v: BookingValues, halfDayOffered: boolean) =>
  halfDayOffered && v.length === 'half' ? v.checkInDate : v.checkOutDate;

/** What is wrong with the form now (the messages are the server's, so both say the same). */
export function bookingErrors(
  v: BookingValues,
  { today, halfDayOffered }: { today: string; halfDayOffered: boolean },
): Partial<Record<BookingField, string>> {
  const e: Partial<Record<BookingField, string>> = {};
  if (!v.ownerId) e.owner = M.ownerMissing;
  else if (v.petIds.length === 0) e.pets = M.petMissing;
  if (!v.visitTypeId) e.visitTypeId = 'Choose the boarding type';
  if (!v.checkInDate) e.checkInDate = 'Choose the check-in date';
  else if (v.checkInDate < today) e.checkInDate = M.inThePast;
  if (!TIME_RE.test(v.checkInTime)) e.checkInTime = M.time;
  const outDate = checkOutDateOf(v, halfDayOffered);
  if (!outDate) e.checkOutDate = 'Choose the check-out date';
  if (!TIME_RE.test(v.checkOutTime)) e.checkOutTime = M.time;
  if (!e.checkInDate && !e.checkOutDate && !e.checkInTime && !e.checkOutTime) {
    if (`${outDate}T${v.checkOutTime}` <= `${v.checkInDate}T${v.checkInTime}`) {
      if (halfDayOffered && v.length === 'half') e.checkOutTime = M.checkOutBeforeCheckIn;
      else e.checkOutDate = M.checkOutBeforeCheckIn;
    }
  }
  if (v.notes.length > 2000) e.notes = 'Notes must be at most 2000 characters';
  return e;
}

/** The quote's body once the stay is complete and in order, else null (nothing to ask the server yet). */
export function quoteBody(
  v: BookingValues,
  { today, halfDayOffered }: { today: string; halfDayOffered: boolean },
): ReservationQuoteBody | null {
  const errors = bookingErrors(v, { today, halfDayOffered });
  const blocking: BookingField[] = ['owner', 'pets', 'visitTypeId', 'checkInDate', 'checkInTime', 'checkOutDate', 'checkOutTime'];
  if (blocking.some((f) => errors[f]) || !v.ownerId || !v.visitTypeId) return null;
  return {
    ownerId: v.ownerId,
    visitTypeId: v.visitTypeId,
    petIds: v.petIds,
    checkInDate: v.checkInDate,
    checkInTime: v.checkInTime,
    checkOutDate: checkOutDateOf(v, halfDayOffered),
    checkOutTime: v.checkOutTime,
    ...(halfDayOffered ? { halfDay: v.length === 'half' } : {}),
  };
}

/** The save's body: the quote's, with the notes, the waitlist choice and the deposit taken with it. */
export function createBody(
  quote: ReservationQuoteBody,
  v: Pick<BookingValues, 'notes'>,
  o: { waitlist: boolean; deposit?: { amount: number; selectedPayment: ReservationDepositMethod } | null },
): CreateReservationBody {
  const notes = v.notes.trim();
  return {
    ...quote,
    ...(notes ? { notes } : {}),
    ...(o.waitlist ? { waitlist: true } : {}),
    ...(o.deposit ? { deposit: o.deposit } : {}),
  };
}

/**
 * The days/nights label counted here with the business's rule ("3 days: 25 Nov to 27 Nov"), shown while the
 * server's quote loads; null when the stay is not complete. The server's quote decides.
 */
export function previewLabel(body: ReservationQuoteBody | null, rule: StayRule | undefined, tz = DEFAULT_TZ): string | null {
  if (!body || !rule) return null;
  try {
    const inAt = instantAt(body.checkInDate, body.checkInTime, tz);
    const outAt = instantAt(body.checkOutDate, body.checkOutTime, tz);
    const c = countStay(inAt, outAt, rule, { tz, halfDayAllowed: body.halfDay === true });
    return c.label;
  } catch {
    return null;
  }
}

/** What Save does with this quote: save, offer the waitlist (a day is full), or wait for the quote. */
export function saveMode(quote: ReservationQuote | undefined): 'wait' | 'save' | 'waitlist' {
  if (!quote) return 'wait';
  return quote.fits ? 'save' : 'waitlist';
}

/** What a cancellation refunds, in words, and how loudly (nothing refunded is said plainly, in orange). */
export function cancelWording(q: ReservationCancelQuote): { tone: 'none' | 'nothing' | 'part' | 'all'; text: string } {
  if (q.depositHeld <= 0) return { tone: 'none', text: q.message || M.noDeposit };
  if (q.refund <= 0) return { tone: 'nothing', text: q.message || M.refundsNothing };
  if (q.kept > 0) return { tone: 'part', text: q.message || M.refundsPart(q.refund, q.kept) };
  return { tone: 'all', text: q.message || M.refundsAll(q.refund) };
}
