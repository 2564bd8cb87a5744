import { describe, expect, it } from 'vitest';
import { periodFromParams, rangeError, rateLabel } from './range';

const today = '2026-10-15';

describe('the takings period from the address', () => {
  it('an admin’s valid range wins; staff get the day', () => {
    expect(periodFromParams({ from: '2026-10-01', to: '2026-10-15' }, today, true)).toEqual({
      date: undefined,
      range: { from: '2026-10-01', to: '2026-10-15' },
    });
    expect(periodFromParams({ from: '2026-10-01', to: '2026-10-15', date: '2026-10-10' }, today, false)).toEqual({
      date: '2026-10-10',
      range: null,
    });
  });

  it('a future or malformed day is today (undefined); a bad range falls back to the day', () => {
    expect(periodFromParams({ date: '2026-10-16' }, today, false).date).toBeUndefined();
    expect(periodFromParams({ date: '15-10-2026' }, today, false).date).toBeUndefined();
    expect(periodFromParams({ from: '2026-10-10', to: '2026-10-01' }, today, true).range).toBeNull();
  });

  it('range rules: order, future, at most 366 days', () => {
    expect(rangeError('2026-10-01', '2026-10-15', today)).toBeNull();
    expect(rangeError('2026-10-10', '2026-10-01', today)).toBe('From must be on or before to');
    expect(rangeError('2026-10-01', '2026-10-16', today)).toBe('The date cannot be in the future');
    expect(rangeError('2025-10-14', '2026-10-15', today)).toBe('A range can be at most one financial year (366 days)');
    expect(rangeError('2025-10-15', '2026-10-15', today)).toBeNull();
  });

  it('rates', () => {
    expect(rateLabel(null)).toBe('Exempt');
    expect(rateLabel(18)).toBe('18%');
  });
});
