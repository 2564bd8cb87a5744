import { describe, expect, it } from 'vitest';
import { DAYS_LEFT_COLOR, daysLeftLevel, dayCount, groomingCount, isExpiringSoon, statusOf } from './subscription-rules';

describe('days left colour (spec 001 §4: red at 7 or fewer, yellow at 30 or fewer)', () => {
  it.each([
    [-1, 'red'],
    [0, 'red'],
    [1, 'red'],
    [7, 'red'],
    [8, 'yellow'],
    [30, 'yellow'],
    [31, 'normal'],
    [365, 'normal'],
  ] as const)('%i days left is %s', (days, level) => {
    expect(daysLeftLevel(days)).toBe(level);
  });

  it('red and yellow have a colour, the rest none', () => {
    expect(DAYS_LEFT_COLOR[daysLeftLevel(3)]).toBe('red.8');
    expect(DAYS_LEFT_COLOR[daysLeftLevel(20)]).toBe('yellow.9');
    expect(DAYS_LEFT_COLOR[daysLeftLevel(90)]).toBeUndefined();
  });
});

describe('expiring soon', () => {
  it.each([
    [{ status: 'active' as const, active: true, daysLeft: 7 }, true],
    [{ status: 'active' as const, active: true, daysLeft: 8 }, false],
    [{ status: 'inactive' as const, active: false, daysLeft: 0 }, false],
    [{ status: 'awaiting_payment' as const, active: false, daysLeft: 3 }, false],
    [{ active: true, daysLeft: 2 }, true],
  ])('%o → %s', (s, expected) => {
    expect(isExpiringSoon(s)).toBe(expected);
  });
});

describe('status', () => {
  it('reads the status, else the active flag', () => {
    expect(statusOf({ status: 'awaiting_payment', active: false })).toBe('awaiting_payment');
    expect(statusOf({ active: true })).toBe('active');
    expect(statusOf({ active: false })).toBe('inactive');
    expect([dayCount(1), dayCount(0), dayCount(15)]).toEqual(['1 day', '0 days', '15 days']);
  });
});

describe('grooming sessions counted (issue 18)', () => {
  it.each([
    [0, '0 grooming sessions'],
    [1, '1 grooming session'],
    [2, '2 grooming sessions'],
    [12, '12 grooming sessions'],
  ])('%i: %s', (n, text) => {
    expect(groomingCount(n)).toBe(text);
  });
});
