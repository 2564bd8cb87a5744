import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions, visitTypes } from '../../db/schema/index.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const get = (url: string, token?: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token });

async function plan(name: string) {
  const [row] = await t.database.db
    .select({ plan: subscriptionPlans, purpose: visitTypes.purpose })
    .from(subscriptionPlans)
    .innerJoin(visitTypes, eq(subscriptionPlans.visitTypeId, visitTypes.id))
    .where(eq(subscriptionPlans.name, name));
  return row!;
}

describe('GET /subscription/petssubscription/{petId}', () => {
  it("lists the pet's subscriptions, active first, with plan, type and dates", async () => {
    const pet = await makePet(t.database.db);
    const daySchool = await plan('Day School Monthly');
    const grooming = await plan('Grooming Pack of 4');
    await t.database.db.insert(subscriptions).values([
      {
        petId: pet.id,
        planId: grooming.plan.id,
        visitTypeId: grooming.plan.visitTypeId,
        pricePaise: grooming.plan.pricePaise,
        durationDays: grooming.plan.durationDays,
        daysLeft: 0,
        groomingsLeft: 0,
        active: false,
        firstPaymentDate: '2025-01-01',
        lastPaymentDate: '2025-01-01',
      },
      {
        petId: pet.id,
        planId: daySchool.plan.id,
        visitTypeId: daySchool.plan.visitTypeId,
        pricePaise: daySchool.plan.pricePaise,
        durationDays: daySchool.plan.durationDays,
        daysLeft: 12,
        groomingsLeft: 1,
        active: true,
        firstPaymentDate: '2026-01-01',
        lastPaymentDate: '2026-02-01',
      },
    ]);
    const res = await get(`/subscription/petssubscription/${pet.id}`, staff.token);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: 'Subscriptions found' });
    expect(json.data).toEqual([
      {
        _id: expect.any(String),
        planId: {
          _id: daySchool.plan.id,
          name: 'Day School Monthly',
          subscriptionType: { _id: daySchool.plan.visitTypeId, purpose: 'Day School' },
          price: 12000,
          duration: 30,
          numberOfGroomings: 1,
          validityInDays: null,
        },
        active: true,
        daysLeft: 12,
        numberOfGroomings: 1,
        firstPaymentDate: '2026-01-01',
        lastPaymentDate: '2026-02-01',
        status: 'active',
        validUntil: null,
        amountDue: 0,
        payLater: false,
        history: [],
      },
      expect.objectContaining({ active: false, planId: expect.objectContaining({ name: 'Grooming Pack of 4', price: 2400 }) }),
    ]);
  });

  it('answers an empty list with the empty-state text', async () => {
    const pet = await makePet(t.database.db);
    expect((await get(`/subscription/petssubscription/${pet.id}`, staff.token)).json()).toEqual({
      success: true,
      data: [],
      message: 'No active subscriptions',
    });
  });

  it('answers 400 for a malformed id, 404 for an unknown one, 401 without a token', async () => {
    expect((await get('/subscription/petssubscription/zzz', staff.token)).statusCode).toBe(400);
    expect((await get('/subscription/petssubscription/0123456789abcdef01234567', staff.token)).statusCode).toBe(404);
    expect((await get('/subscription/petssubscription/0123456789abcdef01234567')).statusCode).toBe(401);
  });

  it("lets a customer read their own pet's subscriptions only", async () => {
    const a = await t.user('customer');
    const b = await t.user('customer');
    const pet = await makePet(t.database.db, { ownerId: (await makeOwner(t.database.db, { userId: a.id })).id });
    expect((await get(`/subscription/petssubscription/${pet.id}`, a.token)).statusCode).toBe(200);
    expect((await get(`/subscription/petssubscription/${pet.id}`, b.token)).statusCode).toBe(403);
  });
});
