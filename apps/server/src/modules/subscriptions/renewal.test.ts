import { addDays } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions, visits } from '../../db/schema/index.ts';
import { makePlan } from '../../../test/factories.ts';
import { eventsOf, liveOfPet, subscriptionOf, useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { ledgerOfPet, planOf, typeByCode } from '../../../test/visit-kit.ts';

/**
 * Renewal (issue 16): buying any plan of a purpose the pet holds live renews that subscription: the plan's days and
 * sessions are added, the new plan's price and duration recorded, the last payment date moves, it is active again;
 * the visit is 'Renew Subscription', with its ledger rows, in the same transaction; one live subscription per pet and
 * purpose. Also the existing client's buysubscription body with totalPrice 0.
 */
const k = useSubscriptionTest();
const { db, t } = k;

describe('renewal', () => {
  it('a second plan of the purpose renews the live subscription: days and sessions added, the new plan recorded', async () => {
    const p = await k.pet();
    const type = await typeByCode(db(), 'day_school');
    const monthly = await planOf(db(), 'day_school');
    const quarterly = (await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.visitTypeId, type.id))).find(
      (x) => x.id !== monthly.id && x.active,
    )!;
    const first = await k.bought(p.id, monthly);
    expect(first).toMatchObject({ renewed: false, visit: { purpose: 'Buy Subscription' } });
    const subId = first.subscription._id;
    t.clock.advanceDays(3);
    const today = t.clock.today();
    const second = await k.bought(p.id, quarterly);
    expect(second).toMatchObject({
      success: true,
      message: 'Payment successful and subscription renewed!',
      renewed: true,
      subscription: {
        _id: subId,
        status: 'active',
        active: true,
        daysLeft: monthly.durationDays + quarterly.durationDays,
        numberOfGroomings: monthly.numberOfGroomings + quarterly.numberOfGroomings,
        lastPaymentDate: today,
        firstPaymentDate: addDays(today, -3),
        planId: { _id: quarterly.id, price: quarterly.pricePaise / 100 },
      },
    });
    // The new plan's price and duration: later extra-day charges use them.
    expect(await subscriptionOf(db(), subId)).toMatchObject({
      planId: quarterly.id,
      pricePaise: quarterly.pricePaise,
      durationDays: quarterly.durationDays,
    });
    const [visit] = await db().select().from(visits).where(eq(visits.id, second.visit._id));
    expect(visit).toMatchObject({ subscriptionId: subId, pricePaise: quarterly.pricePaise });
    expect(visit!.details).toMatchObject({ purpose: 'Renew Subscription', planId: quarterly.id });
    const ledger = await ledgerOfPet(db(), p.id);
    expect(ledger.filter((e) => e.visitId === visit!.id).map((e) => [e.kind, e.status, e.amountPaise, e.subscriptionId])).toEqual(
      [
        ['charge', 'completed', quarterly.pricePaise, subId],
        ['payment', 'completed', quarterly.pricePaise, subId],
      ],
    );
    expect((await eventsOf(db(), subId)).map((e) => [e.kind, e.status, e.days, e.daysLeftAfter, e.visitId])).toEqual([
      ['purchase', 'applied', monthly.durationDays, monthly.durationDays, first.visit._id],
      ['renewal', 'applied', quarterly.durationDays, monthly.durationDays + quarterly.durationDays, visit!.id],
    ]);
    expect(await liveOfPet(db(), p.id)).toHaveLength(1);
    // Pet Records: the history, newest first.
    const [listed] = await k.petSubscriptions(p.id);
    expect(listed!.history.map((h: { kind: string; planName: string }) => [h.kind, h.planName])).toEqual([
      ['renewal', quarterly.name],
      ['purchase', monthly.name],
    ]);
  });

  it('a grooming pack renewed adds its sessions; another purpose is a subscription of its own', async () => {
    const p = await k.pet();
    const grooming = await planOf(db(), 'grooming');
    const a = await k.bought(p.id, grooming);
    const b = await k.bought(p.id, grooming);
    expect(b.subscription).toMatchObject({ _id: a.subscription._id, numberOfGroomings: 2 * grooming.numberOfGroomings });
    const daySchool = await k.bought(p.id, await planOf(db(), 'day_school'));
    expect(daySchool.renewed).toBe(false);
    expect(daySchool.subscription._id).not.toBe(a.subscription._id);
    expect(await liveOfPet(db(), p.id)).toHaveLength(2);
  });

  it('a used-up subscription is not renewed: the next purchase is a new subscription', async () => {
    const p = await k.pet();
    const plan = await planOf(db(), 'day_school');
    const first = await k.bought(p.id, plan);
    // Used up (deboarding takes the days one by one): inactive with nothing left.
    await db().update(subscriptions).set({ daysLeft: 0, active: false }).where(eq(subscriptions.id, first.subscription._id));
    const next = await k.bought(p.id, plan);
    expect(next.renewed).toBe(false);
    expect(next.subscription._id).not.toBe(first.subscription._id);
  });

  it('validity: a purchase runs until its payment day plus the validity; a renewal extends from the later of today and its end', async () => {
    const p = await k.pet();
    const type = await typeByCode(db(), 'play_school');
    const plan = await makePlan(db(), type.id, { name: 'Play 10', pricePaise: 500_000, durationDays: 10, validityDays: 20 });
    const today = t.clock.today();
    const first = await k.bought(p.id, plan);
    expect(first.subscription).toMatchObject({ validUntil: addDays(today, 20), planId: { validityInDays: 20 } });
    // Renewed 5 days later, before its end: 20 more days from the current end.
    t.clock.advanceDays(5);
    const second = await k.bought(p.id, plan);
    expect(second.subscription.validUntil).toBe(addDays(today, 40));
    // A plan without validity: the subscription takes the new plan's terms (no expiry).
    const open = await makePlan(db(), type.id, { name: 'Play open', pricePaise: 400_000, durationDays: 10, validityDays: null });
    const third = await k.bought(p.id, open);
    expect(third.subscription).toMatchObject({ validUntil: null, daysLeft: 30 });
  });

  it('a cancelled renewal takes off only what it added; the first purchase keeps the subscription', async () => {
    const p = await k.pet();
    const plan = await planOf(db(), 'day_care');
    const first = await k.bought(p.id, plan);
    const renewal = await k.bought(p.id, plan);
    const admin = await t.user('staff', { isAdmin: true });
    const res = await k.post(
      '/payments/cancel-sale',
      { visitId: renewal.visit._id, reason: 'Renewed by mistake', overrideReason: 'Owner asked' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriptionOf(db(), first.subscription._id)).toMatchObject({
      active: true,
      daysLeft: plan.durationDays,
      groomingsLeft: plan.numberOfGroomings,
    });
    expect((await eventsOf(db(), first.subscription._id)).map((e) => [e.kind, e.status])).toEqual([
      ['purchase', 'applied'],
      ['renewal', 'void'],
    ]);
  });

  it('renewing while the live subscription waits for its own payment is a 409, nothing written', async () => {
    const p = await k.pet();
    const plan = await planOf(db(), 'day_care');
    const link = await k.bought(p.id, plan, { method: 'payment_link' });
    expect(link.subscription.status).toBe('awaiting_payment');
    const before = await ledgerOfPet(db(), p.id);
    const res = await k.buy(p.id, plan);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The Day Care subscription is waiting for its payment');
    expect(await ledgerOfPet(db(), p.id)).toHaveLength(before.length);
    expect(await eventsOf(db(), link.subscription._id)).toHaveLength(1);
  });
});

describe("the existing client's body: totalPrice 0 or missing with the plan's price in details.price", () => {
  it.each([[0], [null]])('totalPrice %j is the plan’s total', async (total) => {
    const p = await k.pet();
    const plan = await planOf(db(), 'day_school');
    const res = await k.buy(p.id, plan, { total });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Payment successful and subscription purchased!',
      visit: { price: plan.pricePaise / 100, paid: plan.pricePaise / 100 },
    });
  });

  it('still refuses a details.price that is not the plan’s, and a total that disagrees', async () => {
    const p = await k.pet();
    const plan = await planOf(db(), 'day_school');
    const price = plan.pricePaise / 100;
    const wrong = await k.buy(p.id, plan, { total: 0, price: price - 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ expectedPrice: price });
    const total = await k.buy(p.id, plan, { total: price + 1 });
    expect(total.statusCode).toBe(400);
    expect(total.json()).toMatchObject({ expectedTotalPrice: price });
    expect(await liveOfPet(db(), p.id)).toEqual([]);
  });
});
