import { describe, expect, it } from 'vitest';
import { addDays, dateInTz } from '../dates.ts';
import { perUnitPaise } from '../money.ts';
import { type DeboardQuoteInput, deboardQuote, type QuoteLedger, type QuoteStay } from './rules.ts';
import { instantAt, type StayRule } from '../stays/counting.ts';

const IST = 'Asia/Kolkata';
/** A ledger with `charged` posted and `paid` received (paise). */
const ledger = (charged: number, paid: number, pending = 0): QuoteLedger => ({
  chargedPaise: charged,
  paidPaise: paid,
  duePaise: Math.max(0, charged - paid),
  creditPaise: Math.max(0, paid - charged),
  pendingPaise: pending,
});
const base: DeboardQuoteInput = {
  bookedDays: 2,
  entryDate: '2026-11-20',
  today: '2026-11-21',
  finalPricePaise: 200000,
  code: 'hostel',
  extraPostedPaise: 0,
  subscription: null,
  ledger: ledger(200000, 200000),
};
/** Plan ₹3,000 for 30 days (₹100 a day), ₹20 a day off. */
const sub = (daysLeft: number, discountPaise = 2000) => ({ daysLeft, pricePaise: 300000, durationDays: 30, discountPaise });

type Row = [string, Partial<DeboardQuoteInput>, Record<string, number>];

describe('deboardQuote: extra days and what is due (paise)', () => {
  it.each<Row>([
    // without a subscription: finalPrice ÷ booked days per day beyond the booked days
    ['hostel within the booked days', {}, { actualDays: 2, extraDays: 0, extraChargePaise: 0, duePaise: 0 }],
    [
      'hostel booked 2, day 4: 2 extra days at ₹1,000',
      { today: '2026-11-23' },
      {
        actualDays: 4,
        extraDays: 2,
        extraDayRatePaise: 100000,
        extraChargePaise: 200000,
        unpostedPaise: 200000,
        duePaise: 200000,
      },
    ],
    [
      'day care booked 3 at ₹1,000 total, day 4: ₹333.33 rounded once',
      { code: 'day_care', bookedDays: 3, finalPricePaise: 100000, today: '2026-11-23', ledger: ledger(100000, 100000) },
      { extraDays: 1, extraDayRatePaise: 33333, extraChargePaise: 33333, duePaise: 33333 },
    ],
    [
      'day care booked 3 at ₹1,000 total, day 5: 2 × ₹333.33 = ₹666.66 (days × the rate shown)',
      { code: 'day_care', bookedDays: 3, finalPricePaise: 100000, today: '2026-11-24', ledger: ledger(100000, 100000) },
      { extraDays: 2, extraDayRatePaise: 33333, extraChargePaise: 66666, duePaise: 66666 },
    ],
    [
      'hostel booked 3 at ₹2,000 total, day 6: 3 × ₹666.67 (the half-up rate) = ₹2,000.01',
      { bookedDays: 3, today: '2026-11-25' },
      { extraDays: 3, extraDayRatePaise: 66667, extraChargePaise: 200001, unpostedPaise: 200001, duePaise: 200001 },
    ],
    [
      'extra already posted: only the difference is unposted',
      { today: '2026-11-23', extraPostedPaise: 100000, ledger: ledger(300000, 200000) },
      { extraChargePaise: 200000, extraChargePostedPaise: 100000, unpostedPaise: 100000, duePaise: 200000 },
    ],
    [
      'more posted than now charged (clock moved back): nothing unposted',
      { extraPostedPaise: 100000, ledger: ledger(300000, 300000) },
      { extraDays: 0, extraChargePaise: 100000, unpostedPaise: 0, duePaise: 0 },
    ],
    [
      'dog park never has extra days',
      { code: 'dog_park', bookedDays: 1, today: '2026-11-25' },
      { actualDays: 6, extraDays: 0, duePaise: 0 },
    ],
    [
      'a school without a subscription is not charged per day',
      { code: 'day_school', bookedDays: 1, finalPricePaise: 0, today: '2026-11-23', ledger: ledger(0, 0) },
      { extraDays: 0, extraChargePaise: 0, duePaise: 0 },
    ],
    // with a subscription: free within the days left, then plan price ÷ duration − discount
    [
      'subscription, within the days left: free',
      { finalPricePaise: 0, subscription: sub(10), today: '2026-11-24', ledger: ledger(0, 0) },
      { actualDays: 5, extraDays: 0, subscriptionDaysUsed: 5, extraChargePaise: 0, duePaise: 0 },
    ],
    [
      'subscription, 3 days left, day 5: 2 days at ₹100 − ₹20',
      { finalPricePaise: 0, subscription: sub(3), today: '2026-11-24', ledger: ledger(0, 0) },
      { extraDays: 2, subscriptionDaysUsed: 3, extraDayRatePaise: 8000, extraChargePaise: 16000, duePaise: 16000 },
    ],
    [
      'subscription ₹25,000 for 30 days, none left, day 3: 3 × ₹833.33 = ₹2,499.99',
      {
        finalPricePaise: 0,
        subscription: { daysLeft: 0, pricePaise: 2500000, durationDays: 30, discountPaise: 0 },
        today: '2026-11-22',
        ledger: ledger(0, 0),
      },
      { extraDays: 3, extraDayRatePaise: 83333, extraChargePaise: 249999, duePaise: 249999 },
    ],
    [
      'subscription on a day school beyond its days left',
      {
        code: 'day_school',
        bookedDays: 1,
        finalPricePaise: 0,
        subscription: sub(0, 0),
        today: '2026-11-21',
        ledger: ledger(0, 0),
      },
      { actualDays: 2, extraDays: 2, subscriptionDaysUsed: 0, extraDayRatePaise: 10000, extraChargePaise: 20000 },
    ],
    [
      'subscription discount above the daily price: floored at 0',
      { finalPricePaise: 0, subscription: sub(1, 20000), today: '2026-11-24', ledger: ledger(0, 0) },
      { extraDays: 4, extraDayRatePaise: 0, extraChargePaise: 0, duePaise: 0 },
    ],
    // partial and after-service balances
    [
      'partial payment: the rest of the visit is due',
      { ledger: ledger(200000, 50000) },
      { chargedPaise: 200000, paidPaise: 50000, extraDays: 0, duePaise: 150000 },
    ],
    [
      'after service, day 3: the visit and one extra day',
      { today: '2026-11-22', ledger: ledger(200000, 0) },
      { extraDays: 1, extraChargePaise: 100000, duePaise: 300000 },
    ],
    ['a pending payment is not paid yet', { ledger: ledger(200000, 0, 200000) }, { pendingPaise: 200000, duePaise: 200000 }],
    [
      'credit from an overpayment counts against the extra charge',
      { today: '2026-11-22', ledger: ledger(200000, 250000) },
      { unpostedPaise: 100000, duePaise: 50000 },
    ],
    [
      'a closed boarding keeps what was decided at its exit',
      {
        today: '2026-11-23',
        extraPostedPaise: 200000,
        closed: { extraDays: 2, subscriptionDaysUsed: 0 },
        ledger: ledger(400000, 400000),
      },
      { actualDays: 4, extraDays: 2, extraChargePaise: 200000, extraDayRatePaise: 100000, unpostedPaise: 0, duePaise: 0 },
    ],
    [
      'a closed boarding shows its posted charge over its days, rounded once',
      {
        code: 'day_care',
        bookedDays: 3,
        finalPricePaise: 100000,
        today: '2026-11-24',
        extraPostedPaise: 66666,
        closed: { extraDays: 2, subscriptionDaysUsed: 0 },
        ledger: ledger(166666, 166666),
      },
      { extraDays: 2, extraDayRatePaise: 33333, extraChargePaise: 66666, unpostedPaise: 0, duePaise: 0 },
    ],
  ])('%s', (_name, input, expected) => {
    const q = deboardQuote({ ...base, ...input });
    expect(q).toMatchObject(expected);
  });
});

describe('deboardQuote: the extra charge is exactly extra days × the daily rate shown', () => {
  it.each([1, 2, 3, 6, 7, 11, 30])('booked %i days, at several prices, up to 12 days late', (bookedDays) => {
    for (const finalPricePaise of [1, 100000, 123457, 2500000]) {
      for (let late = 0; late <= 12; late++) {
        const q = deboardQuote({ ...base, bookedDays, finalPricePaise, today: addDays(base.entryDate, bookedDays - 1 + late) });
        expect(q.extraDays).toBe(late);
        expect(q.extraDayRatePaise).toBe(perUnitPaise(finalPricePaise, bookedDays));
        expect(q.extraChargePaise).toBe(q.extraDays * q.extraDayRatePaise);
      }
    }
  });

  it('with a subscription too (plan price ÷ duration rounded once, less the discount)', () => {
    for (const durationDays of [7, 30, 31]) {
      for (let late = 0; late <= 9; late++) {
        const subscription = { daysLeft: 1, pricePaise: 1234567, durationDays, discountPaise: 1000 };
        const q = deboardQuote({ ...base, finalPricePaise: 0, subscription, today: addDays(base.entryDate, late) });
        expect(q.extraDayRatePaise).toBe(perUnitPaise(1234567, durationDays) - 1000);
        expect(q.extraChargePaise).toBe(q.extraDays * q.extraDayRatePaise);
      }
    }
  });
});

describe('the entry day counts as day 1 in the business time zone (midnight edge)', () => {
  // 23:50 IST on 22 Nov is 18:20 UTC; 00:10 IST on 23 Nov is 18:40 UTC the same UTC day.
  const entry = new Date('2026-11-22T18:20:00Z');
  it.each([
    ['23:50 IST, the same minute: day 1', '2026-11-22T18:20:00Z', 1, 0],
    ['23:59 IST the same day: day 1', '2026-11-22T18:29:00Z', 1, 0],
    ['00:10 IST the next day: day 2', '2026-11-22T18:40:00Z', 2, 0],
    ['23:59 IST the next day: still day 2', '2026-11-23T18:29:00Z', 2, 0],
    ['00:10 IST two days on: day 3, one extra day', '2026-11-23T18:40:00Z', 3, 1],
  ])('%s', (_name, now, days, extraDays) => {
    expect(dateInTz(entry, IST)).toBe('2026-11-22');
    const q = deboardQuote({ ...base, entryDate: dateInTz(entry, IST), today: dateInTz(new Date(now), IST) });
    expect(q.actualDays).toBe(days);
    expect(q.extraDays).toBe(extraDays);
  });

  it('in UTC the same instants would be one day (why the business zone matters)', () => {
    const q = deboardQuote({
      ...base,
      entryDate: dateInTz(entry, 'UTC'),
      today: dateInTz(new Date('2026-11-22T18:40:00Z'), 'UTC'),
    });
    expect(q.actualDays).toBe(1);
  });
});

describe('deboardQuote: edges found by mutation testing', () => {
  it('without a stay: calendar days from the entry day, labelled, never before the entry day', () => {
    expect(deboardQuote({ ...base, today: '2026-11-22' })).toMatchObject({
      actualDays: 3,
      label: '3 days: 20 Nov to 22 Nov',
      unit: 'day',
      rule: 'calendar_days',
      halfDay: false,
      halfDayBooked: false,
      lateCheckOut: false,
    });
    expect(deboardQuote({ ...base, today: '2026-11-20' }).label).toBe('1 day: 20 Nov');
    expect(deboardQuote({ ...base, today: '2026-11-19' }).label).toBe('1 day: 20 Nov');
  });

  it('a package: days beyond those it covers at its day price; none within them', () => {
    const pkg = { daysCovered: 2, dayPricePaise: 76667 };
    expect(deboardQuote({ ...base, package: pkg, today: '2026-11-23' })).toMatchObject({
      extraDays: 2,
      extraDayRatePaise: 76667,
      extraChargePaise: 153334,
    });
    expect(deboardQuote({ ...base, package: pkg, today: '2026-11-21' })).toMatchObject({ extraDays: 0, extraDayRatePaise: 0 });
  });

  it('dog park never has extra days, even on a subscription', () => {
    expect(deboardQuote({ ...base, code: 'dog_park', subscription: sub(1), today: '2026-11-25' })).toMatchObject({
      extraDays: 0,
      extraChargePaise: 0,
    });
  });

  const ist = (d: string, t: string) => instantAt(d, t, IST);
  const rule: StayRule = { countingRule: 'nights', checkOutTime: '12:00', halfDayMaxHours: 5 };
  const stay = (checkIn: Date, checkOut: Date, more: Partial<QuoteStay> = {}): QuoteStay => ({
    checkIn,
    checkOut,
    rule,
    tz: IST,
    halfDayBooked: false,
    halfDayRatePaise: 50000,
    dayRatePaise: 100000,
    ...more,
  });

  it('no half-day price: a short stay is a whole day', () => {
    const s = stay(ist('2026-11-20', '09:00'), ist('2026-11-20', '11:00'), { halfDayRatePaise: 0 });
    expect(deboardQuote({ ...base, stay: s })).toMatchObject({ halfDay: false, actualDays: 1 });
  });

  it('a check-out before the check-in counts as the shortest stay', () => {
    const s = stay(ist('2026-11-20', '09:00'), ist('2026-11-20', '08:00'));
    expect(deboardQuote({ ...base, stay: s })).toMatchObject({ halfDay: true, actualDays: 1 });
  });

  it('a late check-out is charged only once the nights reach what a package or a plan paid for', () => {
    const s = stay(ist('2026-11-20', '09:00'), ist('2026-11-22', '15:00')); // 2 nights, late
    const booked1 = { ...base, bookedDays: 1, stay: s };
    expect(deboardQuote(booked1).lateCheckOutChargePaise).toBe(50000);
    expect(deboardQuote({ ...booked1, package: { daysCovered: 5, dayPricePaise: 1000 } }).lateCheckOut).toBe(true);
    expect(deboardQuote({ ...booked1, package: { daysCovered: 5, dayPricePaise: 1000 } }).extraChargePaise).toBe(0);
    expect(deboardQuote({ ...booked1, subscription: sub(5) }).extraChargePaise).toBe(0);
  });

  it('a closed stay answers what was posted, at its rate', () => {
    const closed = { ...base, closed: { extraDays: 2, subscriptionDaysUsed: 0 }, extraPostedPaise: 1000 };
    expect(deboardQuote(closed)).toMatchObject({
      extraDays: 2,
      extraDayRatePaise: 500,
      extraChargePaise: 1000,
      unpostedPaise: 0,
    });
    const none = { ...base, closed: { extraDays: 0, subscriptionDaysUsed: 0 }, extraPostedPaise: 0, today: '2026-11-25' };
    expect(deboardQuote(none)).toMatchObject({ extraDays: 0, extraDayRatePaise: 0, extraChargePaise: 0 });
  });
});
