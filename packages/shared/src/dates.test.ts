import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageInMonths,
  ageInYears,
  dateInTz,
  daysBetween,
  formatDate,
  formatDateTime,
  isBirthdayOn,
  isIsoDate,
  isLeapYear,
  todayIn,
} from './dates.ts';

describe('dates', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('22-11-2026')).toBe(false);
    expect(isIsoDate(20261122)).toBe(false);
    // Not a string even when it prints as a date (an array of one): refused, not split.
    expect(isIsoDate(['2026-11-22'])).toBe(false);
    // Date.UTC reads years 0–99 as 1900–1999: such a year is never taken for a real one.
    expect(isIsoDate('0099-01-01')).toBe(false);
  });

  it('knows the leap years of the Gregorian calendar', () => {
    expect([2024, 2000, 2400].map(isLeapYear)).toEqual([true, true, true]);
    expect([2026, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
  });

  it('computes today in the business time zone, not UTC', () => {
    // 00:30 IST on 23 Nov is still 22 Nov in UTC.
    const instant = new Date('2026-11-22T19:00:00Z');
    expect(dateInTz(instant, 'Asia/Kolkata')).toBe('2026-11-23');
    expect(dateInTz(instant, 'UTC')).toBe('2026-11-22');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2026-11-23');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2026-11-29')).toBe(7);
  });

  it('celebrates 29 February birthdays on 28 February in non-leap years', () => {
    expect(isBirthdayOn('2020-02-29', '2026-02-28')).toBe(true);
    expect(isBirthdayOn('2020-02-29', '2028-02-28')).toBe(false);
    expect(isBirthdayOn('2020-02-29', '2028-02-29')).toBe(true);
    expect(isBirthdayOn('2021-11-22', '2026-11-22')).toBe(true);
    expect(isBirthdayOn('2021-11-22', '2026-11-23')).toBe(false);
    // Only a 29 February birthday moves to the 28th; 2100 is not a leap year, 2000 was.
    expect(isBirthdayOn('2020-03-01', '2026-02-28')).toBe(false);
    expect(isBirthdayOn('2020-02-29', '2100-02-28')).toBe(true);
    expect(isBirthdayOn('2020-02-29', '2000-02-28')).toBe(false);
  });

  it.each([
    ['2020-11-20', '2026-11-22', 6],
    ['2020-11-22', '2026-11-22', 5], // 2191 days / 365.25 = 5.998: the spec's formula
    ['2020-11-23', '2026-11-22', 5],
    ['2026-01-01', '2026-11-22', 0],
    [null, '2026-11-22', null],
    ['2026-02-30', '2026-11-22', null],
  ])('age of %s on %s is %s whole years', (dob, today, age) => expect(ageInYears(dob, today)).toBe(age));

  it.each([
    ['2025-11-25', '2026-08-25', 9],
    ['2025-11-26', '2026-08-25', 8],
    ['2025-12-31', '2026-02-28', 2],
    ['2025-12-31', '2026-01-30', 0],
    ['2024-01-31', '2024-02-29', 1],
    ['2024-01-31', '2024-02-28', 0],
    ['2026-08-25', '2026-08-25', 0],
    ['2026-09-01', '2026-08-25', 0],
    ['2020-08-25', '2026-08-25', 72],
    [null, '2026-08-25', null],
    ['2026-02-30', '2026-08-25', null],
    ['2026-01-01', '2026-08-32', null],
  ])('age of %s on %s is %s whole months', (dob, today, months) => expect(ageInMonths(dob, today)).toBe(months));

  it('formats dates in Indian order', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate('not a date')).toBe('Unknown Date');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    // An instant is read as a day in the business zone: 20:00 UTC on the 22nd is the 23rd in India.
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('23 Nov 2026');
  });

  it('formats an instant with the time of day in the business zone', () => {
    expect(formatDateTime('2026-11-22T09:35:00Z', 'Asia/Kolkata')).toBe('22 Nov 2026, 3:05 pm');
    expect(formatDateTime('2026-11-22T09:35:00Z', 'UTC')).toBe('22 Nov 2026, 9:35 am');
    expect(formatDateTime('2026-11-22T09:35:00Z')).toBe('22 Nov 2026, 3:05 pm');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('Unknown Date');
  });
});
