import { describe, expect, it } from 'vitest';
import { REFUND_POLICY } from '../catalog.ts';
import { dateInTz, todayIn } from '../dates.ts';
import { toPaise } from '../money.ts';
import {
  businessDate,
  NOTHING_REFUNDABLE,
  REFUND_RULE,
  type RefundQuoteInput,
  refundDeductionPaise,
  refundQuote,
  refundWindow,
} from './refund.ts';

const IST = 'Asia/Kolkata';
const SALE = '2026-11-01';
const rs = toPaise;

describe('the policy figures come from REFUND_POLICY, in paise', () => {
  it('4 days; under ₹20,000 ₹5,000, from ₹20,000 up ₹7,500', () => {
    expect(REFUND_RULE).toEqual({
      cancellationDays: REFUND_POLICY.cancellationDays,
      thresholdPaise: 2_000_000,
      deductionBelowPaise: 500_000,
      deductionFromThresholdPaise: 750_000,
    });
    expect(NOTHING_REFUNDABLE).toBe('Nothing is refundable under the policy');
  });
});

describe('refundWindow: at most 4 business days after the sale’s business date', () => {
  it.each([
    ['2026-11-01', 0, true],
    ['2026-11-04', 3, true],
    ['2026-11-05', 4, true],
    ['2026-11-06', 5, false],
    ['2026-12-01', 30, false],
    ['2026-10-31', -1, false], // before the sale: not a cancellation of it
  ])('sale 1 Nov, request %s: day %i, within %s', (request, days, within) => {
    expect(refundWindow(SALE, request)).toEqual({ withinPolicy: within, daysAfterSale: days, lastDay: '2026-11-05' });
  });

  it('counts calendar days across a month and a year end', () => {
    expect(refundWindow('2026-12-29', '2027-01-02')).toMatchObject({
      withinPolicy: true,
      daysAfterSale: 4,
      lastDay: '2027-01-02',
    });
    expect(refundWindow('2028-02-27', '2028-03-03')).toMatchObject({
      withinPolicy: false,
      daysAfterSale: 5,
      lastDay: '2028-03-02',
    });
  });

  it.each(['2026-11-31', '01-11-2026', '2026-11-01T10:00:00Z', ''])('refuses %j as a business date', (bad) => {
    expect(() => refundWindow(SALE, bad)).toThrow(RangeError);
    expect(() => refundWindow(bad, SALE)).toThrow(RangeError);
  });
});

describe('refundDeductionPaise: chosen by the amount cancelled', () => {
  it.each([
    [rs(4999), rs(5000)],
    [rs(5000), rs(5000)],
    [rs(19999.99), rs(5000)],
    [rs(20000), rs(7500)],
    [rs(25000), rs(7500)],
  ])('%i paise cancelled → %i', (cancelled, deduction) => expect(refundDeductionPaise(cancelled)).toBe(deduction));
});

type Money = Pick<RefundQuoteInput, 'cancelledPaise' | 'paidPaise' | 'chargedPaise' | 'deductionTakenPaise'>;
type Expect = { deductionPaise: number; creditPaise: number; refundPaise: number; keptPaise: number };

describe('refundQuote: fully paid sales cancelled whole, on day 4 (in) and day 5 (out)', () => {
  it.each<[number, Expect]>([
    // under the deduction: nothing back, the deduction never more than was paid
    [4999, { deductionPaise: rs(4999), creditPaise: 0, refundPaise: 0, keptPaise: rs(4999) }],
    [5000, { deductionPaise: rs(5000), creditPaise: 0, refundPaise: 0, keptPaise: rs(5000) }],
    [19999.99, { deductionPaise: rs(5000), creditPaise: rs(14999.99), refundPaise: rs(14999.99), keptPaise: rs(5000) }],
    [20000, { deductionPaise: rs(7500), creditPaise: rs(12500), refundPaise: rs(12500), keptPaise: rs(7500) }],
    // the policy's example: ₹25,000 paid and cancelled → ₹17,500 back, ₹7,500 kept
    [25000, { deductionPaise: rs(7500), creditPaise: rs(17500), refundPaise: rs(17500), keptPaise: rs(7500) }],
  ])('₹%s', (rupees, expected) => {
    const money = { cancelledPaise: rs(rupees), paidPaise: rs(rupees) };
    const day4 = refundQuote({ saleDate: SALE, requestDate: '2026-11-05', ...money });
    expect(day4).toEqual({ withinPolicy: true, daysAfterSale: 4, lastDay: '2026-11-05', ...expected });
    expect(day4.refundPaise).toBe(day4.creditPaise);
    expect(day4.refundPaise + day4.keptPaise).toBe(money.paidPaise);

    const day5 = refundQuote({ saleDate: SALE, requestDate: '2026-11-06', ...money });
    expect(day5).toEqual({
      withinPolicy: false,
      daysAfterSale: 5,
      lastDay: '2026-11-05',
      deductionPaise: 0,
      creditPaise: 0,
      refundPaise: 0,
      keptPaise: money.paidPaise,
    });
  });
});

describe('refundQuote: across midnight in the business time zone', () => {
  // 23:50 IST on 1 Nov is 18:20 UTC on 1 Nov; 00:10 IST on 6 Nov is 18:40 UTC on 5 Nov.
  const sale = new Date('2026-11-01T18:20:00Z');
  const money = { cancelledPaise: rs(25000), paidPaise: rs(25000) };

  it('the sale’s business date is 1 Nov (its UTC date too, but not its UTC day count)', () => {
    expect(dateInTz(sale, IST)).toBe('2026-11-01');
    expect(businessDate(sale, IST)).toBe('2026-11-01');
  });

  it.each([
    ['00:10 IST on 2 Nov (20 minutes later): day 1', '2026-11-01T18:40:00Z', 1, true],
    ['23:59 IST on 5 Nov: day 4, in', '2026-11-05T18:29:00Z', 4, true],
    ['00:10 IST on 6 Nov: day 5, out', '2026-11-05T18:40:00Z', 5, false],
  ])('%s', (_name, at, days, within) => {
    const request = new Date(at);
    const q = refundQuote({ saleDate: sale, requestDate: request, tz: IST, ...money });
    expect(q).toMatchObject({ daysAfterSale: days, withinPolicy: within, lastDay: '2026-11-05' });
    expect(q.refundPaise).toBe(within ? rs(17500) : 0);
    // the same with the business dates ("today" of the request, in the business zone)
    const byDate = refundQuote({ saleDate: dateInTz(sale, IST), requestDate: todayIn(IST, request), ...money });
    expect(byDate).toEqual(q);
  });

  it('the time zone defaults to the business one (Asia/Kolkata)', () => {
    const q = refundQuote({ saleDate: sale, requestDate: new Date('2026-11-05T18:40:00Z'), ...money });
    expect(q).toMatchObject({ daysAfterSale: 5, withinPolicy: false });
  });

  it('read in UTC the same instants would be day 4 (why the business zone matters)', () => {
    const q = refundQuote({ saleDate: sale, requestDate: new Date('2026-11-05T18:40:00Z'), tz: 'UTC', ...money });
    expect(q).toMatchObject({ daysAfterSale: 4, withinPolicy: true });
  });

  it('refuses an invalid instant', () => {
    expect(() => refundQuote({ saleDate: new Date('nope'), requestDate: SALE, ...money })).toThrow(RangeError);
  });
});

describe('refundQuote: partly paid sales and partial cancellations', () => {
  const at = { saleDate: SALE, requestDate: '2026-11-03' };
  it.each<[string, Money, Expect]>([
    [
      '₹25,000 cancelled, ₹10,000 paid: the deduction stays charged, ₹2,500 back',
      { cancelledPaise: rs(25000), paidPaise: rs(10000) },
      { deductionPaise: rs(7500), creditPaise: rs(17500), refundPaise: rs(2500), keptPaise: rs(7500) },
    ],
    [
      '₹25,000 cancelled, ₹7,500 paid: exactly the deduction, nothing back',
      { cancelledPaise: rs(25000), paidPaise: rs(7500) },
      { deductionPaise: rs(7500), creditPaise: rs(17500), refundPaise: 0, keptPaise: rs(7500) },
    ],
    [
      '₹25,000 cancelled, ₹1,000 paid: the deduction is at most what was paid',
      { cancelledPaise: rs(25000), paidPaise: rs(1000) },
      { deductionPaise: rs(1000), creditPaise: rs(24000), refundPaise: 0, keptPaise: rs(1000) },
    ],
    [
      'nothing paid: nothing deducted, the whole charge is cancelled, nothing back',
      { cancelledPaise: rs(12000), paidPaise: 0 },
      { deductionPaise: 0, creditPaise: rs(12000), refundPaise: 0, keptPaise: 0 },
    ],
    [
      '₹10,000 of a ₹30,000 sale cancelled, all paid: ₹5,000 deducted, ₹5,000 back',
      { cancelledPaise: rs(10000), paidPaise: rs(30000), chargedPaise: rs(30000) },
      { deductionPaise: rs(5000), creditPaise: rs(5000), refundPaise: rs(5000), keptPaise: rs(25000) },
    ],
    [
      '₹10,000 of a ₹30,000 sale cancelled, ₹20,000 paid: the payment covers what stays charged, nothing deducted',
      { cancelledPaise: rs(10000), paidPaise: rs(20000), chargedPaise: rs(30000) },
      { deductionPaise: 0, creditPaise: rs(10000), refundPaise: 0, keptPaise: rs(20000) },
    ],
    [
      '₹10,000 of a ₹30,000 sale cancelled, ₹22,000 paid: ₹2,000 paid toward it, so ₹2,000 deducted',
      { cancelledPaise: rs(10000), paidPaise: rs(22000), chargedPaise: rs(30000) },
      { deductionPaise: rs(2000), creditPaise: rs(8000), refundPaise: 0, keptPaise: rs(22000) },
    ],
    [
      'an overpaid sale: the refund is at most the credit (the overpayment is the ledger’s credit, not this rule’s)',
      { cancelledPaise: rs(25000), paidPaise: rs(26000) },
      { deductionPaise: rs(7500), creditPaise: rs(17500), refundPaise: rs(17500), keptPaise: rs(8500) },
    ],
  ])('%s', (_name, money, expected) => {
    const q = refundQuote({ ...at, ...money });
    expect(q).toMatchObject({ withinPolicy: true, ...expected });
    const charged = money.chargedPaise ?? money.cancelledPaise;
    // never more back than was paid beyond what stays charged, never below 0, never more than the credit
    expect(q.refundPaise).toBeLessThanOrEqual(Math.max(0, money.paidPaise - (charged - q.creditPaise)));
    expect(q.refundPaise).toBeGreaterThanOrEqual(0);
    expect(q.refundPaise).toBeLessThanOrEqual(q.creditPaise);
    expect(q.deductionPaise + q.creditPaise).toBe(money.cancelledPaise);
    expect(q.refundPaise + q.keptPaise).toBe(money.paidPaise);
  });
});

describe('refundQuote: one deduction per sale', () => {
  const at = { saleDate: SALE, requestDate: '2026-11-02' };
  it('a second cancellation on a sale that already took a deduction takes none', () => {
    // ₹30,000 sale, all paid: first ₹10,000 cancelled (₹5,000 deducted, ₹5,000 back)…
    const first = refundQuote({ ...at, cancelledPaise: rs(10000), paidPaise: rs(30000), chargedPaise: rs(30000) });
    expect(first).toMatchObject({ deductionPaise: rs(5000), refundPaise: rs(5000) });
    // …then the other ₹20,000: the sale now charges ₹25,000 and ₹25,000 is paid; no second deduction.
    const second = refundQuote({
      ...at,
      cancelledPaise: rs(20000),
      chargedPaise: rs(30000) - first.creditPaise,
      paidPaise: rs(30000) - first.refundPaise,
      deductionTakenPaise: first.deductionPaise,
    });
    expect(second).toMatchObject({ deductionPaise: 0, creditPaise: rs(20000), refundPaise: rs(20000), keptPaise: rs(5000) });
  });

  it.each([1, rs(5000), rs(7500)])('any deduction already taken (%i paise) makes this one 0', (taken) => {
    expect(refundQuote({ ...at, cancelledPaise: rs(25000), paidPaise: rs(25000), deductionTakenPaise: taken })).toMatchObject({
      deductionPaise: 0,
      creditPaise: rs(25000),
      refundPaise: rs(25000),
      keptPaise: 0,
    });
  });

  it('a deduction of 0 taken before (nothing was paid then) leaves this one to be taken', () => {
    expect(refundQuote({ ...at, cancelledPaise: rs(25000), paidPaise: rs(25000), deductionTakenPaise: 0 })).toMatchObject({
      deductionPaise: rs(7500),
    });
  });
});

describe('refundQuote: bad input is a programming error', () => {
  const at = { saleDate: SALE, requestDate: SALE };
  it.each<[string, Money]>([
    ['negative cancelled', { cancelledPaise: -1, paidPaise: 0 }],
    ['fractional paise', { cancelledPaise: 100.5, paidPaise: 0 }],
    ['negative paid', { cancelledPaise: 100, paidPaise: -1 }],
    ['more cancelled than charged', { cancelledPaise: 200, paidPaise: 0, chargedPaise: 100 }],
    ['negative deduction taken', { cancelledPaise: 100, paidPaise: 100, deductionTakenPaise: -1 }],
  ])('%s', (_name, money) => expect(() => refundQuote({ ...at, ...money })).toThrow(RangeError));
});

describe('refundQuote: the errors name what is wrong', () => {
  const at = { saleDate: SALE, requestDate: SALE };
  it('an invalid instant, a date that is not one', () => {
    expect(() => businessDate(new Date('nope'))).toThrow('refund: an invalid instant');
    expect(() => businessDate('2026-02-30')).toThrow("refund: '2026-02-30' is not a yyyy-MM-dd business date");
  });

  it.each<[string, Money]>([
    ['cancelledPaise', { cancelledPaise: -1, paidPaise: 0 }],
    ['paidPaise', { cancelledPaise: 100, paidPaise: 1.5 }],
    ['chargedPaise', { cancelledPaise: 100, paidPaise: 0, chargedPaise: -1 }],
    ['deductionTakenPaise', { cancelledPaise: 100, paidPaise: 100, deductionTakenPaise: -1 }],
  ])('%s', (name, money) =>
    expect(() => refundQuote({ ...at, ...money })).toThrow(`refund: ${name} must be whole paise, not below 0`),
  );

  it('more cancelled than charged', () => {
    expect(() => refundQuote({ ...at, cancelledPaise: 200, paidPaise: 0, chargedPaise: 100 })).toThrow(
      'refund: cancelling 200 of a sale that charged 100',
    );
  });
});
