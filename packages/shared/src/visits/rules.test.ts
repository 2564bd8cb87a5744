import { describe, expect, it } from 'vitest';
import { perUnitPaise } from '../money.ts';
import { gstLine } from '../tax/gst.ts';
import {
  actualDays,
  boardingPrice,
  consultationPrice,
  daysError,
  discountError,
  extraDaysCharge,
  finalPrice,
  grossOfTax,
  grossWithTerms,
  isRuleError,
  paymentSplit,
  shopLinePaise,
  shopTotal,
  VISIT_MESSAGES,
} from './rules.ts';

describe('finalPrice: price − discount, floored at 0, 0 with a subscription', () => {
  it.each([
    [35000, 0, false, 35000],
    [35000, 5000, false, 30000],
    [35000, 35000, false, 0],
    [35000, 40000, false, 0],
    [35000, -100, false, 35000],
    [70000, 10000, true, 0],
  ])('price %i, discount %i, subscription %s → %i', (price, discount, sub, expected) => {
    expect(finalPrice(price, discount, sub)).toBe(expected);
  });
});

describe('discountError', () => {
  it('refuses a negative discount with the spec message', () => {
    expect(discountError(35000, -1)).toEqual({ field: 'discount', message: 'Discount cannot be negative' });
  });
  it('refuses a discount above the service price, naming it', () => {
    expect(discountError(35000, 35001)?.message).toBe('Discount cannot exceed service price of ₹350.00');
    expect(discountError(100000, 100001)?.message).toBe('Discount cannot exceed service price of ₹1,000.00');
  });
  it.each([0, 1, 35000])('accepts %i of 35000', (d) => expect(discountError(35000, d)).toBeNull());
});

describe('consultationPrice by customer type', () => {
  const prices = {
    consultationPvtPaise: 50000,
    consultationPvtEmergencyPaise: 100000,
    consultationNgoPaise: 30000,
    consultationNgoEmergencyPaise: 60000,
  };
  it.each([
    ['pvtltd', 50000],
    ['pvtltd Emergency', 100000],
    ['NGO', 30000],
    ['NGO Emergency', 60000],
  ] as const)('%s → %i', (type, expected) => expect(consultationPrice(prices, type)).toBe(expected));
});

describe('boardingPrice: (daily − discount) × days', () => {
  it.each([
    [100000, 0, 1, false, 100000],
    [100000, 10000, 3, false, 270000],
    [100000, 100000, 5, false, 0],
    [100000, 0, 30, true, 0],
  ])('daily %i, discount %i, %i days, subscription %s → %i', (daily, d, days, sub, expected) => {
    expect(boardingPrice(daily, d, days, sub)).toBe(expected);
  });
  it.each([0, -1, 1.5, Number.NaN, '2', null])('days %s is refused with the spec message', (days) => {
    expect(daysError(days)?.message).toBe('Please enter a valid number of days (minimum 1).');
  });
  it('accepts 1 day', () => expect(daysError(1)).toBeNull());
});

describe('paymentSplit by payment type', () => {
  it('advance: everything now, nothing left', () => {
    expect(paymentSplit('advance_payment', 300000)).toEqual({ paidNowPaise: 300000, paymentLeftPaise: 0 });
  });
  it('after service: nothing now, the total left', () => {
    expect(paymentSplit('payment_after_service', 300000)).toEqual({ paidNowPaise: 0, paymentLeftPaise: 300000 });
  });
  it('partial: the total minus what is paid now', () => {
    expect(paymentSplit('partial_payment', 300000, 100000)).toEqual({ paidNowPaise: 100000, paymentLeftPaise: 200000 });
    expect(paymentSplit('partial_payment', 300000, 300000)).toEqual({ paidNowPaise: 300000, paymentLeftPaise: 0 });
  });
  it('partial: more than the total is refused', () => {
    const r = paymentSplit('partial_payment', 300000, 300001);
    expect(isRuleError(r) && r.message).toBe(VISIT_MESSAGES.partialTooHigh);
  });
  it('partial: nothing paid now is refused', () => {
    expect(isRuleError(paymentSplit('partial_payment', 300000, 0))).toBe(true);
  });
});

describe('shop lines: quantity × price', () => {
  it.each([
    [{ pricePaise: 19900, quantity: 3 }, 59700],
    [{ pricePaise: 45050, quantity: 1 }, 45050],
    [{ pricePaise: 45050 }, 45050], // the existing client sends no quantity: 1
    [{ pricePaise: 45050, quantity: null }, 45050],
    [{ pricePaise: 0, quantity: 5 }, 0],
    [{ pricePaise: 1, quantity: 100 }, 100],
  ])('%j charges %i paise', (line, amount) => expect(shopLinePaise(line)).toBe(amount));

  it('the total is the sum of the lines’ quantity × price', () => {
    expect(shopTotal([{ pricePaise: 25050 }, { pricePaise: 1999, quantity: 3 }, { pricePaise: 0, quantity: 2 }])).toBe(31047);
    expect(shopTotal([{ pricePaise: 25050 }, { pricePaise: 1999 }, { pricePaise: 0 }])).toBe(27049);
    expect(shopTotal([])).toBe(0);
  });
});

describe('actualDays: the entry day is day 1', () => {
  it.each([
    ['2026-11-20', '2026-11-20', 1],
    ['2026-11-20', '2026-11-21', 2],
    ['2026-11-20', '2026-11-23', 4],
    ['2026-02-28', '2026-03-01', 2],
    ['2026-12-31', '2027-01-01', 2],
  ])('%s → %s: %i', (entry, today, expected) => expect(actualDays(entry, today)).toBe(expected));
});

describe('extraDaysCharge (spec 001 §9): extra days × the daily rate, the rate rounded once to the paisa', () => {
  it.each([
    // booked 2 days for ₹2,000 (₹1,000/day), stayed 4: 2 extra days at ₹1,000
    [{ actualDays: 4, bookedDays: 2, finalPricePaise: 200000 }, 2, 100000, 200000],
    // within the booked days: nothing
    [{ actualDays: 2, bookedDays: 2, finalPricePaise: 200000 }, 0, 100000, 0],
    [{ actualDays: 1, bookedDays: 3, finalPricePaise: 300000 }, 0, 100000, 0],
    // a discounted stay: ₹2,700 for 3 days (₹900/day), 1 extra day
    [{ actualDays: 4, bookedDays: 3, finalPricePaise: 270000 }, 1, 90000, 90000],
    // uneven share: ₹1,000 for 3 days is ₹333.33 a day; 2 extra days are 2 × ₹333.33 = ₹666.66 (not ₹666.67)
    [{ actualDays: 5, bookedDays: 3, finalPricePaise: 100000 }, 2, 33333, 66666],
    // ₹2,000 for 3 days is ₹666.67 a day (rounded up); 4 extra days are ₹2,666.68
    [{ actualDays: 7, bookedDays: 3, finalPricePaise: 200000 }, 4, 66667, 266668],
    // a half paisa goes up: ₹1.01 for 2 days is ₹0.51 a day
    [{ actualDays: 3, bookedDays: 2, finalPricePaise: 101 }, 1, 51, 51],
  ])('without a subscription: %j → %i extra days at %i = %i paise', (stay, days, rate, charge) => {
    const r = extraDaysCharge(stay);
    expect(r).toEqual({ extraDays: days, ratePaise: rate, chargePaise: charge, subscriptionDaysUsed: 0 });
    expect(r.chargePaise).toBe(r.extraDays * r.ratePaise);
  });

  const hostelMonthly = { planPricePaise: 2500000, planDurationDays: 30, discountPaise: 0 };
  const fiveDays = { actualDays: 5, bookedDays: 5, finalPricePaise: 0 };
  it('within the days left: free, and the days are used', () => {
    expect(extraDaysCharge(fiveDays, { ...hostelMonthly, daysLeft: 10 })).toEqual({
      extraDays: 0,
      ratePaise: 83333,
      chargePaise: 0,
      subscriptionDaysUsed: 5,
    });
  });
  it('beyond the days left: (plan price ÷ duration, rounded once) − discount per extra day', () => {
    // ₹25,000 / 30 = ₹833.33 a day; 3 days beyond 2 left → 3 × ₹833.33 = ₹2,499.99
    expect(extraDaysCharge(fiveDays, { ...hostelMonthly, daysLeft: 2 })).toEqual({
      extraDays: 3,
      ratePaise: 83333,
      chargePaise: 249999,
      subscriptionDaysUsed: 2,
    });
    // with a ₹100 discount per day: 3 × (₹833.33 − ₹100) = 3 × ₹733.33 = ₹2,199.99
    expect(extraDaysCharge(fiveDays, { ...hostelMonthly, discountPaise: 10000, daysLeft: 2 })).toMatchObject({
      ratePaise: 73333,
      chargePaise: 219999,
    });
  });
  it('a discount above the daily share never makes a negative charge', () => {
    expect(
      extraDaysCharge(
        { actualDays: 3, bookedDays: 3, finalPricePaise: 0 },
        { ...hostelMonthly, discountPaise: 100000, daysLeft: 0 },
      ),
    ).toMatchObject({ extraDays: 3, ratePaise: 0, chargePaise: 0 });
  });
  it('quantity × rate = amount on every line: booked 1..31 days, prices up to ₹1,00,000, 1..10 extra days', () => {
    for (let booked = 1; booked <= 31; booked++) {
      for (const price of [1, 99, 100001, 333333, 2500000, 9999999]) {
        for (let extra = 1; extra <= 10; extra++) {
          const r = extraDaysCharge({ actualDays: booked + extra, bookedDays: booked, finalPricePaise: price });
          expect(r.ratePaise).toBe(perUnitPaise(price, booked));
          expect(r.chargePaise).toBe(extra * r.ratePaise);
        }
      }
    }
  });
});

describe('grossOfTax: what the customer pays for a price with or without GST', () => {
  it.each([
    // net paise, rate, includes tax, exempt, gross
    [10_000, 18, false, false, 11_800], // ₹100 exclusive of 18 % → ₹118.00
    [10_000, 18, true, false, 10_000], // ₹100 inclusive → ₹100.00
    [10_000, 5, false, false, 10_500],
    [10_000, 40, false, false, 14_000],
    [10_000, 0, false, false, 10_000], // not taxed
    [10_000, 18, false, true, 10_000], // exempt
    [999, 18, false, false, 1_179], // 179.82 paise of tax → 180, rounded half away from zero
    [1, 5, false, false, 1], // 0.05 paise → 0
    [10, 5, false, false, 11], // 0.5 paise → 1
    [0, 18, false, false, 0],
    [33_333, 12, false, false, 37_333],
  ])('%i paise at %d %% (includes %s, exempt %s) → %i', (net, rate, includes, exempt, gross) => {
    expect(grossOfTax(net, rate, includes, exempt)).toBe(gross);
  });

  it('equals the tax invoice line total of the same price (one rule)', () => {
    for (const net of [1, 99, 12_345, 1_00_00_000]) {
      for (const rate of [5, 18, 40, 0.25]) {
        const line = gstLine({ unitPricePaise: net, quantity: 1, ratePercent: rate, priceIncludesTax: false, interState: true });
        expect(grossOfTax(net, rate, false, false)).toBe(line.totalPaise);
      }
    }
  });

  it('grossWithTerms reads a visit type or item; none charges the price as it is', () => {
    expect(grossWithTerms(10_000, { gstRatePercent: 18, gstExempt: false, priceIncludesTax: false })).toBe(11_800);
    expect(grossWithTerms(10_000, { gstRatePercent: 18, gstExempt: false, priceIncludesTax: true })).toBe(10_000);
    expect(grossWithTerms(10_000, null)).toBe(10_000);
  });
});

describe('edges found by mutation testing', () => {
  it('boarding is priced unless a subscription is used (not by default)', () => {
    expect(boardingPrice(100000, 10000, 3)).toBe(270000);
  });

  it('rule errors name their field', () => {
    expect(daysError(0)).toEqual({ field: 'numberOfDays', message: VISIT_MESSAGES.days });
    expect(paymentSplit('partial_payment', 1000, 0)).toMatchObject({ field: 'amountPaid' });
    expect(paymentSplit('partial_payment', 1000, 2000)).toMatchObject({ field: 'amountPaid' });
  });

  it('isRuleError: an object with a field and a message, nothing else', () => {
    for (const v of [null, undefined, 5, 'text', {}, { message: 'm' }, { field: 'f' }]) expect(isRuleError(v)).toBe(false);
    expect(isRuleError({ field: 'f', message: 'm' })).toBe(true);
  });

  it('extra days of a plan or a booking without days cost nothing a day (no division by 0)', () => {
    const stay = { actualDays: 3, bookedDays: 0, finalPricePaise: 100000 };
    expect(extraDaysCharge(stay)).toMatchObject({ extraDays: 3, ratePaise: 0, chargePaise: 0 });
    const plan = { daysLeft: 1, planPricePaise: 100000, planDurationDays: 0, discountPaise: 0 };
    expect(extraDaysCharge(stay, plan)).toMatchObject({ extraDays: 2, ratePaise: 0, chargePaise: 0 });
  });
});
