import { addDays } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { makePet } from '../../../test/factories.ts';
import { type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';

/** POST /boarding/admissioncheck and the core vaccines settings (issue 11). The sales' 409 is in visits/. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) =>
  t.call({ method, url: `/api/v1${url}`, payload: payload as object, token });
const check = (petId: string, token = staff.token) => call('POST', '/boarding/admissioncheck', { _id: petId }, token);
const putCore = (names: unknown, token = admin.token) => call('PUT', '/admin/core-vaccines', { names }, token);

describe('POST /boarding/admissioncheck', () => {
  it('ok for an adult dog with the core vaccines, and for any pet that is not a dog', async () => {
    const dog = await makePet(db(), { dob: '2020-01-01' });
    expect((await check(dog.id)).json()).toEqual({ success: true, ok: true, missing: [] });
    const cat = await makePet(db(), { species: 'cat', dob: t.clock.today(), vaccinations: [] });
    expect((await check(cat.id)).json()).toEqual({ success: true, ok: true, missing: [] });
  });

  it('lists what is missing: age, a core vaccine with no record, one overdue', async () => {
    const today = t.clock.today();
    const dob = addDays(today, -30);
    const pup = await makePet(db(), {
      dob,
      vaccinations: [{ name: 'DHPPiL', numberOfDose: 1, givenOn: addDays(today, -20), nextDue: addDays(today, -1) }],
    });
    const res = await check(pup.id);
    expect(res.statusCode).toBe(200);
    const { missing, ok } = res.json();
    expect(ok).toBe(false);
    expect(missing).toHaveLength(3);
    expect(missing[0]).toMatch(/^Under 4 months old \(born \d{1,2} \w{3} \d{4}\)$/);
    expect(missing[1]).toBe('No record of Rabies');
    expect(missing[2]).toMatch(/^DHPP was due on /);
  });

  it('follows the clock: a due date that passes flags the pet from the next day', async () => {
    const today = t.clock.today();
    const dog = await makePet(db(), {
      dob: '2020-01-01',
      vaccinations: [{ name: 'Rabies', nextDue: today }, { name: 'DHPP' }],
    });
    expect((await check(dog.id)).json().ok).toBe(true);
    t.clock.advanceDays(1);
    try {
      expect((await check(dog.id)).json().missing).toEqual([expect.stringMatching(/^Rabies was due on /)]);
    } finally {
      t.clock.set(null);
    }
  });

  it('400 for a malformed id, 404 for an unknown pet, 401 anonymous, 403 customer', async () => {
    const bad = await check('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ _id: 'Invalid id' });
    expect((await call('POST', '/boarding/admissioncheck', {}, staff.token)).statusCode).toBe(400);
    expect((await check('fedcba9876543210fedcba98')).statusCode).toBe(404);
    const dog = await makePet(db());
    expect((await call('POST', '/boarding/admissioncheck', { _id: dog.id })).statusCode).toBe(401);
    expect((await check(dog.id, customer.token)).statusCode).toBe(403);
  });
});

describe('core vaccines: GET /settings/core-vaccines, PUT /admin/core-vaccines', () => {
  const audits = () =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'core_vaccines')));

  it('defaults to Rabies and DHPP; an admin replaces them (audited) and the rule follows', async () => {
    expect((await call('GET', '/settings/core-vaccines', undefined, staff.token)).json()).toEqual({
      success: true,
      names: ['Rabies', 'DHPP'],
    });
    const dog = await makePet(db(), { vaccinations: [{ name: 'Rabies' }, { name: 'DHPP' }] });
    const res = await putCore([' Rabies ', 'Leptospirosis']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Core vaccines saved', names: ['Rabies', 'Leptospirosis'] });
    expect((await call('GET', '/settings/core-vaccines', undefined, staff.token)).json().names).toEqual([
      'Rabies',
      'Leptospirosis',
    ]);
    expect((await check(dog.id)).json().missing).toEqual(['No record of Leptospirosis']);
    const [entry] = await audits();
    expect(entry).toMatchObject({
      userId: admin.id,
      action: 'settings.core_vaccines',
      data: { before: { names: ['Rabies', 'DHPP'] }, after: { names: ['Rabies', 'Leptospirosis'] } },
    });
    // The same list again changes nothing and records nothing.
    expect((await putCore(['Rabies', 'Leptospirosis'])).statusCode).toBe(200);
    expect(await audits()).toHaveLength(1);
    expect((await putCore(['Rabies', 'DHPP'])).statusCode).toBe(200);
  });

  it('refuses an empty list, more than 10, duplicates (any case) and blank names, changing nothing', async () => {
    const before = (await call('GET', '/settings/core-vaccines', undefined, staff.token)).json().names;
    const cases: [unknown, string][] = [
      [[], 'Name at least one core vaccine'],
      [Array.from({ length: 11 }, (_, i) => `V${i}`), 'At most 10 core vaccines'],
      [['Rabies', 'RABIES'], 'RABIES is named twice'],
      [['Rabies', '  '], 'Vaccine name is required'],
      ['Rabies', 'Name at least one core vaccine'],
    ];
    for (const [names, message] of cases) {
      const res = await putCore(names);
      expect(res.statusCode, JSON.stringify(names)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', '/settings/core-vaccines', undefined, staff.token)).json().names).toEqual(before);
  });

  it('staff read, only admins change: 401 anonymous, 403 customer, 403 staff who are not admins', async () => {
    expect((await call('GET', '/settings/core-vaccines')).statusCode).toBe(401);
    expect((await call('GET', '/settings/core-vaccines', undefined, customer.token)).statusCode).toBe(403);
    expect((await call('PUT', '/admin/core-vaccines', { names: ['Rabies'] })).statusCode).toBe(401);
    expect((await putCore(['Rabies'], customer.token)).statusCode).toBe(403);
    expect((await putCore(['Rabies'], staff.token)).statusCode).toBe(403);
  });
});
