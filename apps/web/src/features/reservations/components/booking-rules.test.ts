import { DEFAULT_STAY_SETTINGS, RESERVATION_MESSAGES as M, type ReservationCancelQuote } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import {
  type BookingValues,
  bookingErrors,
  cancelWording,
  createBody,
  emptyBooking,
  offersHalfDay,
  previewLabel,
  quoteBody,
} from './booking-rules';
import { parseDayMonthYear } from './dates-input';
import { shiftView, viewRange, viewTitle, weekStart } from './dates';
import { type ActionTarget, actionsFor } from './ReservationActions';

const OWNER = '650000000000000000000005';
const PET_A = '650000000000000000000001';
const PET_B = '650000000000000000000002';
const HOSTEL = '6500000000000000000000a4';
const TODAY = '2027-11-01';

const complete = (o: Partial<BookingValues> = {}): BookingValues => ({
  ...emptyBooking(TODAY),
  ownerId: OWNER,
  petIds: [PET_A, PET_B],
  visitTypeId: HOSTEL,
  checkInDate: '2027-11-08',
  checkInTime: '10:00',
  checkOutDate: '2027-11-14',
  checkOutTime: '12:00',
  ...o,
});
const full = { today: TODAY, halfDayOffered: false };
const half = { today: TODAY, halfDayOffered: true };

describe('the booking form’s rules', () => {
  it('asks for the owner first, then a pet, the type and the dates', () => {
    expect(bookingErrors(emptyBooking(''), full)).toMatchObject({
      owner: M.ownerMissing,
      visitTypeId: 'Choose the boarding type',
      checkInDate: 'Choose the check-in date',
      checkOutDate: 'Choose the check-out date',
    });
    expect(bookingErrors(complete({ petIds: [] }), full)).toEqual({ pets: M.petMissing });
    expect(bookingErrors(complete(), full)).toEqual({});
  });

  it('refuses a check-out before the check-in and a check-in in the past, with the server’s words', () => {
    expect(bookingErrors(complete({ checkOutDate: '2027-11-07' }), full)).toEqual({ checkOutDate: M.checkOutBeforeCheckIn });
    // Same day, out before in.
    expect(bookingErrors(complete({ checkOutDate: '2027-11-08', checkOutTime: '09:00' }), full)).toEqual({
      checkOutDate: M.checkOutBeforeCheckIn,
    });
    expect(bookingErrors(complete({ checkInDate: '2027-10-31' }), full)).toEqual({ checkInDate: M.inThePast });
    expect(bookingErrors(complete({ checkInTime: '25:00' }), full)).toEqual({ checkInTime: M.time });
  });

  it('asks the quote only for a complete stay in order', () => {
    expect(quoteBody(complete({ petIds: [] }), full)).toBeNull();
    expect(quoteBody(complete({ checkOutDate: '2027-11-07' }), full)).toBeNull();
    expect(quoteBody(complete(), full)).toEqual({
      ownerId: OWNER,
      visitTypeId: HOSTEL,
      petIds: [PET_A, PET_B],
      checkInDate: '2027-11-08',
      checkInTime: '10:00',
      checkOutDate: '2027-11-14',
      checkOutTime: '12:00',
    });
  });

  it('a half day (Day Care, Hostel) checks out the day it checks in and says so to the server', () => {
    const v = complete({ length: 'half', checkOutDate: '2027-11-14', checkOutTime: '14:00' });
    expect(quoteBody(v, half)).toMatchObject({ checkOutDate: '2027-11-08', checkOutTime: '14:00', halfDay: true });
    expect(quoteBody(complete(), half)).toMatchObject({ checkOutDate: '2027-11-14', halfDay: false });
    // Out before in on the one day: the check-out time says so.
    expect(bookingErrors(complete({ length: 'half', checkOutTime: '09:00' }), half)).toEqual({
      checkOutTime: M.checkOutBeforeCheckIn,
    });
    expect(offersHalfDay({ code: 'day_care', halfdayPrice: 300 })).toBe(true);
    expect(offersHalfDay({ code: 'hostel', halfdayPrice: 0 })).toBe(false);
    expect(offersHalfDay({ code: 'dog_park', halfdayPrice: 300 })).toBe(false);
  });

  it('the save carries the notes, the waitlist and the deposit only when there are any', () => {
    const q = quoteBody(complete(), full)!;
    expect(createBody(q, { notes: '  ' }, { waitlist: false })).toEqual(q);
    expect(
      createBody(q, { notes: ' Diwali week ' }, { waitlist: true, deposit: { amount: 2000, selectedPayment: 'cash' } }),
    ).toEqual({
      ...q,
      notes: 'Diwali week',
      waitlist: true,
      deposit: { amount: 2000, selectedPayment: 'cash' },
    });
  });

  it('counts the label with the business’s rule while the quote loads', () => {
    const q = quoteBody(complete(), full)!;
    expect(previewLabel(q, DEFAULT_STAY_SETTINGS)).toBe('7 days: 8 Nov to 14 Nov');
    expect(previewLabel(q, { ...DEFAULT_STAY_SETTINGS, countingRule: 'nights' })).toBe('6 nights: 8 Nov to 14 Nov');
    expect(previewLabel({ ...q, checkOutTime: '15:00' }, { ...DEFAULT_STAY_SETTINGS, countingRule: 'nights' })).toBe(
      '6 nights and a late check-out: 8 Nov to 14 Nov',
    );
    const h = quoteBody(complete({ length: 'half', checkOutTime: '14:00' }), half)!;
    expect(previewLabel(h, DEFAULT_STAY_SETTINGS)).toBe('Half day: 8 Nov');
    expect(previewLabel(null, DEFAULT_STAY_SETTINGS)).toBeNull();
    expect(previewLabel(q, undefined)).toBeNull();
  });
});

describe('what cancelling refunds, in words', () => {
  const quote = (o: Partial<ReservationCancelQuote>): ReservationCancelQuote => ({
    depositHeld: 2000,
    refund: 2000,
    kept: 0,
    free: true,
    freeUntil: '2027-11-06',
    freeCancellationDays: 2,
    message: '',
    ...o,
  });

  it('says plainly when it refunds nothing', () => {
    expect(cancelWording(quote({ refund: 0, kept: 2000, free: false }))).toEqual({ tone: 'nothing', text: M.refundsNothing });
  });
  it('the whole deposit, part of it, or no deposit at all', () => {
    expect(cancelWording(quote({}))).toEqual({ tone: 'all', text: 'Cancelling now refunds the whole deposit of ₹2,000.00' });
    expect(cancelWording(quote({ refund: 1500, kept: 500 }))).toEqual({
      tone: 'part',
      text: 'Cancelling now refunds ₹1,500.00 of the deposit; ₹500.00 is kept under the refund policy',
    });
    expect(cancelWording(quote({ depositHeld: 0, refund: 0 }))).toEqual({ tone: 'none', text: M.noDeposit });
  });
  it('the server’s sentence wins when it gives one', () => {
    expect(cancelWording(quote({ refund: 0, kept: 2000, message: 'Nothing back' })).text).toBe('Nothing back');
  });
});

describe('calendar dates', () => {
  it('weeks run Monday to Sunday; months whole; both step', () => {
    expect(weekStart('2027-11-10')).toBe('2027-11-08');
    expect(weekStart('2027-11-14')).toBe('2027-11-08');
    expect(viewRange('week', '2027-11-10')).toMatchObject({ from: '2027-11-08', to: '2027-11-14' });
    expect(viewRange('month', '2027-02-10').dates).toHaveLength(28);
    expect(viewRange('month', '2028-02-10').to).toBe('2028-02-29');
    expect(shiftView('month', '2027-12-15', 1)).toBe('2028-01-01');
    expect(shiftView('month', '2027-01-15', -1)).toBe('2026-12-01');
    expect(shiftView('week', '2027-11-10', 1)).toBe('2027-11-15');
    expect(viewTitle('week', '2027-11-08', '2027-11-14')).toBe('8 Nov – 14 Nov 2027');
    expect(viewTitle('month', '2027-11-01', '2027-11-30')).toBe('November 2027');
  });
  it('date inputs read dd/mm/yyyy', () => {
    expect(parseDayMonthYear('08/11/2027')).toBe('2027-11-08');
    expect(parseDayMonthYear('8-11-2027')).toBe('2027-11-08');
    expect(parseDayMonthYear('31/02/2027')).toBeNull();
    expect(parseDayMonthYear('2027-11-08')).toBeNull();
  });
});

describe('which actions a reservation offers', () => {
  const target = (o: Partial<ActionTarget> = {}): ActionTarget => ({
    reservationId: '650000000000000000000099',
    status: 'confirmed',
    boardingId: null,
    visitTypeId: '6500000000000000000000a4',
    firstDay: '2027-11-08',
    label: 'Bruno of Asha',
    due: 12000,
    depositHeld: 2000,
    ...o,
  });
  const as = { isAdmin: false, arrival: true, departure: false, today: '2027-11-08' };

  it('check-in and no-show from the check-in day, for a confirmed arrival', () => {
    expect(actionsFor(target(), as)).toMatchObject({ checkIn: true, noShow: true, cancel: true, deposit: true, confirm: false });
    expect(actionsFor(target(), { ...as, today: '2027-11-07' })).toMatchObject({ checkIn: false, noShow: false, cancel: true });
    expect(actionsFor(target({ status: 'cancelled' }), as)).toMatchObject({ checkIn: false, cancel: false, deposit: false });
  });
  it('confirm for requested and waitlisted; check-out at Deboard for a stay leaving; waive for admins only', () => {
    expect(actionsFor(target({ status: 'waitlisted' }), as)).toMatchObject({ confirm: true, checkIn: false });
    expect(
      actionsFor(target({ status: 'checked_in', boardingId: 'b' }), { ...as, arrival: false, departure: true }),
    ).toMatchObject({
      checkOut: true,
      cancel: false,
    });
    expect(actionsFor(target({ status: 'no_show' }), as).waive).toBe(false);
    expect(actionsFor(target({ status: 'no_show' }), { ...as, isAdmin: true }).waive).toBe(true);
    expect(actionsFor(target({ status: 'no_show', depositHeld: 0 }), { ...as, isAdmin: true }).waive).toBe(false);
    expect(actionsFor(target({ due: 0 }), as).deposit).toBe(false);
  });
});
