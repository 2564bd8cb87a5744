import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gstinCheckChar } from './codes.ts';
import { DEFAULT_GST_RATES } from './gst.ts';
import {
  GST_MSG,
  gstinStateProblem,
  gstSettingsBody,
  itemGstFields,
  ownerGstFields,
  selectableGstRates,
  visitTypeGstFields,
} from './settings.ts';

const owner = z.object(ownerGstFields);
const type = z.object(visitTypeGstFields);
const item = z.object(itemGstFields);
const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const msg = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('GST settings schemas', () => {
  it('the rate list in force today is 0, 5, 18, 40 (12 and 28 retired on 22 Sep 2025)', () => {
    expect(selectableGstRates(DEFAULT_GST_RATES, '2026-11-25')).toEqual([0, 5, 18, 40]);
    expect(selectableGstRates(DEFAULT_GST_RATES, '2025-09-21')).toEqual([0, 5, 12, 18, 28]);
    expect(GST_MSG.rateNotInList([0, 5, 18, 40])).toBe('GST rate must be one of 0, 5, 18, 40%');
  });

  it('owner GSTIN: checksum checked ("Enter a valid GSTIN"), upper-cased, blank clears, absent leaves', () => {
    const good = gstin('06AAACB1234C1Z');
    expect(owner.parse({ gstin: good.toLowerCase() }).gstin).toBe(good);
    const bad = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
    expect(msg(owner.safeParse({ gstin: bad }))).toBe('Enter a valid GSTIN');
    expect(msg(owner.safeParse({ gstin: '06AAACB' }))).toBe('Enter a valid GSTIN');
    expect(owner.parse({ gstin: '  ' }).gstin).toBeNull();
    expect(owner.parse({ gstin: null, stateCode: '' })).toEqual({ gstin: null, stateCode: null });
    expect(owner.parse({})).toEqual({});
    expect(msg(owner.safeParse({ stateCode: '42' }))).toMatch(/Unknown state code/);
  });

  it('a GSTIN must be of the state given', () => {
    const good = gstin('06AAACB1234C1Z');
    expect(gstinStateProblem(good, '06')).toBeNull();
    expect(gstinStateProblem(good, '07')).toBe('The GSTIN is registered in Haryana (06), not Delhi (07)');
    expect(gstinStateProblem(null, '07')).toBeNull();
  });

  it('SAC and HSN shapes', () => {
    expect(type.parse({ sacCode: '999312' }).sacCode).toBe('999312');
    expect(msg(type.safeParse({ sacCode: '12345' }))).toBe('SAC code must be 6 digits starting with 99');
    expect(type.parse({ sacCode: '' }).sacCode).toBeNull();
    expect(item.parse({ hsnCode: '2309' }).hsnCode).toBe('2309');
    expect(msg(item.safeParse({ hsnCode: '99931' }))).toMatch(/HSN code must be 4, 6 or 8 digits/);
    expect(msg(item.safeParse({ hsnCode: '999312' }))).toMatch(/HSN code/);
    expect(msg(type.safeParse({ gstRate: 18.123 }))).toMatch(/at most two decimals/);
  });

  it('the rate list: dates in order, no rate twice for the same days', () => {
    expect(gstSettingsBody.safeParse({ rates: [{ percent: 0 }, { percent: 18 }] }).success).toBe(true);
    expect(msg(gstSettingsBody.safeParse({ rates: [{ percent: 18 }, { percent: 18 }] }))).toMatch(/listed twice/);
    expect(
      msg(gstSettingsBody.safeParse({ rates: [{ percent: 5, effectiveFrom: '2026-01-01', retiredOn: '2026-01-01' }] })),
    ).toMatch(/retired after/);
    expect(msg(gstSettingsBody.safeParse({ rates: [{ percent: 101 }] }))).toMatch(/0 to 100/);
    expect(msg(gstSettingsBody.safeParse({ rates: [{ percent: 5, retiredOn: '2026-02-30' }] }))).toMatch(/Invalid date/);
    expect(msg(gstSettingsBody.safeParse({ rates: [] }))).toMatch(/at least one/);
  });
});
