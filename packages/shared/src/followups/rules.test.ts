import { describe, expect, it } from 'vitest';
import { birthdayInRange, birthdayKeys, datesBetween, formatTime12, presetRange } from './rules.ts';
import { rangeProblem, updateAttendanceBody } from './schemas.ts';

describe('presetRange', () => {
  it.each([
    ['today', { from: '2026-11-23', to: '2026-11-23', filter: 'all' }],
    ['nextweek', { from: '2026-11-24', to: '2026-11-30', filter: 'all' }],
    ['overdue', { from: '2026-11-16', to: '2026-11-22', filter: 'overdue' }],
    ['birthdays', { from: '2026-11-23', to: '2026-11-29', filter: 'birthdays' }],
  ] as const)('%s', (preset, expected) => {
    expect(presetRange(preset, '2026-11-23')).toEqual(expected);
  });

  it('crosses month and year ends', () => {
    expect(presetRange('nextweek', '2026-12-28')).toMatchObject({ from: '2026-12-29', to: '2027-01-04' });
    expect(presetRange('overdue', '2027-01-03')).toMatchObject({ from: '2026-12-27', to: '2027-01-02' });
  });
});

describe('datesBetween', () => {
  it('lists every date inclusive, and nothing for a reversed range', () => {
    expect(datesBetween('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesBetween('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
    expect(datesBetween('2026-11-23', '2026-11-22')).toEqual([]);
  });
});

describe('birthdays', () => {
  it('adds 29 February to 28 February in non-leap years only', () => {
    expect(birthdayKeys('2027-02-28', '2027-02-28')).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
    ]);
    expect(birthdayKeys('2028-02-28', '2028-02-28')).toEqual([{ month: 2, day: 28 }]);
    expect(birthdayKeys('2028-02-28', '2028-03-01')).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
      { month: 3, day: 1 },
    ]);
  });

  it('finds the day of celebration within a range', () => {
    expect(birthdayInRange('2020-02-29', '2027-02-25', '2027-03-03')).toBe('2027-02-28');
    expect(birthdayInRange('2020-02-29', '2028-02-25', '2028-03-03')).toBe('2028-02-29');
    expect(birthdayInRange('2020-02-29', '2028-02-28', '2028-02-28')).toBeNull();
    expect(birthdayInRange('2021-11-25', '2026-11-23', '2026-11-29')).toBe('2026-11-25');
    expect(birthdayInRange('2021-11-30', '2026-11-23', '2026-11-29')).toBeNull();
  });

  it('gives no birthday on the day of birth', () => {
    expect(birthdayInRange('2026-11-23', '2026-11-23', '2026-11-23')).toBeNull();
    expect(birthdayInRange('2026-11-23', '2027-11-23', '2027-11-23')).toBe('2027-11-23');
  });
});

describe('formatTime12', () => {
  it.each([
    ['00:30', '12:30 AM'],
    ['10:30', '10:30 AM'],
    ['12:00', '12:00 PM'],
    ['14:05', '2:05 PM'],
    [null, ''],
    ['soon', 'soon'],
  ])('%s → %s', (t, out) => expect(formatTime12(t)).toBe(out));
});

describe('rangeProblem', () => {
  it('accepts up to 31 days and rejects reversed or longer ranges', () => {
    expect(rangeProblem('2026-11-01', '2026-12-01')).toBeNull();
    expect(rangeProblem('2026-11-01', '2026-12-02')).toMatch(/at most 31 days/);
    expect(rangeProblem('2026-11-02', '2026-11-01')).toMatch(/must not be before/);
  });
});

describe('updateAttendanceBody', () => {
  const id = 'a'.repeat(24);
  const other = 'b'.repeat(24);
  it('defaults the lists and rejects an id in both', () => {
    expect(updateAttendanceBody.parse({ date: '2026-11-23' })).toEqual({ date: '2026-11-23', presentIds: [], absentIds: [] });
    const r = updateAttendanceBody.safeParse({ date: '2026-11-23', presentIds: [id], absentIds: [other, id] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('An entry cannot be both present and absent');
  });
  it('rejects malformed dates and ids', () => {
    expect(updateAttendanceBody.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(updateAttendanceBody.safeParse({ date: '2026-11-23', presentIds: ['nope'] }).success).toBe(false);
  });
});
