import { describe, expect, it } from 'vitest';
import {
  customerClass,
  dayOnly,
  emailKey,
  objectIdText,
  paymentMethod,
  paymentState,
  phone,
  rupeesToPaise,
  species,
  subscriptionFlag,
  timeOfDay,
  toBoolean,
  toDate,
  toNumber,
} from './normalise.ts';

const value = <T>(r: { ok: true; value: T } | { ok: false; reason: string }) => (r.ok ? r.value : `✗ ${r.reason}`);

describe('subscriptionFlag: the four spellings', () => {
  it.each([
    [{ isSubscriptionAvailed: true }, true, ['isSubscriptionAvailed']],
    [{ issubscriptionavailed: 'true' }, true, ['issubscriptionavailed']],
    [{ issubscriptionAvailed: false }, false, ['issubscriptionAvailed']],
    [{ subscriptionAvailed: 'Yes' }, true, ['subscriptionAvailed']],
    [{ subscriptionAvailed: 'No' }, false, ['subscriptionAvailed']],
    [{ subscriptionAvailed: 'yes ' }, true, ['subscriptionAvailed']],
    [{ isSubscriptionAvailed: 1 }, true, ['isSubscriptionAvailed']],
    [{ price: 500 }, false, []],
    [{ isSubscriptionAvailed: null }, false, []],
    [null, false, []],
  ])('%j → %s', (details, availed, keys) => {
    const flag = subscriptionFlag(details);
    expect(flag).toEqual({ availed, keys });
  });

  it('reports spellings that disagree, and a yes wins', () => {
    const flag = subscriptionFlag({ isSubscriptionAvailed: false, subscriptionAvailed: 'Yes' });
    expect(flag.availed).toBe(true);
    expect(flag.conflict).toBe('isSubscriptionAvailed and subscriptionAvailed disagree');
  });

  it('reports a value that is not a yes or a no', () => {
    const flag = subscriptionFlag({ subscriptionAvailed: 'maybe' });
    expect(flag).toEqual({ availed: false, keys: ['subscriptionAvailed'], conflict: 'subscriptionAvailed is "maybe"' });
  });
});

describe('toBoolean', () => {
  it.each([
    [true, true],
    ['Yes', true],
    ['TRUE', true],
    ['1', true],
    [0, false],
    ['no', false],
    ['', false],
    ['false', false],
    ['maybe', '✗ "maybe" is not a yes or a no'],
    [2, '✗ 2 is not a yes or a no'],
  ])('%j → %j', (v, expected) => expect(value(toBoolean(v))).toEqual(expected));
});

describe('paymentMethod', () => {
  it.each([
    ['bill', 'Cash', { method: 'cash', online: false, original: 'Cash' }],
    ['bill', 'Card', { method: 'card', online: true, original: 'Card' }],
    ['bill', 'UPI', { method: 'card', online: true, original: 'UPI', note: expect.stringContaining('UPI') }],
    ['bill', 'Online', { method: 'card', online: true, original: 'Online', note: expect.stringContaining('Online') }],
    ['appointment', 'online', { method: 'card', online: true, original: 'online', note: expect.any(String) }],
    ['appointment', 'cash', { method: 'cash', online: false, original: 'cash' }],
    ['appointment', 'card', { method: 'card', online: false, original: 'card' }],
    ['appointment', 'upi', { method: 'card', online: false, original: 'upi', note: expect.any(String) }],
    ['appointment', null, { method: 'not_recorded', online: false, original: null }],
    ['visit', 'cash', { method: 'cash', online: false, original: 'cash' }],
    ['visit', 'payment_link', { method: 'payment_link', online: true, original: 'payment_link' }],
    ['visit', undefined, { method: 'not_recorded', online: false, original: null }],
  ] as const)('%s %j', (source, v, expected) => {
    expect(value(paymentMethod(source, v))).toEqual(expected);
  });

  it.each([
    ['bill', 'Cheque'],
    ['visit', 42],
  ] as const)('%s %j is not a method', (source, v) => {
    expect(paymentMethod(source, v).ok).toBe(false);
  });
});

describe('paymentState', () => {
  it.each([
    ['bill', 'paid', 'paid'],
    ['bill', 'pending', 'pending'],
    ['bill', undefined, 'paid'],
    ['appointment', 'pending', 'pending'],
    ['appointment', 'paid', 'paid'],
    ['appointment', 'refunded', 'refunded'],
    ['appointment', null, 'pending'],
    ['usagelog', 'Pending', 'pending'],
    ['usagelog', 'Paid', 'paid'],
    ['usagelog', 'refunded', '✗ "refunded" is not a payment status of the original (usagelog)'],
    ['bill', 'settled', '✗ "settled" is not a payment status of the original (bill)'],
  ] as const)('%s %j → %s', (source, v, expected) => {
    expect(value(paymentState(source, v))).toBe(expected);
  });
});

describe('customerClass', () => {
  it.each([
    ['pvtltd', 'pvtltd', false, 'pvtltd'],
    ['pvtltd Emergency', 'pvtltd', true, 'pvtltd Emergency'],
    ['NGO', 'NGO', false, 'NGO'],
    ['NGO Emergency', 'NGO', true, 'NGO Emergency'],
    ['Customer', 'pvtltd', false, 'pvtltd'],
    ['  ngo   emergency ', 'NGO', true, 'NGO Emergency'],
    ['PvtLtd', 'pvtltd', false, 'pvtltd'],
  ])('%j', (v, customerType, emergency, vetCustomerType) => {
    expect(value(customerClass(v))).toEqual({ customerType, emergency, vetCustomerType });
  });

  it.each(['Private', 'NGO Urgent', 'Customer Emergency', '', null, 3])('%j is not a class', (v) => {
    expect(customerClass(v).ok).toBe(false);
  });
});

describe('species', () => {
  it.each([
    ['dog', { value: 'dog' }],
    ['Dog', { value: 'dog' }],
    ['Cat', { value: 'cat' }],
    ['other', { value: 'other' }],
    [' DOG ', { value: 'dog' }],
    [undefined, { value: 'dog' }],
    ['', { value: 'dog' }],
    ['Tortoise', { value: 'other', unknown: 'Tortoise' }],
  ])('%j', (v, expected) => expect(species(v)).toEqual(expected));
});

describe('toNumber: numbers sent as strings', () => {
  it.each([
    [500, 500],
    ['500', 500],
    [' 766.67 ', 766.67],
    ['1,200', 1200],
    ['1,00,000', 100000],
    ['₹ 450', 450],
    ['Rs. 99.5', 99.5],
    ['-50', -50],
    ['.5', 0.5],
    ['', null],
    [null, null],
    [undefined, null],
    ['N/A', '✗ "N/A" is not a number'],
    ['12abc', '✗ "12abc" is not a number'],
    [Number.NaN, '✗ NaN is not a number'],
    [{}, '✗ an object is not a number'],
  ])('%j → %j', (v, expected) => expect(value(toNumber(v))).toEqual(expected));
});

describe('rupeesToPaise: exact, rounded half up and flagged', () => {
  it.each([
    [766.67, 76667, false],
    [666.66, 66666, false],
    [11500, 1150000, false],
    [11500.05, 1150005, false],
    [766.67 * 2, 153334, false], // 1533.3400000000001: floating-point noise, not a rounding
    [0.1 + 0.2, 30, false],
    ['766.67', 76667, false],
    [766.675, 76668, true],
    [766.674, 76667, true],
    [11500 / 15, 76667, true], // 766.666… → 766.67
    [33.333, 3333, true],
    [0.005, 1, true],
    [0.004, 0, true],
    [-766.675, -76668, true],
    [-0.5, -50, false],
    [0, 0, false],
    [1e-7, 0, true],
  ])('%j → %i paise (rounded %s)', (v, paise, rounded) => {
    expect(value(rupeesToPaise(v))).toEqual({ paise, rounded });
  });

  it('absent stays absent, text that is not money fails', () => {
    expect(value(rupeesToPaise(''))).toBeNull();
    expect(value(rupeesToPaise(null))).toBeNull();
    expect(rupeesToPaise('free').ok).toBe(false);
    expect(rupeesToPaise(1e15).ok).toBe(false);
  });
});

describe('toDate: dates sent as strings', () => {
  it.each([
    [new Date('2026-04-16T06:30:00Z'), '2026-04-16T06:30:00.000Z'],
    ['2026-04-16T06:30:00.000Z', '2026-04-16T06:30:00.000Z'],
    ['2026-04-16T12:00:00+05:30', '2026-04-16T06:30:00.000Z'],
    ['2026-04-16', '2026-04-16T00:00:00.000Z'],
    ['16/04/2026', '2026-04-16T00:00:00.000Z'], // the app's DD/MM/YYYY
    ['1/4/2026', '2026-04-01T00:00:00.000Z'],
    [1776321000000, '2026-04-16T06:30:00.000Z'],
  ])('%j → %s', (v, iso) => {
    const r = toDate(v);
    expect(r.ok && r.value?.toISOString()).toBe(iso);
  });

  it.each(['2026-02-30', '31/04/2026', 'yesterday', '16-04-2026'])('%j is not a date', (v) => {
    expect(toDate(v).ok).toBe(false);
  });

  it('absent stays absent', () => {
    expect(value(toDate(null))).toBeNull();
    expect(value(toDate(''))).toBeNull();
  });
});

describe('dayOnly: midnight UTC is that calendar day', () => {
  it.each([
    // Stored as the original stores a day: midnight UTC (05:30 in India) is that day.
    [new Date('2026-04-16T00:00:00Z'), { day: '2026-04-16', shifted: false }],
    ['2026-04-16', { day: '2026-04-16', shifted: false }],
    // Not midnight UTC: the day in India, flagged.
    [new Date('2026-04-15T18:30:00Z'), { day: '2026-04-16', shifted: true }],
    [new Date('2026-04-16T20:00:00Z'), { day: '2026-04-17', shifted: true }],
    [new Date('2026-04-16T10:00:00Z'), { day: '2026-04-16', shifted: true }],
    [null, null],
  ])('%j → %j', (v, expected) => expect(value(dayOnly(v))).toEqual(expected));

  it('midnight UTC is not moved even where the clock is behind UTC', () => {
    expect(value(dayOnly(new Date('2026-01-01T00:00:00Z'), 'America/New_York'))).toEqual({
      day: '2026-01-01',
      shifted: false,
    });
  });
});

describe('timeOfDay: HH:MM', () => {
  it.each([
    ['10:00', '10:00'],
    ['21:00', '21:00'], // past today's slot table: kept
    ['9:00', '09:00'],
    [' 7:05 ', '07:05'],
    ['9.30', '09:30'],
    ['9:30 PM', '21:30'],
    ['12:15 am', '00:15'],
    ['12 pm', '12:00'],
    ['', null],
    [null, null],
    ['24:00', '✗ "24:00" is not a time'],
    ['10:60', '✗ "10:60" is not a time'],
    ['10', '✗ "10" is not a time (HH:MM)'],
    ['13:00 pm', '✗ "13:00 pm" is not a time'],
    ['soon', '✗ "soon" is not a time (HH:MM)'],
    [930, '✗ 930 is not a time'],
  ])('%j → %j', (v, expected) => expect(value(timeOfDay(v))).toEqual(expected));
});

describe('objectIdText', () => {
  const hex = '6600050000000000000000ab';
  it.each([
    [{ toHexString: () => hex }, hex],
    [{ $oid: hex }, hex],
    [hex, hex],
    [hex.toUpperCase(), hex],
    [` ${hex} `, hex],
    ['', null],
    [null, null],
    ['abc', '✗ "abc" is not an ObjectId'],
    [12, '✗ 12 is not an ObjectId'],
    [`${hex}0`, `✗ "${hex}0" is not an ObjectId`],
  ])('%j → %j', (v, expected) => expect(value(objectIdText(v))).toEqual(expected));
});

describe('phone: the shared cleanPhone, ten digits or nothing', () => {
  it.each([
    ['9812345678', '9812345678'],
    ['+91 98123 45678', '9812345678'],
    ['919812345678', '9812345678'],
    ['09812345678', '9812345678'],
    ['98123-45678', '9812345678'],
    [9812345678, '9812345678'],
    ['', null],
    [null, null],
    ['12345', '✗ "12345" is not a 10-digit phone number'],
    ['98123456789999', '✗ "98123456789999" is not a 10-digit phone number'],
  ])('%j → %j', (v, expected) => expect(value(phone(v))).toEqual(expected));
});

describe('emailKey: lower-cased for matching', () => {
  it.each([
    ['Asha.Rao@Example.com', 'asha.rao@example.com'],
    [' CUSTOMER0@Example.com ', 'customer0@example.com'],
    ['', null],
    ['  ', null],
    [null, null],
  ])('%j → %j', (v, expected) => expect(emailKey(v)).toBe(expected));
});
