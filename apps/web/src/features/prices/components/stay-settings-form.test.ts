import { DEFAULT_STAY_SETTINGS } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { changedFields, formOf, ruleExplained, stayPatch } from './stay-settings-form';

const saved = DEFAULT_STAY_SETTINGS;

describe('the stay settings card: what is saved', () => {
  it('nothing changed: an empty patch and no changed field', () => {
    expect(changedFields(saved, formOf(saved))).toEqual([]);
    expect(stayPatch(saved, formOf(saved))).toEqual({ ok: true, patch: {} });
  });

  it('only the changed fields are sent, numbers typed as text parsed', () => {
    const f = { ...formOf(saved), countingRule: 'nights' as const, checkOutTime: '11:00', halfDayMaxHours: '4' };
    expect(changedFields(saved, f)).toEqual(['countingRule', 'checkOutTime', 'halfDayMaxHours']);
    expect(stayPatch(saved, f)).toEqual({
      ok: true,
      patch: { countingRule: 'nights', checkOutTime: '11:00', halfDayMaxHours: 4 },
    });
  });

  it('the switch-over settings are sent as they are switched', () => {
    const f = { ...formOf(saved), legacyDeboardRecordsPayment: true };
    expect(stayPatch(saved, f)).toEqual({ ok: true, patch: { legacyDeboardRecordsPayment: true } });
  });

  it.each([
    [{ halfDayMaxHours: '' }, 'halfDayMaxHours', 'Enter the longest half day in hours'],
    [{ halfDayMaxHours: 13 }, 'halfDayMaxHours', 'A half day is at most 12 hours'],
    [{ halfDayMaxHours: 2.5 }, 'halfDayMaxHours', 'Enter whole hours'],
    [{ freeCancellationDays: -1 }, 'freeCancellationDays', 'Days cannot be negative'],
    [{ checkOutTime: '' }, 'checkOutTime', 'Enter a time as HH:MM (24-hour)'],
    [{ checkOutTime: '25:00' }, 'checkOutTime', 'Enter a time as HH:MM (24-hour)'],
  ])('%o is refused with the message of its field', (change, field, message) => {
    const r = stayPatch(saved, { ...formOf(saved), ...change });
    expect(r).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('explains the rule chosen, with the check-out time', () => {
    expect(ruleExplained({ countingRule: 'calendar_days', checkOutTime: '12:00' })).toMatch(/day it comes in is day 1.*3 days/);
    expect(ruleExplained({ countingRule: 'nights', checkOutTime: '11:00' })).toMatch(/after 11:00.*half-day price.*2 nights/);
  });
});
