/**
 * The boarding packages on offer (issue 16): the business's '15 Days Boarding Plan' (Hostel, 15 days, ₹11,500 per
 * pet) on every database, the lists staff and customers read, and the admin's changes on the Prices screen
 * (audited; an activated package keeps what it was activated with).
 */
import { PACKAGE_MESSAGES as M } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, boardingPackages } from '../../db/schema/index.ts';
import { installReferenceData } from '../../db/seed/reference.ts';
import { DEFAULT_PACKAGE_ID, NOON, topUp, usePackageTest } from '../../../test/package-kit.ts';

const { t, staff, customer, types, db, get, post, adminToken, family, offer, activated } = usePackageTest();

const put = (url: string, payload: object, token: string) => t.call({ method: 'PUT', url: `/api/v1${url}`, payload, token });
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'package'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);

describe('the packages on offer', () => {
  it('installs the business’s package on a fresh database, once, with the id migration 0012 gives it', async () => {
    const res = await get('/packages', staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().packages).toContainEqual({
      _id: DEFAULT_PACKAGE_ID,
      name: '15 Days Boarding Plan',
      boardingType: { _id: types.hostel!.id, purpose: 'Hostel' },
      days: 15,
      price: 11500,
      dailyCharge: 766.66,
      active: true,
    });
    await installReferenceData(db());
    const rows = await db().select().from(boardingPackages).where(eq(boardingPackages.name, '15 Days Boarding Plan'));
    expect(rows.map((r) => r.id)).toEqual([DEFAULT_PACKAGE_ID]);
  });

  it('lists retired packages to staff (and only those on offer with active=1 and to customers)', async () => {
    const retired = await offer({ active: false, name: 'Zz Retired Package' });
    const all = (await get('/packages', staff.token)).json().packages.map((p: any) => p._id);
    expect(all).toContain(retired.id);
    expect(all.indexOf(retired.id)).toBeGreaterThan(all.indexOf(DEFAULT_PACKAGE_ID));
    expect((await get('/packages?active=1', staff.token)).json().packages.map((p: any) => p._id)).not.toContain(retired.id);
    const mine = await get('/customer/packages', customer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().packages.map((p: any) => p._id)).toContain(DEFAULT_PACKAGE_ID);
    expect(mine.json().packages.map((p: any) => p._id)).not.toContain(retired.id);
    expect((await get('/customer/packages', staff.token)).statusCode).toBe(403);
    expect((await get('/packages', customer.token)).statusCode).toBe(403);
  });
});

describe('admins define packages (Prices screen), audited', () => {
  it('creates, changes, retires and restores a package; each change is in the audit log with before and after', async () => {
    const created = await post(
      '/admin/packages',
      { name: '30 Days Day Care', boardingType: types.day_care!.id, days: 30, price: 20000 },
      adminToken(),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(M.created);
    const p = created.json().package;
    expect(p).toMatchObject({
      name: '30 Days Day Care',
      boardingType: { purpose: 'Day Care' },
      days: 30,
      price: 20000,
      dailyCharge: 666.66,
    });

    const changed = await put(`/admin/packages/${p._id}`, { price: 21000, days: 30 }, adminToken());
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: M.saved, package: { price: 21000, dailyCharge: 700 } });
    const same = await put(`/admin/packages/${p._id}`, { price: 21000 }, adminToken());
    expect(same.statusCode).toBe(200);
    const retired = await post(`/admin/packages/${p._id}/retire`, {}, adminToken());
    expect(retired.json()).toMatchObject({ message: M.retiredOffer, package: { active: false } });
    const restored = await post(`/admin/packages/${p._id}/restore`, {}, adminToken());
    expect(restored.json()).toMatchObject({ message: M.restored, package: { active: true } });

    const audit = await auditOf(p._id);
    expect(audit.map((a) => [a.action, a.data])).toEqual([
      ['package.create', { before: null, after: { name: '30 Days Day Care', boardingType: 'Day Care', days: 30, price: 20000 } }],
      ['package.update', { before: { price: 20000 }, after: { price: 21000 } }],
      ['package.retire', { before: { active: true }, after: { active: false } }],
      ['package.restore', { before: { active: false }, after: { active: true } }],
    ]);
  });

  it('answers bad input with 400 and a clear message, unknown packages with 404, staff with 403', async () => {
    const dogPark = await post(
      '/admin/packages',
      { name: 'Park Pack', boardingType: types.dog_park!.id, days: 5, price: 1000 },
      adminToken(),
    );
    expect(dogPark.statusCode).toBe(400);
    expect(dogPark.json().message).toBe(M.boardingTypeOnly);
    const cases: [object, string][] = [
      [{ boardingType: types.hostel!.id, days: 15, price: 11500 }, M.nameRequired],
      [{ name: 'X', days: 15, price: 11500 }, M.boardingTypeRequired],
      [{ name: 'X', boardingType: types.hostel!.id, days: 0, price: 11500 }, 'Days must be at least 1'],
      [{ name: 'X', boardingType: types.hostel!.id, days: 367, price: 11500 }, 'Days must be at most 366'],
      [{ name: 'X', boardingType: types.hostel!.id, days: 15, price: 0 }, M.priceZero],
      [{ name: 'X', boardingType: types.hostel!.id, days: 15, price: 0.14 }, M.pricePerDay],
    ];
    for (const [body, message] of cases) {
      const res = await post('/admin/packages', body, adminToken());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const p = await offer({ days: 10, pricePaise: 10 });
    const tooCheap = await put(`/admin/packages/${p.id}`, { days: 11 }, adminToken());
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json().message).toBe(M.pricePerDay);
    expect((await put(`/admin/packages/${p.id}`, {}, adminToken())).statusCode).toBe(400);
    expect((await put('/admin/packages/0123456789abcdef01234567', { price: 1 }, adminToken())).statusCode).toBe(404);
    expect((await post('/admin/packages/0123456789abcdef01234567/retire', {}, adminToken())).statusCode).toBe(404);
    expect((await put(`/admin/packages/${p.id}`, { price: 12000 }, staff.token)).statusCode).toBe(403);
    expect(
      (await post('/admin/packages', { name: 'S', boardingType: types.hostel!.id, days: 1, price: 1 }, staff.token)).statusCode,
    ).toBe(403);
  });

  it('an activated package keeps the name, days and price it was activated with', async () => {
    t.clock.set(NOON);
    const p = await offer({ days: 10, pricePaise: 1_000_000 });
    const f = await family(1);
    await topUp(t, f.owner.id, 500_000);
    const pkg = await activated(f, p.id);
    await put(`/admin/packages/${p.id}`, { price: 20000, days: 20, name: 'Renamed' }, adminToken());
    await post(`/admin/packages/${p.id}/retire`, {}, adminToken());
    const view = (await get(`/packages/owner/${f.owner.id}`, staff.token)).json().packages[0];
    expect(view).toMatchObject({ _id: pkg._id, name: p.name, days: 10, price: 10000, status: 'active', charged: 1000 });
  });
});
