import { describe, expect, it } from 'vitest';
import { firstDayShare } from './package-rules';

describe('package daily share shown on the Prices screen', () => {
  it("names the '15 Days Boarding Plan' shares: ₹766.66 or ₹766.67 a day per pet", () => {
    expect(firstDayShare(11500, 15)).toEqual({ low: 766.66, high: 766.67 });
  });
  it('one amount when the price divides evenly', () => {
    expect(firstDayShare(1500, 15)).toEqual({ low: 100, high: 100 });
  });
  it.each([
    [0, 15],
    [11500, 0],
    [11500, 1.5],
    [Number.NaN, 15],
    [10.001, 3],
  ])('nothing for price %s over %s days', (price, days) => {
    expect(firstDayShare(price, days)).toBeNull();
  });
});
