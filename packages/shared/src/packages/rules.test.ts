import { describe, expect, it } from 'vitest';
import { estimatedDaysLeft, isLowBalance, packageDayShare, packageDaysDue, packageNeeds, packageSharesAhead } from './rules.ts';

const P = 1_150_000; // ₹11,500 per pet
const D = 15;

describe('packageDayShare: floor(P·n/D) − floor(P·(n−1)/D)', () => {
  it('charges 15 days of ₹11,500 to exactly 1150000 paise (not 15 × ₹766.67 = ₹11,500.05)', () => {
    const shares = Array.from({ length: D }, (_, i) => packageDayShare(P, D, i + 1));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1_150_000);
    expect(new Set(shares)).toEqual(new Set([76_666, 76_667]));
    expect(shares.filter((s) => s === 76_667)).toHaveLength(10);
    expect(shares.slice(0, 3)).toEqual([76_666, 76_667, 76_667]);
  });

  it.each([
    [1, 1],
    [100, 3],
    [1, 7],
    [999_999, 366],
    [10_000_000_000, 366],
    [1_150_000, 15],
    [12_000_000, 30],
  ])('sums to the price for P=%i over D=%i days, each share within a paisa of P/D', (p, d) => {
    let sum = 0;
    for (let n = 1; n <= d; n++) {
      const s = packageDayShare(p, d, n);
      expect(Math.abs(s - p / d)).toBeLessThan(1);
      sum += s;
    }
    expect(sum).toBe(p);
  });

  it('is 0 outside days 1..D', () => {
    expect(packageDayShare(P, D, 0)).toBe(0);
    expect(packageDayShare(P, D, 16)).toBe(0);
    expect(packageDayShare(P, D, 1.5)).toBe(0);
  });
});

describe('packageDaysDue', () => {
  it('lists day 1 on the start date and one day per business day after it', () => {
    expect(packageDaysDue({ startDate: '2026-12-30', daysCharged: 0 }, D, '2026-12-30')).toEqual([
      { dayNumber: 1, businessDate: '2026-12-30' },
    ]);
    expect(packageDaysDue({ startDate: '2026-12-30', daysCharged: 1 }, D, '2026-12-30')).toEqual([]);
  });

  it('catches up the days missed (server down for 3 days)', () => {
    expect(packageDaysDue({ startDate: '2026-12-30', daysCharged: 2 }, D, '2027-01-03')).toEqual([
      { dayNumber: 3, businessDate: '2027-01-01' },
      { dayNumber: 4, businessDate: '2027-01-02' },
      { dayNumber: 5, businessDate: '2027-01-03' },
    ]);
  });

  it('never goes beyond D days, and nothing is due while waiting for check-in', () => {
    expect(packageDaysDue({ startDate: '2026-01-01', daysCharged: 13 }, D, '2026-03-01').map((d) => d.dayNumber)).toEqual([
      14, 15,
    ]);
    expect(packageDaysDue({ startDate: '2026-01-01', daysCharged: 15 }, D, '2026-03-01')).toEqual([]);
    expect(packageDaysDue({ startDate: null, daysCharged: 0 }, D, '2026-03-01')).toEqual([]);
  });
});

describe('what the wallet must hold', () => {
  it('next day and next two days for the live pets, capped at D', () => {
    expect(packageSharesAhead(P, D, 0, 1)).toBe(76_666);
    expect(packageSharesAhead(P, D, 14, 2)).toBe(packageDayShare(P, D, 15));
    expect(packageNeeds(P, D, [{ daysCharged: 0 }, { daysCharged: 1 }])).toEqual({
      nextPaise: 76_666 + 76_667,
      twoDaysPaise: 76_666 + 76_667 + 76_667 + 76_667,
    });
    expect(packageNeeds(P, D, [{ daysCharged: 15 }])).toEqual({ nextPaise: 0, twoDaysPaise: 0 });
  });

  it('estimated days left = floor(balance / daily charge); low below two days', () => {
    expect(estimatedDaysLeft(230_000, 76_667)).toBe(2);
    expect(estimatedDaysLeft(0, 76_667)).toBe(0);
    expect(estimatedDaysLeft(10, 0)).toBeNull();
    expect(isLowBalance(153_332, 153_333)).toBe(true);
    expect(isLowBalance(153_333, 153_333)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(false);
  });
});

describe('edges found by mutation testing', () => {
  it('no charge ahead is never a low balance, even below zero', () => {
    expect(isLowBalance(-100, 0)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(false);
  });
});
