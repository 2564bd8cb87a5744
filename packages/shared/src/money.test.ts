import { describe, expect, it } from 'vitest';
import { formatINR, formatRs, hasAtMostTwoDecimals, toPaise, toRupees, twoDecimals } from './money.ts';

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
  ])('hasAtMostTwoDecimals(%s) = %s', (n, ok) => expect(hasAtMostTwoDecimals(n)).toBe(ok));
});
