import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions, visits } from '../../db/schema/index.ts';
import { makeOwner, makePet, makePlan } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/harness.ts';
import { eventsOf, useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { holdSubscription, planOf, typeByCode } from '../../../test/visit-kit.ts';
import { checkoutOrderRow } from '../../../test/wallet-kit.ts';

/**
 * The customer's side (issue 16 "My Subscriptions", "Customers paying online"): their own pets' subscriptions
 * whatever email the request names, and a plan bought online: the server's price, the caller's pet, sold exactly
 * once when the payment is verified.
 */
const k = useSubscriptionTest();
const { db, t, staff, get, post, w } = k;

async function customerWithPet(name = 'Bruno') {
  const user = await t.user('customer');
  const owner = await makeOwner(db(), { userId: user.id, email: user.email });
  const pet = await makePet(db(), { ownerId: owner.id, name, breed: 'Indie' });
  return { user, owner, pet };
}

const mine = (token: string, email?: string) =>
  get(`/subscription/customer-subscriptions${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`, token);

describe('GET /subscription/customer-subscriptions?email=', () => {
  it("answers the caller's own pets' subscriptions, whatever email is named", async () => {
    const a = await customerWithPet('Bruno');
    const b = await customerWithPet('Tiger');
    const plan = await planOf(db(), 'day_school');
    const held = await holdSubscription(db(), a.pet.id, plan, { daysLeft: 6 });
    await holdSubscription(db(), b.pet.id, plan);
    for (const email of [a.user.email, b.user.email, undefined]) {
      const res = await mine(a.user.token, email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Subscriptions found',
        subscriptions: [
          {
            _id: held.id,
            active: true,
            status: 'active',
            validUntil: null,
            amountDue: 0,
            payLater: false,
            daysLeft: 6,
            numberOfGroomings: plan.numberOfGroomings,
            firstPaymentDate: '2026-11-01',
            lastPaymentDate: '2026-11-01',
            petId: { _id: a.pet.id, name: 'Bruno', breed: 'Indie', email: a.user.email },
            planId: {
              _id: plan.id,
              name: plan.name,
              price: plan.pricePaise / 100,
              duration: plan.durationDays,
              numberOfGroomings: plan.numberOfGroomings,
              validityInDays: null,
              subscriptionType: { _id: plan.visitTypeId, purpose: 'Day School' },
            },
          },
        ],
      });
    }
    const none = await customerWithPet();
    expect((await mine(none.user.token, a.user.email)).json()).toEqual({
      success: true,
      message: 'No active subscriptions',
      subscriptions: [],
    });
  });

  it('staff read the owner with that email; the email is required for staff and must be an email', async () => {
    const a = await customerWithPet();
    const held = await holdSubscription(db(), a.pet.id, await planOf(db(), 'hostel'));
    const res = await mine(staff.token, a.user.email.toUpperCase());
    expect(res.json().subscriptions.map((s: { _id: string }) => s._id)).toEqual([held.id]);
    const missing = await mine(staff.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email is required');
    const bad = await mine(staff.token, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email format is invalid');
    expect((await mine(a.user.token, 'not-an-email')).statusCode).toBe(400);
    expect((await get('/subscription/customer-subscriptions')).statusCode).toBe(401);
  });
});

describe('POST /customer/payment/create-order {petId, planId, email}', () => {
  const order = (user: TestUser, body: object) => post('/customer/payment/create-order', body, user.token);

  it("answers the checkout order at the top level: the plan's price in paise, success and cancel addresses", async () => {
    const a = await customerWithPet('Bruno');
    const plan = await planOf(db(), 'day_school');
    const res = await order(a.user, { petId: a.pet.id, planId: plan.id, email: 'someone@else.in' });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      success: true,
      amount: plan.pricePaise,
      amountRupees: plan.pricePaise / 100,
      currency: 'INR',
      provider: 'offline',
      success_url: `/api/v1/customer/payment/success?order_id=${o.id}`,
      cancel_url: '/customer/buysubscription?cancelled=1',
      description: `${plan.name} for Bruno`,
    });
    expect(await checkoutOrderRow(db(), o.id)).toMatchObject({
      purpose: 'subscription',
      ownerId: a.owner.id,
      userId: a.user.id,
      amountPaise: plan.pricePaise,
      payload: { petId: a.pet.id, planId: plan.id },
      status: 'created',
    });
    // Nothing is sold before the payment.
    expect(await db().select().from(subscriptions).where(eq(subscriptions.petId, a.pet.id))).toEqual([]);
  });

  it('refuses a missing pet or plan, an unknown, retired or free plan, and a pet that is not the caller’s', async () => {
    const a = await customerWithPet();
    const b = await customerWithPet();
    const plan = await planOf(db(), 'day_school');
    const type = await typeByCode(db(), 'day_school');
    const retired = await makePlan(db(), type.id, { name: 'Old', active: false });
    const free = await makePlan(db(), type.id, { name: 'Free', pricePaise: 0 });
    const cases: [object, number, string][] = [
      [{ planId: plan.id }, 400, 'Please select a pet'],
      [{ petId: '', planId: plan.id }, 400, 'Please select a pet'],
      [{ petId: a.pet.id }, 400, 'Please select a plan'],
      [{ petId: a.pet.id, planId: '' }, 400, 'Please select a plan'],
      [{ petId: a.pet.id, planId: 'nope' }, 400, 'Invalid plan selected'],
      [{ petId: a.pet.id, planId: '0123456789abcdef01234567' }, 400, 'Invalid plan selected'],
      [{ petId: a.pet.id, planId: retired.id }, 400, 'Invalid plan selected'],
      [{ petId: a.pet.id, planId: free.id }, 400, 'Invalid plan selected'],
      [{ petId: b.pet.id, planId: plan.id }, 403, 'This pet is not registered to your account'],
      [{ petId: '0123456789abcdef01234567', planId: plan.id }, 404, 'Pet not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await order(a.user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await post('/customer/payment/create-order', { petId: a.pet.id, planId: plan.id }, staff.token)).statusCode).toBe(
      403,
    );
    expect((await post('/customer/payment/create-order', { petId: a.pet.id, planId: plan.id })).statusCode).toBe(401);
  });

  it('refuses while the live subscription of the purpose waits for its payment (409)', async () => {
    const a = await customerWithPet();
    const plan = await planOf(db(), 'day_care');
    await k.bought(a.pet.id, plan, { method: 'payment_link' });
    const res = await order(a.user, { petId: a.pet.id, planId: plan.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The Day Care subscription is waiting for its payment');
  });
});

describe('the online purchase is sold once, when the payment is verified', () => {
  it('verify, then webhook and success address: one subscription, one visit, one completed card payment', async () => {
    const a = await customerWithPet();
    const plan = await planOf(db(), 'play_school');
    const o = (await post('/customer/payment/create-order', { petId: a.pet.id, planId: plan.id }, a.user.token)).json();
    const result = await w.pay(o.id, a.user.token);
    const verified = await w.verify(result, a.user.token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await w.webhook(o.id, result.razorpay_payment_id!, plan.pricePaise)).statusCode).toBe(200);
    const landing = await w.get(`/customer/payment/success?order_id=${o.id}`);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe('/customer/subscription?paid=1');

    const rows = await db().select().from(subscriptions).where(eq(subscriptions.petId, a.pet.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      active: true,
      daysLeft: plan.durationDays,
      firstPaymentDate: t.clock.today(),
      lastPaymentDate: t.clock.today(),
    });
    const sold = await db().select().from(visits).where(eq(visits.petId, a.pet.id));
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({ subscriptionId: rows[0]!.id, pricePaise: plan.pricePaise, createdBy: a.user.id });
    expect((await eventsOf(db(), rows[0]!.id)).map((e) => [e.kind, e.status])).toEqual([['purchase', 'applied']]);
    expect(await checkoutOrderRow(db(), o.id)).toMatchObject({
      status: 'paid',
      result: { visitId: sold[0]!.id, subscriptionId: rows[0]!.id, renewed: 'false' },
    });
    // It shows under My Subscriptions.
    expect((await mine(a.user.token)).json().subscriptions).toEqual([
      expect.objectContaining({ _id: rows[0]!.id, status: 'active', amountDue: 0 }),
    ]);
    // Bought again online: the same subscription, renewed.
    const again = (await post('/customer/payment/create-order', { petId: a.pet.id, planId: plan.id }, a.user.token)).json();
    await w.verify(await w.pay(again.id, a.user.token), a.user.token);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.petId, a.pet.id))).toEqual([
      expect.objectContaining({ id: rows[0]!.id, daysLeft: 2 * plan.durationDays }),
    ]);
  });

  it('a plan retired between the order and the payment: nothing sold, the money held as unapplied', async () => {
    const a = await customerWithPet();
    const type = await typeByCode(db(), 'grooming');
    const plan = await makePlan(db(), type.id, {
      name: 'Soon gone',
      pricePaise: 150_000,
      durationDays: 60,
      numberOfGroomings: 2,
    });
    const o = (await post('/customer/payment/create-order', { petId: a.pet.id, planId: plan.id }, a.user.token)).json();
    await db().update(subscriptionPlans).set({ active: false }).where(eq(subscriptionPlans.id, plan.id));
    await w.verify(await w.pay(o.id, a.user.token), a.user.token);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.petId, a.pet.id))).toEqual([]);
    expect((await checkoutOrderRow(db(), o.id))?.result).toMatchObject({ unapplied: expect.any(String) });
  });
});
