import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import { instantAt, type StayRule } from '../stays/counting.ts';
import { bookingCount, bookingLine } from '../stays/booking.ts';
import { type DeboardQuoteInput, deboardQuote, type QuoteLedger } from './rules.ts';

/** The deboard quote under the business's counting rule and with half days (issue 18), in paise, in IST. */
const IST = 'Asia/Kolkata';
const at = (date: string, hhmm: string) => instantAt(date, hhmm, IST);
const calendar: StayRule = { countingRule: 'calendar_days', checkOutTime: '12:00', halfDayMaxHours: 5 };
const nights: StayRule = { ...calendar, countingRule: 'nights' };
const ledger = (charged: number, paid: number): QuoteLedger => ({
  chargedPaise: charged,
  paidPaise: paid,
  duePaise: Math.max(0, charged - paid),
  creditPaise: Math.max(0, paid - charged),
  pendingPaise: 0,
});

/** Hostel at ₹1,000 a day (₹600 a half day), booked 2 units, paid in full, in on 25 Nov at 09:00. */
function quote(o: {
  rule?: StayRule;
  inAt?: [string, string];
  outAt: [string, string];
  booked?: number;
  sold?: number;
  paid?: number;
  halfDayBooked?: boolean;
  code?: string;
  halfDayRatePaise?: number;
  extra?: Partial<DeboardQuoteInput>;
}) {
  const booked = o.booked ?? 2;
  const sold = o.sold ?? booked * 100000;
  const [d1, t1] = o.inAt ?? ['2026-11-25', '09:00'];
  return deboardQuote({
    bookedDays: booked,
    entryDate: d1,
    today: o.outAt[0],
    finalPricePaise: sold,
    code: o.code ?? 'hostel',
    extraPostedPaise: 0,
    subscription: null,
    ledger: ledger(sold, o.paid ?? sold),
    stay: {
      checkIn: at(d1, t1),
      checkOut: at(o.outAt[0], o.outAt[1]),
      rule: o.rule ?? calendar,
      tz: IST,
      halfDayBooked: o.halfDayBooked ?? false,
      halfDayRatePaise: o.halfDayRatePaise ?? 60000,
      dayRatePaise: 100000,
    },
    ...o.extra,
  });
}

describe('calendar days: the entry day is day 1, the check-out time does not matter', () => {
  it.each<[string, Parameters<typeof quote>[0], Record<string, unknown>]>([
    [
      'out on day 2 at 18:00: within the booking',
      { outAt: ['2026-11-26', '18:00'] },
      { actualDays: 2, unit: 'day', extraDays: 0, duePaise: 0, label: '2 days: 25 Nov to 26 Nov', rule: 'calendar_days' },
    ],
    [
      'out on day 3 at 08:00 (before the check-out time): one extra day',
      { outAt: ['2026-11-27', '08:00'] },
      { actualDays: 3, extraDays: 1, extraChargePaise: 100000, duePaise: 100000, lateCheckOut: false },
    ],
    [
      'out on day 3 at 18:00 (after it): the same one extra day, no late check-out',
      { outAt: ['2026-11-27', '18:00'] },
      { actualDays: 3, extraDays: 1, extraChargePaise: 100000, lateCheckOutChargePaise: 0, duePaise: 100000 },
    ],
    [
      'across midnight in IST: 23:30 to 00:30 is two days',
      { booked: 1, inAt: ['2026-11-25', '23:30'], outAt: ['2026-11-26', '00:30'] },
      { actualDays: 2, extraDays: 1, extraChargePaise: 100000, label: '2 days: 25 Nov to 26 Nov' },
    ],
  ])('%s', (_n, input, expected) => {
    expect(quote(input)).toMatchObject(expected);
  });
});

describe('nights with a check-out time of 12:00', () => {
  it.each<[string, Parameters<typeof quote>[0], Record<string, unknown>]>([
    [
      'booked 2 nights, out at 11:00: on time',
      { rule: nights, outAt: ['2026-11-27', '11:00'] },
      { actualDays: 2, unit: 'night', extraDays: 0, lateCheckOut: false, duePaise: 0, label: '2 nights: 25 Nov to 27 Nov' },
    ],
    [
      'booked 2 nights, out at 12:00 exactly: not late',
      { rule: nights, outAt: ['2026-11-27', '12:00'] },
      { lateCheckOut: false, extraChargePaise: 0, duePaise: 0 },
    ],
    [
      'booked 2 nights, out at 13:00: a late check-out at the half-day price',
      { rule: nights, outAt: ['2026-11-27', '13:00'] },
      {
        actualDays: 2,
        extraDays: 0,
        lateCheckOut: true,
        lateCheckOutChargePaise: 60000,
        extraChargePaise: 60000,
        unpostedPaise: 60000,
        duePaise: 60000,
        label: '2 nights and a late check-out: 25 Nov to 27 Nov',
      },
    ],
    [
      'booked 2 nights, out the day after at 13:00: an extra night and a late check-out',
      { rule: nights, outAt: ['2026-11-28', '13:00'] },
      { actualDays: 3, extraDays: 1, extraDayRatePaise: 100000, lateCheckOutChargePaise: 60000, extraChargePaise: 160000 },
    ],
    [
      'booked 3 nights, out late after 2: the booking covers it',
      { rule: nights, booked: 3, outAt: ['2026-11-27', '13:00'] },
      { actualDays: 2, lateCheckOut: true, lateCheckOutChargePaise: 0, extraChargePaise: 0, duePaise: 0 },
    ],
    [
      'across midnight in IST: 23:30 to 00:30 is one night',
      { rule: nights, booked: 1, inAt: ['2026-11-25', '23:30'], outAt: ['2026-11-26', '00:30'] },
      { actualDays: 1, unit: 'night', extraDays: 0, duePaise: 0, label: '1 night: 25 Nov to 26 Nov' },
    ],
    [
      'a day stay under the nights rule is one day',
      { rule: nights, booked: 1, outAt: ['2026-11-25', '18:00'] },
      { actualDays: 1, unit: 'day', extraDays: 0, duePaise: 0, label: '1 day: 25 Nov' },
    ],
    [
      'dog park: never extra nights nor a late check-out',
      { rule: nights, booked: 1, code: 'dog_park', outAt: ['2026-11-27', '18:00'] },
      { extraDays: 0, lateCheckOutChargePaise: 0, duePaise: 0 },
    ],
    [
      'a type without a half-day price: a late check-out is free',
      { rule: nights, halfDayRatePaise: 0, outAt: ['2026-11-27', '13:00'] },
      { lateCheckOut: true, lateCheckOutChargePaise: 0, duePaise: 0 },
    ],
  ])('%s', (_n, input, expected) => {
    expect(quote(input)).toMatchObject(expected);
  });
});

describe('half days (longest half day 5 hours): check-out corrects the booking by the hours stayed', () => {
  it.each<[string, Parameters<typeof quote>[0], Record<string, unknown>]>([
    [
      'sold a half day, out after 4 hours: a half day, nothing more',
      { halfDayBooked: true, booked: 1, sold: 60000, outAt: ['2026-11-25', '13:00'] },
      { halfDay: true, halfDayBooked: true, actualDays: 1, halfDayChargePaise: 0, duePaise: 0, label: 'Half day: 25 Nov' },
    ],
    [
      'sold a half day, out after exactly 5 hours: still a half day',
      { halfDayBooked: true, booked: 1, sold: 60000, outAt: ['2026-11-25', '14:00'] },
      { halfDay: true, halfDayChargePaise: 0, duePaise: 0 },
    ],
    [
      'sold a half day, out after 7 hours: a full day, charged the difference',
      { halfDayBooked: true, booked: 1, sold: 60000, outAt: ['2026-11-25', '16:00'] },
      { halfDay: false, actualDays: 1, extraDays: 0, halfDayChargePaise: 40000, extraChargePaise: 40000, duePaise: 40000 },
    ],
    [
      'sold a half day, out after 7 hours under the nights rule: the same',
      { rule: nights, halfDayBooked: true, booked: 1, sold: 60000, outAt: ['2026-11-25', '16:00'] },
      { halfDay: false, actualDays: 1, unit: 'day', halfDayChargePaise: 40000, duePaise: 40000 },
    ],
    [
      'sold a half day, in at 23:00 and out at 01:00: two calendar days',
      { halfDayBooked: true, booked: 1, sold: 60000, inAt: ['2026-11-25', '23:00'], outAt: ['2026-11-26', '01:00'] },
      {
        halfDay: false,
        actualDays: 2,
        extraDays: 1,
        extraDayRatePaise: 100000,
        halfDayChargePaise: 40000,
        extraChargePaise: 140000,
      },
    ],
    [
      'sold a full day, paid, out after 3 hours: still a full day (the correction is upward only)',
      { booked: 1, outAt: ['2026-11-25', '12:00'] },
      { halfDay: true, halfDayBooked: false, actualDays: 1, halfDayChargePaise: 0, duePaise: 0, label: 'Half day: 25 Nov' },
    ],
    [
      'sold a full day, not paid, out after 3 hours: the full day is due',
      { booked: 1, paid: 0, outAt: ['2026-11-25', '12:00'] },
      { duePaise: 100000 },
    ],
    [
      'sold a full day, out after 6 hours: a full day',
      { booked: 1, paid: 0, outAt: ['2026-11-25', '15:00'] },
      { halfDay: false, duePaise: 100000 },
    ],
    [
      'sold 2 days, out after 3 hours: leaving early is not refunded',
      { booked: 2, outAt: ['2026-11-25', '12:00'] },
      { halfDayChargePaise: 0, duePaise: 0 },
    ],
    [
      'day school (no half-day price): a short day is a day',
      { booked: 1, code: 'day_school', halfDayRatePaise: 0, outAt: ['2026-11-25', '11:00'] },
      { halfDay: false, actualDays: 1 },
    ],
    [
      'with a subscription a short day is a subscription day',
      {
        booked: 1,
        sold: 0,
        outAt: ['2026-11-25', '11:00'],
        extra: { subscription: { daysLeft: 3, pricePaise: 300000, durationDays: 30, discountPaise: 0 } },
      },
      { halfDay: false, actualDays: 1, subscriptionDaysUsed: 1, duePaise: 0 },
    ],
    [
      'a closed stay keeps what was decided: nothing more charged',
      {
        halfDayBooked: true,
        booked: 1,
        sold: 60000,
        outAt: ['2026-11-25', '16:00'],
        extra: { extraPostedPaise: 40000, closed: { extraDays: 0, subscriptionDaysUsed: 0 }, ledger: ledger(100000, 100000) },
      },
      { halfDayChargePaise: 0, extraChargePaise: 40000, unpostedPaise: 0, duePaise: 0 },
    ],
  ])('%s', (_n, input, expected) => {
    expect(quote(input)).toMatchObject(expected);
  });
});

describe('the booking form: what N days from now cover', () => {
  const now = at('2026-11-25', '10:00');
  it.each<[string, StayRule, number, boolean, string]>([
    ['3 calendar days', calendar, 3, false, '3 days: 25 Nov to 27 Nov'],
    ['1 calendar day', calendar, 1, false, '1 day: 25 Nov'],
    ['2 nights', nights, 2, false, '2 nights: 25 Nov to 27 Nov, check-out by 12:00'],
    ['a half day', calendar, 1, true, 'Half day: 25 Nov'],
    ['a half day under nights', nights, 1, true, 'Half day: 25 Nov'],
  ])('%s', (_n, rule, days, halfDay, line) => {
    expect(bookingLine(bookingCount(now, days, rule, { tz: IST, halfDay }), rule)).toBe(line);
  });

  it('late in the evening in IST (after 18:30 UTC is the next day there): counts from the business day', () => {
    const late = at('2026-11-25', '23:45');
    expect(bookingCount(late, 2, calendar, { tz: IST }).label).toBe('2 days: 25 Nov to 26 Nov');
    expect(bookingCount(late, 1, nights, { tz: IST }).label).toBe('1 night: 25 Nov to 26 Nov');
  });

  it('a booking counted at check-out on its last unit is not charged extra (the two counts agree)', () => {
    for (const rule of [calendar, nights]) {
      for (let days = 1; days <= 10; days++) {
        const booked = bookingCount(now, days, rule, { tz: IST });
        const out = rule.countingRule === 'nights' ? at(addDays('2026-11-25', days), '12:00') : at(booked.lastDay, '20:00');
        const q = quote({ rule, booked: days, outAt: [booked.lastDay, rule.countingRule === 'nights' ? '12:00' : '20:00'] });
        expect(out.getTime()).toBeGreaterThan(now.getTime());
        expect(q.actualDays).toBe(days);
        expect(q.extraDays).toBe(0);
        expect(q.duePaise).toBe(0);
      }
    }
  });
});

describe('bookingCount: edges found by mutation testing', () => {
  const cal: StayRule = { countingRule: 'calendar_days', checkOutTime: '12:00', halfDayMaxHours: 5 };
  it('counts in the zone it is given, under either rule', () => {
    // 20:00 UTC on the 24th: still the 24th in UTC, already the 25th in India.
    const now = new Date('2026-11-24T20:00:00Z');
    expect(bookingCount(now, 2, cal, { tz: 'UTC' }).firstDay).toBe('2026-11-24');
    expect(bookingCount(now, 2, { ...cal, countingRule: 'nights' }, { tz: 'UTC' }).firstDay).toBe('2026-11-24');
  });

  it('a one-day stay booked in the last minute of the day ends now, not before', () => {
    const now = new Date('2026-11-25T18:29:30Z'); // 23:59:30 in India
    expect(bookingCount(now, 1, cal, { tz: 'Asia/Kolkata' }).label).toBe('1 day: 25 Nov');
  });
});
