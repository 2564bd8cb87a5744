import { describe, expect, it } from 'vitest';
import { differenceText, expectedBreakdown, previewDifference, signedINR } from './drawer-figures';

describe('the cash drawer figures', () => {
  it('reads the difference as balanced, over or short, to the paisa', () => {
    expect(differenceText(null)).toBeNull();
    expect(differenceText(0)).toEqual({ text: 'Balanced', color: 'teal' });
    expect(differenceText(-10.25)).toEqual({ text: 'Short by ₹10.25', color: 'red' });
    expect(differenceText(1234.5)).toEqual({ text: 'Over by ₹1,234.50', color: 'orange' });
  });

  it('previews counted − expected in paise (no floating-point crumbs)', () => {
    expect(previewDifference(2600.25, 2590)).toEqual({ text: 'Short by ₹10.25', color: 'red' });
    expect(previewDifference(0.3, 0.1 + 0.2)).toEqual({ text: 'Balanced', color: 'teal' });
    expect(previewDifference(100.1, 100.2)).toEqual({ text: 'Over by ₹0.10', color: 'orange' });
    expect(previewDifference(100, undefined)).toBeNull();
    expect(previewDifference(100, Number.NaN)).toBeNull();
  });

  it('explains the expected cash', () => {
    expect(expectedBreakdown({ float: 2000, cashIn: 700.5, cashOut: 100.25 })).toBe(
      'Float ₹2,000.00 + cash taken ₹700.50 − cash refunded ₹100.25',
    );
  });

  it('signs the difference before the rupee', () => {
    expect(signedINR(-10.5)).toBe('−₹10.50');
    expect(signedINR(100000)).toBe('+₹1,00,000.00');
    expect(signedINR(0)).toBe('₹0.00');
  });
});
