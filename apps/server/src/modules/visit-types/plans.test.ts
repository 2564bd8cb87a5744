import { auditPageResponse, planSaved, plansResponse } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, subscriptions } from '../../db/schema/index.ts';
import { makePet, makePlan, makeVisitType } from '../../../test/factories.ts';
import { type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true, fullName: 'Meera Admin' });
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, payload: payload as object });
const subscriptionType = () => makeVisitType(t.database.db, { hasSubscription: true });
const planAudit = (entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'plan'), eq(auditLog.entityId, entityId)));
const offeredIds = async (visitType: string) =>
  plansResponse
    .parse((await call('GET', `/subscription/getallsubscription?visitType=${visitType}`, customer.token)).json())
    .subscriptionPlans.map((p) => p._id);

describe('POST /admin/plans', () => {
  it('creates a plan on offer at once, with its audit entry', async () => {
    const type = await subscriptionType();
    const res = await call('POST', '/admin/plans', admin.token, {
      visitType: type.id,
      name: ' Weekend Pack ',
      price: 4999.5,
      duration: 60,
      numberOfGroomings: 2,
      validityDays: 90,
    });
    expect(res.statusCode).toBe(201);
    const { message, subscriptionPlan: plan } = planSaved.parse(res.json());
    expect(message).toBe('Plan created');
    expect(plan).toEqual({
      _id: expect.any(String),
      name: 'Weekend Pack',
      price: 4999.5,
      duration: 60,
      validityInDays: 90,
      numberOfGroomings: 2,
      active: true,
      subscriptionType: { _id: type.id, purpose: type.purpose, code: type.code },
    });
    expect(await offeredIds(type.id)).toEqual([plan._id]);
    const [entry] = await planAudit(plan._id);
    expect(entry).toMatchObject({
      userId: admin.id,
      action: 'plan.create',
      data: {
        before: null,
        after: {
          visitType: type.purpose,
          name: 'Weekend Pack',
          price: 4999.5,
          duration: 60,
          numberOfGroomings: 2,
          validityDays: 90,
        },
      },
    });
  });

  it('counts no groomings and no expiry when none are given', async () => {
    const type = await subscriptionType();
    const res = await call('POST', '/admin/plans', admin.token, { visitType: type.id, name: 'Basic', price: 100, duration: 7 });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscriptionPlan).toMatchObject({ numberOfGroomings: 0, validityInDays: null });
  });

  it.each([
    [{ visitType: undefined }, 'visitType', 'Please select a visit type'],
    [{ visitType: 'nope' }, 'visitType', 'Invalid id'],
    [{ name: '' }, 'name', 'Plan name is required'],
    [{ name: 'n'.repeat(101) }, 'name', 'Plan name must be at most 100 characters'],
    [{ price: 0 }, 'price', 'Price must be more than ₹0.00'],
    [{ price: -5 }, 'price', 'Price cannot be negative'],
    [{ price: 'ten' }, 'price', 'Price must be a number'],
    [{ price: 99.999 }, 'price', 'Price can have at most two decimals'],
    [{ duration: 0 }, 'duration', 'Duration (days) must be at least 1'],
    [{ duration: 1.5 }, 'duration', 'Duration (days) must be a whole number'],
    [{ duration: 3651 }, 'duration', 'Duration (days) must be at most 3,650'],
    [{ numberOfGroomings: -1 }, 'numberOfGroomings', 'Number of groomings cannot be negative'],
    [{ numberOfGroomings: 1001 }, 'numberOfGroomings', 'Number of groomings must be at most 1,000'],
    [{ validityDays: 0 }, 'validityDays', 'Validity (days) must be at least 1'],
    [{ validityDays: 3661 }, 'validityDays', 'Validity (days) must be at most 3,660'],
    [{ validityDays: 1.5 }, 'validityDays', 'Validity (days) must be a whole number'],
    [{ validityDays: '30' }, 'validityDays', 'Validity (days) must be a number'],
  ])('refuses %j: %s → %s', async (change, field, message) => {
    const type = await subscriptionType();
    const body = { visitType: type.id, name: 'Plan', price: 100, duration: 30, ...change };
    const res = await call('POST', '/admin/plans', admin.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await offeredIds(type.id)).toEqual([]);
  });

  it('refuses an unknown visit type and one without subscriptions', async () => {
    const body = { name: 'Plan', price: 100, duration: 30 };
    const unknown = await call('POST', '/admin/plans', admin.token, { ...body, visitType: '0123456789abcdef01234567' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { visitType: 'Please select a visit type' } });
    const plain = await makeVisitType(t.database.db, { hasSubscription: false });
    const res = await call('POST', '/admin/plans', admin.token, { ...body, visitType: plain.id });
    expect(res.statusCode).toBe(400);
    const message = 'This visit type has no subscriptions, so it cannot have plans';
    expect(res.json()).toMatchObject({ message, errors: { visitType: message } });
    expect(await offeredIds(plain.id)).toEqual([]);
  });
});

describe('PATCH /admin/plans/{id}', () => {
  it('changes the given fields and audits them before and after', async () => {
    const type = await subscriptionType();
    const plan = await makePlan(t.database.db, type.id, { name: 'Monthly', pricePaise: 1_200_000, durationDays: 30 });
    const res = await call('PATCH', `/admin/plans/${plan.id}`, admin.token, { price: 12500, duration: 30, name: 'Monthly Plus' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Plan saved',
      subscriptionPlan: { name: 'Monthly Plus', price: 12500, duration: 30 },
    });
    const [entry] = await planAudit(plan.id);
    expect(entry).toMatchObject({
      action: 'plan.update',
      data: { before: { name: 'Monthly', price: 12000 }, after: { name: 'Monthly Plus', price: 12500 } },
    });
  });

  it('sets and clears the validity (null: no expiry), audited', async () => {
    const type = await subscriptionType();
    const plan = await makePlan(t.database.db, type.id);
    const set = await call('PATCH', `/admin/plans/${plan.id}`, admin.token, { validityDays: 45 });
    expect(set.statusCode).toBe(200);
    expect(set.json().subscriptionPlan.validityInDays).toBe(45);
    const cleared = await call('PATCH', `/admin/plans/${plan.id}`, admin.token, { validityDays: null });
    expect(cleared.json().subscriptionPlan.validityInDays).toBeNull();
    const entries = await planAudit(plan.id);
    expect(entries.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { before: { validityDays: null }, after: { validityDays: 45 } },
        { before: { validityDays: 45 }, after: { validityDays: null } },
      ]),
    );
  });

  it('refuses an empty change, bad values, and unknown or malformed ids', async () => {
    const type = await subscriptionType();
    const plan = await makePlan(t.database.db, type.id);
    expect((await call('PATCH', `/admin/plans/${plan.id}`, admin.token, {})).json().message).toBe('Nothing to change');
    const bad = await call('PATCH', `/admin/plans/${plan.id}`, admin.token, { price: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ price: 'Price must be more than ₹0.00' });
    const unknown = await call('PATCH', '/admin/plans/0123456789abcdef01234567', admin.token, { price: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Plan not found');
    expect((await call('PATCH', '/admin/plans/nope', admin.token, { price: 5 })).statusCode).toBe(400);
    expect(await planAudit(plan.id)).toHaveLength(0);
  });
});

describe('POST /admin/plans/{id}/retire and /restore', () => {
  it('retires a plan: no longer offered, still on the subscriptions that hold it; restore offers it again', async () => {
    const type = await subscriptionType();
    const plan = await makePlan(t.database.db, type.id, { name: 'Held Plan' });
    const pet = await makePet(t.database.db);
    await t.database.db.insert(subscriptions).values({
      petId: pet.id,
      planId: plan.id,
      visitTypeId: plan.visitTypeId,
      daysLeft: 20,
      groomingsLeft: 1,
      pricePaise: plan.pricePaise,
      durationDays: plan.durationDays,
      firstPaymentDate: '2026-01-01',
      lastPaymentDate: '2026-01-01',
    });

    const retired = await call('POST', `/admin/plans/${plan.id}/retire`, admin.token);
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({
      message: 'Plan retired. Subscriptions that hold it keep it; it is no longer offered.',
      subscriptionPlan: { _id: plan.id, active: false },
    });
    expect(await offeredIds(type.id)).toEqual([]);
    const adminList = (await call('GET', `/admin/plans?visitType=${type.id}`, admin.token)).json().subscriptionPlans;
    expect(adminList).toMatchObject([{ _id: plan.id, active: false }]);
    const held = (await call('GET', `/subscription/petssubscription/${pet.id}`, staff.token)).json().data;
    expect(held).toMatchObject([{ active: true, daysLeft: 20, planId: { _id: plan.id, name: 'Held Plan' } }]);
    // It can no longer be bought at the desk.
    const buy = async () =>
      call('POST', '/subscription/buysubscription', staff.token, {
        petId: (await makePet(t.database.db)).id,
        visitType: type.id,
        planId: plan.id,
        details: { selectedPayment: 'cash', price: 10_000 },
        totalPrice: 10_000,
      });
    const refused = await buy();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ planId: 'This plan is no longer offered. Please select another plan.' });

    // Retiring again changes nothing and writes nothing.
    expect((await call('POST', `/admin/plans/${plan.id}/retire`, admin.token)).statusCode).toBe(200);
    const restored = await call('POST', `/admin/plans/${plan.id}/restore`, admin.token);
    expect(restored.json()).toMatchObject({ message: 'Plan restored. It is offered again.', subscriptionPlan: { active: true } });
    expect(await offeredIds(type.id)).toEqual([plan.id]);
    expect((await buy()).statusCode).toBe(201);
    expect((await planAudit(plan.id)).map((e) => [e.action, e.data])).toEqual(
      expect.arrayContaining([
        ['plan.retire', { before: { active: true }, after: { active: false } }],
        ['plan.restore', { before: { active: false }, after: { active: true } }],
      ]),
    );
    expect(await planAudit(plan.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown plan', async () => {
    const res = await call('POST', '/admin/plans/0123456789abcdef01234567/retire', admin.token);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /admin/audit', () => {
  it("pages one record's changes newest first, with who, before and after", async () => {
    const type = await subscriptionType();
    const plan = await makePlan(t.database.db, type.id, { pricePaise: 10_000 });
    for (const price of [101, 102, 103]) {
      expect((await call('PATCH', `/admin/plans/${plan.id}`, admin.token, { price })).statusCode).toBe(200);
    }
    const first = await call('GET', `/admin/audit?entity=plan&entityId=${plan.id}&limit=2`, admin.token);
    expect(first.statusCode).toBe(200);
    const page1 = auditPageResponse.parse(first.json());
    expect(page1.entries.map((e) => e.after)).toEqual([{ price: 103 }, { price: 102 }]);
    expect(page1.entries[0]).toMatchObject({
      action: 'plan.update',
      entity: 'plan',
      entityId: plan.id,
      user: { _id: admin.id, fullName: 'Meera Admin' },
      before: { price: 102 },
    });
    expect(Date.parse(page1.entries[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await call(
      'GET',
      `/admin/audit?entity=plan&entityId=${plan.id}&limit=2&cursor=${page1.nextCursor}`,
      admin.token,
    );
    const page2 = auditPageResponse.parse(second.json());
    expect(page2.entries.map((e) => e.after)).toEqual([{ price: 101 }]);
    expect(page2.nextCursor).toBeNull();
  });

  it('lists a kind of record, and only the price screen kinds', async () => {
    const type = await makeVisitType(t.database.db);
    await call('PATCH', `/admin/visit-types/${type.id}`, admin.token, { price: 1 });
    const all = auditPageResponse.parse((await call('GET', '/admin/audit?entity=visit_type', admin.token)).json());
    expect(all.entries[0]).toMatchObject({ entity: 'visit_type', entityId: type.id });
    expect(all.entries.every((e) => e.entity === 'visit_type')).toBe(true);
    const other = await call('GET', '/admin/audit?entity=user', admin.token);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ errors: { entity: 'Entity must be visit_type, plan or package' } });
    const cursor = await call('GET', '/admin/audit?entity=plan&cursor=garbage', admin.token);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toBe('Invalid cursor');
  });
});

describe('permissions of the admin price routes', () => {
  const id = '0123456789abcdef01234567';
  const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown][] = [
    ['GET', '/admin/visit-types'],
    ['PATCH', `/admin/visit-types/${id}`, { price: 1 }],
    ['GET', '/admin/plans'],
    ['POST', '/admin/plans', { visitType: id, name: 'X', price: 1, duration: 1 }],
    ['PATCH', `/admin/plans/${id}`, { price: 1 }],
    ['POST', `/admin/plans/${id}/retire`],
    ['POST', `/admin/plans/${id}/restore`],
    ['GET', '/admin/audit?entity=plan'],
  ];
  it.each(routes)('%s %s: anonymous 401, customer 403, staff 403, admin allowed', async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(method, url, customer.token, body)).statusCode).toBe(403);
    const asStaff = await call(method, url, staff.token, body);
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().message).toBe('Only an admin can do this');
    expect([200, 400, 404]).toContain((await call(method, url, admin.token, body)).statusCode);
  });
});
