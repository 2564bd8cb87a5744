import { describe, expect, it } from 'vitest';
import { formatINR, formatRs, hasAtMostTwoDecimals, perUnitPaise, toPaise, toRupees, twoDecimals } from './money.ts';

describe('money', () => {
  it.each([
    [0, 0],
    [1, 100],
    [1.1, 110],
    [0.29, 29],
    [1234.56, 123456],
    [-2.5, -250],
    [19.999, 2000],
  ])('toPaise(%s) = %s', (r, p) => expect(toPaise(r)).toBe(p));

  it('converts back to rupees', () => expect(toRupees(123456)).toBe(1234.56));

  it.each([
    [1234, '₹1,234.00'],
    [123456.5, '₹1,23,456.50'],
    [0, '₹0.00'],
    [null, '₹0.00'],
  ])('formatINR(%s) = %s (Indian grouping)', (v, s) => expect(formatINR(v)).toBe(s));

  it('formats the inventory style and bare two decimals', () => {
    expect(formatRs(12.5)).toBe('Rs. 12.50');
    expect(twoDecimals(3)).toBe('3.00');
  });

  it.each([
    [1, true],
    [1.25, true],
    [0.1 + 0.2, true],
    [1.255, false],
    [Number.NaN, false],
    [1e-8, false], // 1e-8 × 100 is exactly the 1e-6 tolerance: not two decimals
  ])('hasAtMostTwoDecimals(%s) = %s', (n, ok) => expect(hasAtMostTwoDecimals(n)).toBe(ok));
});

describe('perUnitPaise: one unit’s share, rounded once to the paisa (halves up)', () => {
  it.each([
    [200000, 2, 100000],
    [100000, 3, 33333], // 33333.33… down
    [200000, 3, 66667], // 66666.66… up
    [100, 8, 13], // 12.5: the half goes up
    [300, 8, 38], // 37.5 up
    [99, 2, 50], // 49.5 up
    [1, 3, 0], // 0.33 down
    [2, 3, 1], // 0.67 up
    [0, 5, 0],
    [2500000, 30, 83333], // ₹25,000 over 30 days
    [-100, 8, -13], // halves away from zero, like toPaise
    [99_999_999_999, 7, 14_285_714_286],
  ])('%i over %i units → %i', (total, units, share) => expect(perUnitPaise(total, units)).toBe(share));

  it('is exact where floating-point division is not', () => {
    // 201 over 2 is exactly 100.5 → 101; a big total keeps every paisa.
    expect(perUnitPaise(201, 2)).toBe(101);
    expect(perUnitPaise(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    [100, 0],
    [100, -1],
    [100, 1.5],
    [10.5, 2],
    [Number.NaN, 2],
  ])('refuses %s over %s units', (total, units) => expect(() => perUnitPaise(total, units)).toThrow(RangeError));

  it('says which argument is wrong', () => {
    expect(() => perUnitPaise(10.5, 2)).toThrow('perUnitPaise: 10.5 is not a whole number of paise');
    expect(() => perUnitPaise(100, 0)).toThrow('perUnitPaise: 0 units (must be at least 1)');
  });
});
