import { describe, expect, it } from 'vitest';
import {
  countStay,
  DEFAULT_STAY_SETTINGS,
  daysCovered,
  instantAt,
  shortDay,
  type StayRule,
  staySettingsSchema,
  stayPricePaise,
  staySettingsBody,
  wallClock,
} from './counting.ts';

const IST = 'Asia/Kolkata';
const at = (date: string, hhmm: string, tz = IST) => instantAt(date, hhmm, tz);
const calendar: StayRule = { countingRule: 'calendar_days', checkOutTime: '12:00', halfDayMaxHours: 5 };
const nights: StayRule = { ...calendar, countingRule: 'nights' };

describe('instantAt and wallClock', () => {
  it('reads and makes business wall-clock times exactly (IST is UTC+5:30)', () => {
    expect(at('2026-11-25', '09:00').toISOString()).toBe('2026-11-25T03:30:00.000Z');
    expect(at('2026-11-25', '00:15').toISOString()).toBe('2026-11-24T18:45:00.000Z');
    expect(wallClock(new Date('2026-11-24T18:45:00Z'), IST)).toEqual({ date: '2026-11-25', minutes: 15 });
    expect(wallClock(new Date('2026-11-24T18:29:00Z'), IST)).toEqual({ date: '2026-11-24', minutes: 23 * 60 + 59 });
  });
  it('is exact across a daylight-saving change (London, 29 Mar 2026)', () => {
    expect(at('2026-03-28', '12:00', 'Europe/London').toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(at('2026-03-30', '12:00', 'Europe/London').toISOString()).toBe('2026-03-30T11:00:00.000Z');
  });
  it('refuses what is not a date and time', () => {
    expect(() => at('2026-11-25', '24:00')).toThrow(RangeError);
    expect(() => at('25/11/2026', '09:00')).toThrow(RangeError);
  });
});

describe('countStay: calendar days (the entry day is day 1)', () => {
  const table: [string, string, string, string, number, string][] = [
    // in day, in time, out day, out time, days, label
    ['2026-11-25', '09:00', '2026-11-27', '18:00', 3, '3 days: 25 Nov to 27 Nov'],
    ['2026-11-25', '09:00', '2026-11-25', '18:00', 1, '1 day: 25 Nov'],
    ['2026-11-25', '23:30', '2026-11-26', '00:30', 2, '2 days: 25 Nov to 26 Nov'], // across midnight: two days
    ['2026-11-25', '09:00', '2026-11-27', '08:00', 3, '3 days: 25 Nov to 27 Nov'], // before the check-out time: same
    ['2026-12-30', '10:00', '2027-01-02', '10:00', 4, '4 days: 30 Dec 2026 to 2 Jan 2027'],
    ['2026-11-02', '10:00', '2026-11-08', '17:00', 7, '7 days: 2 Nov to 8 Nov'], // Diwali week
  ];
  it.each(table)('%s %s → %s %s: %i', (d1, t1, d2, t2, days, label) => {
    const c = countStay(at(d1, t1), at(d2, t2), calendar, { tz: IST });
    expect(c).toMatchObject({ units: days, unit: 'day', halfDays: 0, halfDay: false, lateCheckOut: false, label });
    expect(c.firstDay).toBe(d1);
    expect(c.lastDay).toBe(d2);
  });
});

describe('countStay: nights with a check-out time', () => {
  const table: [string, string, string, string, number, number, string][] = [
    // in, out, nights (units), half days (late check-out), label
    ['2026-11-25', '09:00', '2026-11-27', '11:00', 2, 0, '2 nights: 25 Nov to 27 Nov'],
    ['2026-11-25', '09:00', '2026-11-27', '12:00', 2, 0, '2 nights: 25 Nov to 27 Nov'], // at the time: not late
    ['2026-11-25', '09:00', '2026-11-27', '12:01', 2, 1, '2 nights and a late check-out: 25 Nov to 27 Nov'],
    ['2026-11-25', '23:30', '2026-11-26', '00:30', 1, 0, '1 night: 25 Nov to 26 Nov'], // across midnight
    ['2026-11-25', '09:00', '2026-11-25', '18:00', 1, 0, '1 day: 25 Nov'], // a day stay is a day
  ];
  it.each(table)('%s %s → %s %s: %i nights, %i late', (d1, t1, d2, t2, units, half, label) => {
    const c = countStay(at(d1, t1), at(d2, t2), nights, { tz: IST });
    expect(c.units).toBe(units);
    expect(c.halfDays).toBe(half);
    expect(c.lateCheckOut).toBe(half === 1);
    expect(c.label).toBe(label);
  });
  it('reads the check-out time in the business zone, not UTC (12:30 IST is 07:00 UTC)', () => {
    const c = countStay(new Date('2026-11-25T03:30:00Z'), new Date('2026-11-26T07:00:00Z'), nights, { tz: IST });
    expect(c).toMatchObject({ units: 1, unit: 'night', lateCheckOut: true });
  });
  it('follows a later check-out time', () => {
    const c = countStay(at('2026-11-25', '09:00'), at('2026-11-26', '13:00'), { ...nights, checkOutTime: '14:00' });
    expect(c.lateCheckOut).toBe(false);
  });
});

describe('countStay: half days', () => {
  const cases: [StayRule, string, string, boolean, number, number][] = [
    // rule, in time, out time (same day), half-day type, units, half days
    [calendar, '09:00', '14:00', true, 0, 1], // exactly 5 hours: a half day
    [calendar, '09:00', '14:01', true, 1, 0], // over 5 hours: a full day
    [nights, '09:00', '13:00', true, 0, 1],
    [calendar, '09:00', '11:00', false, 1, 0], // a type without half days: a day
  ];
  it.each(cases)('%o %s–%s (half-day type %s): %i days, %i half days', (rule, t1, t2, allowed, units, half) => {
    const c = countStay(at('2026-11-25', t1), at('2026-11-25', t2), rule, { tz: IST, halfDayAllowed: allowed });
    expect(c.units).toBe(units);
    expect(c.halfDays).toBe(half);
    expect(c.halfDay).toBe(half === 1);
    if (half) expect(c.label).toBe('Half day: 25 Nov');
  });
  it('follows the configured hours', () => {
    const rule = { ...calendar, halfDayMaxHours: 3 };
    expect(countStay(at('2026-11-25', '09:00'), at('2026-11-25', '13:00'), rule, { halfDayAllowed: true }).halfDay).toBe(false);
  });
  it('is never a half day across midnight, even when short', () => {
    const c = countStay(at('2026-11-25', '22:00'), at('2026-11-26', '01:00'), calendar, { halfDayAllowed: true });
    expect(c).toMatchObject({ units: 2, halfDay: false });
  });
});

describe('stayPricePaise and daysCovered', () => {
  it('prices units at the day price and half days at the half-day price', () => {
    expect(stayPricePaise({ units: 3, halfDays: 0 }, 1_000_00, 600_00)).toBe(3_000_00);
    expect(stayPricePaise({ units: 2, halfDays: 1 }, 1_000_00, 600_00)).toBe(2_600_00);
    expect(stayPricePaise({ units: 0, halfDays: 1 }, 1_000_00, 600_00)).toBe(600_00);
  });
  it('lists the business days a stay holds a place on', () => {
    expect(daysCovered('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysCovered('2026-11-25', '2026-11-25')).toEqual(['2026-11-25']);
    expect(daysCovered('2026-11-26', '2026-11-25')).toEqual([]);
  });
  it('refuses a check-out before the check-in', () => {
    expect(() => countStay(at('2026-11-25', '10:00'), at('2026-11-25', '09:00'), calendar)).toThrow(RangeError);
  });
});

describe('staySettingsSchema', () => {
  it('accepts the defaults and refuses bad values with messages', () => {
    expect(staySettingsSchema.parse(DEFAULT_STAY_SETTINGS)).toEqual(DEFAULT_STAY_SETTINGS);
    const bad = staySettingsSchema.safeParse({ ...DEFAULT_STAY_SETTINGS, checkOutTime: '25:00', halfDayMaxHours: 0 });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toContain('Enter a time as HH:MM (24-hour)');
    expect(messages).toContain('A half day is at least 1 hour');
  });
});

describe('edges found by mutation testing', () => {
  it('says what is not a date and time, and that a check-out is before the check-in', () => {
    expect(() => instantAt('2026-11-25', '25:00')).toThrow('Not a date and time: 2026-11-25 25:00');
    expect(() => countStay(at('2026-11-25', '10:00'), at('2026-11-25', '09:00'), calendar)).toThrow(
      'The check-out is before the check-in',
    );
  });

  it('counts in the business zone (India) when no zone is named', () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in India.
    const c = countStay(new Date('2026-11-24T20:00:00Z'), new Date('2026-11-25T05:00:00Z'), calendar);
    expect([c.firstDay, c.lastDay]).toEqual(['2026-11-25', '2026-11-25']);
  });

  it('a half day is counted in days', () => {
    const c = countStay(at('2026-11-25', '09:00'), at('2026-11-25', '12:00'), calendar, { tz: IST, halfDayAllowed: true });
    expect(c).toMatchObject({ halfDay: true, units: 0, unit: 'day', halfDays: 1 });
  });

  it('a short day has no year unless asked', () => {
    expect(shortDay('2026-11-25')).toBe('25 Nov');
    expect(shortDay('2026-11-25', true)).toBe('25 Nov 2026');
  });

  it('stay settings: a change must name at least one setting', () => {
    expect(staySettingsBody.safeParse({}).error!.issues[0]!.message).toBe('Change at least one setting');
    expect(staySettingsBody.safeParse({ countingRule: 'nights' }).success).toBe(true);
  });
});
