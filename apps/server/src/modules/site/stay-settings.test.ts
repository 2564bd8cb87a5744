import { DEFAULT_STAY_SETTINGS } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { writeSetting } from './settings.repo.ts';
import { STAY_SETTINGS_KEY, staySettings } from './settings.service.ts';

/** The desk's stay settings (issue 18): read by staff, changed by admins field by field, audited. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const admin = { token: '' };
const db = () => t.database.db;
const put = (payload: object, token = admin.token) => t.call({ method: 'PUT', url: '/api/v1/settings/stays', payload, token });

describe('stay settings', () => {
  it('staff read the defaults: calendar days, 12:00, 5 hours, 2 days, the switch-over settings off', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/settings/stays', token: staff.token });
    expect(res.json()).toEqual({ success: true, settings: DEFAULT_STAY_SETTINGS });
  });

  it('an admin changes some settings, the others stay, and the change is audited with only what changed', async () => {
    admin.token = (await t.user('staff', { isAdmin: true })).token;
    const res = await put({ countingRule: 'nights', checkOutTime: '11:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Stay settings saved',
      settings: { ...DEFAULT_STAY_SETTINGS, countingRule: 'nights', checkOutTime: '11:00' },
    });
    expect((await staySettings(db())).countingRule).toBe('nights');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.stays'), eq(auditLog.entityId, STAY_SETTINGS_KEY)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({
      before: { countingRule: 'calendar_days', checkOutTime: '12:00' },
      after: { countingRule: 'nights', checkOutTime: '11:00' },
    });
    // The same values again write nothing.
    expect((await put({ countingRule: 'nights' })).statusCode).toBe(200);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'settings.stays'))).toHaveLength(1);
  });

  it.each([
    [{ countingRule: 'hours' }, 'countingRule', 'Choose calendar days or nights'],
    [{ checkOutTime: '12.00' }, 'checkOutTime', 'Enter a time as HH:MM (24-hour)'],
    [{ halfDayMaxHours: 0 }, 'halfDayMaxHours', 'A half day is at least 1 hour'],
    [{ halfDayMaxHours: 2.5 }, 'halfDayMaxHours', 'Enter whole hours'],
    [{ freeCancellationDays: -1 }, 'freeCancellationDays', 'Days cannot be negative'],
    [{ legacyDeboardRecordsPayment: 'yes' }, 'legacyDeboardRecordsPayment', undefined],
  ])('refuses %o with a 400 naming the field, and writes nothing', async (body, field, message) => {
    const before = await staySettings(db());
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string>;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
    expect(await staySettings(db())).toEqual(before);
  });

  it('refuses an empty change and an unknown field', async () => {
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ countingRule: 'nights', surprise: 1 })).statusCode).toBe(400);
  });

  it('staff who are not admins cannot change them', async () => {
    expect((await put({ countingRule: 'nights' }, staff.token)).statusCode).toBe(403);
  });

  it('a stored value with a bad or missing field reads that field as its default', async () => {
    await writeSetting(db(), STAY_SETTINGS_KEY, { countingRule: 'nights', halfDayMaxHours: 'five' });
    expect(await staySettings(db())).toEqual({ ...DEFAULT_STAY_SETTINGS, countingRule: 'nights' });
  });
});
