import { todayIn } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions, visits } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import {
  holdSubscription,
  ledgerOfPet,
  planOf,
  type PlanRow,
  typeByCode,
  useVisitTest,
  type VisitTypeRow,
} from '../../../test/visit-kit.ts';

const { staff, customer, db, post, get } = useVisitTest();

let buyType: VisitTypeRow;
let dayCare: VisitTypeRow;
let plan: PlanRow;
beforeAll(async () => {
  buyType = await typeByCode(db(), 'buy_subscription');
  dayCare = await typeByCode(db(), 'day_care');
  plan = await planOf(db(), 'day_care');
});

const buyBody = (
  petId: string,
  o: { price?: number; total?: number; method?: string; planId?: string; visitType?: string } = {},
) => ({
  petId,
  visitType: o.visitType ?? buyType.id,
  planId: o.planId ?? plan.id,
  details: { selectedPayment: o.method ?? 'cash', price: o.price ?? plan.pricePaise / 100 },
  totalPrice: o.total ?? plan.pricePaise / 100,
});
const buy = (body: unknown, token: string | undefined = staff.token) => post('/subscription/buysubscription', body, token);
const details = (petId: string, visitType: string, token: string | undefined = staff.token) =>
  get(`/subscription/getsubscriptiondetails/?petId=${petId}&visitType=${visitType}`, token);

describe('POST /subscription/buysubscription', () => {
  it('records the subscription, a Buy Subscription visit at the plan price, its charge and cash payment', async () => {
    const owner = await makeOwner(db(), { name: 'Kavya Rao' });
    const p = await makePet(db(), { ownerId: owner.id, name: 'Motu' });
    const res = await buy(buyBody(p.id));
    expect(res.statusCode).toBe(201);
    const json = res.json();
    const price = plan.pricePaise / 100;
    const today = todayIn('Asia/Kolkata');
    expect(json).toMatchObject({
      success: true,
      message: 'Payment successful and subscription purchased!',
      subscription: {
        petId: { _id: p.id, name: 'Motu', owner: { name: 'Kavya Rao' } },
        planId: { _id: plan.id, price, duration: plan.durationDays, subscriptionType: { purpose: 'Day Care' } },
        numberOfGroomings: plan.numberOfGroomings,
        daysLeft: plan.durationDays,
        discount: 0,
        active: true,
        status: 'active',
        amountDue: 0,
        payLater: false,
        validUntil: null,
        firstPaymentDate: today,
        lastPaymentDate: today,
      },
      renewed: false,
      visit: { purpose: 'Buy Subscription', price, paid: price, paymentLeft: 0 },
      payment: { method: 'cash', status: 'completed', amount: price, receiptNo: expect.any(String) },
    });
    const [v] = await db().select().from(visits).where(eq(visits.id, json.visit._id));
    expect(v).toMatchObject({ visitTypeId: buyType.id, subscriptionId: json.subscription._id, pricePaise: plan.pricePaise });
    const ledger = await ledgerOfPet(db(), p.id);
    expect(ledger.map((e) => [e.kind, e.amountPaise, e.visitId, e.subscriptionId]).sort()).toEqual([
      ['charge', plan.pricePaise, v!.id, json.subscription._id],
      ['payment', plan.pricePaise, v!.id, json.subscription._id],
    ]);
    // The visit's subscription is what /visit/buyy answers.
    const bought = await get(`/visit/buyy/${v!.id}`, staff.token);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({
      success: true,
      data: { _id: json.subscription._id, price, duration: plan.durationDays, subscriptionType: { purpose: 'Day Care' } },
    });
  });

  it('accepts the plan’s own purpose as visitType, refuses any other purpose', async () => {
    const p = await makePet(db());
    expect((await buy(buyBody(p.id, { visitType: dayCare.id }))).statusCode).toBe(201);
    const q = await makePet(db());
    const hostel = await typeByCode(db(), 'hostel');
    const res = await buy(buyBody(q.id, { visitType: hostel.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid visit type. Please try again.');
  });

  it('refuses a price or total that is not the plan’s, with the expected amount, and saves nothing', async () => {
    const p = await makePet(db());
    const price = plan.pricePaise / 100;
    const low = await buy(buyBody(p.id, { price: price - 1, total: price - 1 }));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ expectedPrice: price });
    const total = await buy(buyBody(p.id, { total: price + 1 }));
    expect(total.json()).toMatchObject({ expectedTotalPrice: price });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.petId, p.id))).toEqual([]);
    expect(await ledgerOfPet(db(), p.id)).toEqual([]);
  });

  it.each([
    [{ planId: undefined }, 'Please select a subscription plan.'],
    [{ planId: '' }, 'Please select a subscription plan.'],
    [{ planId: '0123456789abcdef01234567' }, 'Please select a subscription plan.'],
    [{ petId: undefined }, 'A pet must be selected. Please select a pet before proceeding.'],
    [{ petId: '0123456789abcdef01234567' }, 'A pet must be selected. Please select a pet before proceeding.'],
    [{ visitType: undefined }, 'Visit type is missing. Please try again.'],
    [{ details: { price: 100 } }, 'Please select payment method'],
    [{ totalPrice: 'free' }, 'Total price must be a number'],
  ])('refuses %j: %s', async (change, message) => {
    const p = await makePet(db());
    const res = await buy({ ...buyBody(p.id), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a retired plan (400, nothing saved)', async () => {
    const [retired] = await db()
      .insert(subscriptionPlans)
      .values({ visitTypeId: dayCare.id, name: 'Old Day Care', pricePaise: 100000, durationDays: 10, active: false })
      .returning();
    const p = await makePet(db());
    const res = await buy(buyBody(p.id, { planId: retired!.id, price: 1000, total: 1000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This plan is no longer offered. Please select another plan.');
    expect(await db().select().from(subscriptions).where(eq(subscriptions.petId, p.id))).toEqual([]);
  });

  it('three purchases of one purpose for one pet at once: one subscription renewed twice, three charges', async () => {
    const p = await makePet(db());
    const res = await Promise.all([buy(buyBody(p.id)), buy(buyBody(p.id)), buy(buyBody(p.id))]);
    expect(res.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(res.map((r) => r.json().renewed).sort()).toEqual([false, true, true]);
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.petId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ active: true, daysLeft: 3 * plan.durationDays, groomingsLeft: 3 * plan.numberOfGroomings });
    expect((await ledgerOfPet(db(), p.id)).filter((e) => e.kind === 'charge')).toHaveLength(3);
  });

  it('a payment link purchase: waiting for its payment (not active, not usable), the payment pending', async () => {
    const owner = await makeOwner(db(), { email: 'subs.link@test.in' });
    const p = await makePet(db(), { ownerId: owner.id });
    const res = await buy(buyBody(p.id, { method: 'payment_link' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Subscription purchased. It becomes active when the payment arrives.',
      renewed: false,
      subscription: {
        active: false,
        status: 'awaiting_payment',
        daysLeft: 0,
        amountDue: plan.pricePaise / 100,
        payLater: false,
        firstPaymentDate: null,
        lastPaymentDate: null,
      },
      visit: { paid: 0 },
      payment: { method: 'payment_link', status: 'pending', linkUrl: expect.any(String) },
    });
    expect((await details(p.id, dayCare.id)).json().subscription).toBeNull();
  });

  it('401 anonymous, 403 customer', async () => {
    const p = await makePet(db());
    expect((await post('/subscription/buysubscription', buyBody(p.id))).statusCode).toBe(401);
    expect((await buy(buyBody(p.id), customer.token)).statusCode).toBe(403);
  });
});

describe('GET /subscription/getsubscriptiondetails/?petId=&visitType=', () => {
  it('answers the pet’s active subscription for the purpose in the existing client’s shape', async () => {
    const owner = await makeOwner(db(), { name: 'Imran Khan' });
    const p = await makePet(db(), { ownerId: owner.id, name: 'Simba' });
    const sub = await holdSubscription(db(), p.id, plan, { daysLeft: 12, groomingsLeft: 1, discountPaise: 5000 });
    const res = await details(p.id, dayCare.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Subscription found',
      subscription: {
        _id: sub.id,
        petId: { _id: p.id, name: 'Simba', owner: { _id: owner.id, name: 'Imran Khan' } },
        planId: {
          _id: plan.id,
          name: plan.name,
          price: plan.pricePaise / 100,
          duration: plan.durationDays,
          numberOfGroomings: plan.numberOfGroomings,
          subscriptionType: { _id: dayCare.id, purpose: 'Day Care' },
          validityInDays: null,
        },
        subscriptionType: { _id: dayCare.id, purpose: 'Day Care' },
        numberOfGroomings: 1,
        daysLeft: 12,
        discount: 50,
        active: true,
        firstPaymentDate: '2026-11-01',
        lastPaymentDate: '2026-11-01',
        status: 'active',
        validUntil: null,
        amountDue: 0,
        payLater: false,
      },
    });
  });

  it('answers subscription: null for no subscription, an inactive one, or another purpose’s', async () => {
    const p = await makePet(db());
    expect((await details(p.id, dayCare.id)).json()).toEqual({
      success: true,
      message: 'No active subscription',
      subscription: null,
    });
    await holdSubscription(db(), p.id, plan, { active: false });
    await holdSubscription(db(), p.id, await planOf(db(), 'hostel'));
    expect((await details(p.id, dayCare.id)).json().subscription).toBeNull();
  });

  it('400 malformed or missing ids, 404 unknown pet or visit type, 401 anonymous, 403 customer', async () => {
    const p = await makePet(db());
    expect((await details('abc', dayCare.id)).statusCode).toBe(400);
    expect((await get(`/subscription/getsubscriptiondetails/?visitType=${dayCare.id}`, staff.token)).json().message).toBe(
      'A pet must be selected. Please select a pet before proceeding.',
    );
    expect((await details('0123456789abcdef01234567', dayCare.id)).statusCode).toBe(404);
    expect((await details(p.id, '0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await get(`/subscription/getsubscriptiondetails/?petId=${p.id}&visitType=${dayCare.id}`)).statusCode).toBe(401);
    expect((await details(p.id, dayCare.id, customer.token)).statusCode).toBe(403);
  });
});
