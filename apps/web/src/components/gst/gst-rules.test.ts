import { DEFAULT_GST_RATES, gstinCheckChar } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import {
  addRateProblem,
  gstSummaryText,
  OWNER_STATE_OPTIONS,
  rateOptions,
  rateStatus,
  removing,
  retiring,
  stateAfterGstin,
  withRate,
} from './gst-rules';

const TODAY = '2026-11-25';
const rates = DEFAULT_GST_RATES.map((r) => ({ ...r }));

describe('GST form rules', () => {
  it('offers the rates in force today; keeps a record’s own retired rate, marked', () => {
    expect(rateOptions(rates, TODAY).map((o) => o.label)).toEqual(['0%', '5%', '18%', '40%']);
    expect(rateOptions(rates, TODAY, 18).map((o) => o.value)).toEqual(['0', '5', '18', '40']);
    expect(rateOptions(rates, TODAY, 12).at(-1)).toEqual({ value: '12', label: '12% (no longer in force)' });
  });

  it('tells a rate’s status', () => {
    expect(rateStatus({ percent: 18 }, TODAY)).toBe('in-force');
    expect(rateStatus({ percent: 12, retiredOn: '2025-09-22' }, TODAY)).toBe('retired');
    expect(rateStatus({ percent: 3, effectiveFrom: '2027-04-01' }, TODAY)).toBe('upcoming');
  });

  it('adds a rate (sorted), refusing a duplicate, a bad percent or too many decimals', () => {
    expect(addRateProblem(rates, 3, '')).toBeNull();
    expect(withRate(rates, 3, '2027-04-01').map((r) => r.percent)).toEqual([0, 3, 5, 12, 18, 28, 40]);
    expect(withRate(rates, 3, '2027-04-01')[1]).toEqual({ percent: 3, effectiveFrom: '2027-04-01' });
    expect(addRateProblem(rates, 18, '')).toBe('18% is already in the list');
    // 12 % was retired on 22 Sep 2025: it may come back from a later day.
    expect(addRateProblem(rates, 12, '2026-12-01')).toBeNull();
    expect(addRateProblem(rates, 101, '')).toBe('A rate is from 0 to 100%');
    expect(addRateProblem(rates, 5.125, '')).toBe('A rate has at most two decimals');
    expect(addRateProblem(rates, '', '')).toBe('Enter the rate in percent');
  });

  it('retires or removes one rate and leaves the others', () => {
    const i = rates.findIndex((r) => r.percent === 40);
    expect(retiring(rates, i, '2027-01-01')[i]).toEqual({ percent: 40, effectiveFrom: '2025-09-22', retiredOn: '2027-01-01' });
    expect(removing(rates, i).map((r) => r.percent)).not.toContain(40);
    expect(removing(rates, i)).toHaveLength(rates.length - 1);
  });
});

describe('gstSummaryText', () => {
  it('says exempt, not taxed, included or on top', () => {
    const base = { gstRate: 18, gstExempt: false, priceIncludesTax: true };
    expect(gstSummaryText(base)).toBe('18%, included');
    expect(gstSummaryText({ ...base, priceIncludesTax: false })).toBe('18% on top');
    expect(gstSummaryText({ ...base, gstRate: 0 })).toBe('Not taxed');
    expect(gstSummaryText({ ...base, gstExempt: true })).toBe('Exempt');
  });
});

describe('the owner form: state from the GSTIN', () => {
  it('takes the state of a valid GSTIN, keeps the state while the GSTIN is incomplete or wrong', () => {
    const g = `07AAACB1234C1Z${gstinCheckChar('07AAACB1234C1Z')}`;
    expect(stateAfterGstin(g.toLowerCase(), '06')).toBe('07');
    expect(stateAfterGstin('07AAAC', '06')).toBe('06');
    expect(stateAfterGstin('', '')).toBe('');
    expect(OWNER_STATE_OPTIONS.find((o) => o.value === '06')?.label).toBe('06 Haryana');
    expect(OWNER_STATE_OPTIONS.some((o) => o.value === '97' || o.value === '25')).toBe(false);
  });
});
