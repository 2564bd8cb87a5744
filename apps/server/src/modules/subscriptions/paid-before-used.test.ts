import { toRupees } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { eventsOf, subscriptionOf, useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { ledgerOfVisit, planOf } from '../../../test/visit-kit.ts';

/**
 * Paid before used (issue 16): a plan sold by payment link or card is owed until the money arrives: the subscription
 * waits for its payment (not usable, nothing in it, no payment date), and becomes active when its sale is paid in
 * full, on the day the money arrived. Staff may sell it 'pay later' instead: usable at once, the amount owed shows
 * on the subscription, the owner's statement and every deboard quote until paid. A void of the unpaid sale voids it.
 */
const k = useSubscriptionTest();
const { db, t, staff, get, post, types } = k;

async function ownerPet() {
  const owner = await makeOwner(db(), { email: `paid.${Math.random().toString(36).slice(2)}@example.in` });
  return makePet(db(), { ownerId: owner.id, name: 'Motu' });
}

const daySchoolVisit = (petId: string, planId: string) =>
  post(
    '/visit/adddayschoolvisit',
    { petId, visitType: types.day_school!.id, isSubscriptionAvailed: true, planId, admissionAcknowledged: true },
    staff.token,
  );

describe('sold by payment link', () => {
  it('waits for its money: not usable, owed in full; the link paid on a later day makes it active from that day', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'day_school');
    const price = toRupees(plan.pricePaise);
    const sold = await k.bought(p.id, plan, { method: 'payment_link' });
    const subId = sold.subscription._id;
    expect(sold.subscription).toMatchObject({ status: 'awaiting_payment', active: false, amountDue: price, daysLeft: 0 });
    // Not usable: the day school visit the original let through for free is refused.
    const free = await daySchoolVisit(p.id, plan.id);
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toContain('no active Day School subscription');
    const [listed] = await k.petSubscriptions(p.id);
    expect(listed).toMatchObject({ status: 'awaiting_payment', amountDue: price, firstPaymentDate: null });
    expect(listed!.history).toEqual([expect.objectContaining({ kind: 'purchase', status: 'awaiting_payment', price })]);

    t.clock.advanceDays(2);
    await k.payLink(sold.payment.linkUrl);
    expect(await subscriptionOf(db(), subId)).toMatchObject({
      active: true,
      awaitingPayment: false,
      daysLeft: plan.durationDays,
      groomingsLeft: plan.numberOfGroomings,
      firstPaymentDate: t.clock.today(),
      lastPaymentDate: t.clock.today(),
    });
    const [event] = await eventsOf(db(), subId);
    expect(event).toMatchObject({ kind: 'purchase', status: 'applied', daysLeftAfter: plan.durationDays });
    expect((await k.petSubscriptions(p.id))[0]).toMatchObject({ status: 'active', amountDue: 0, payLater: false });
    expect((await daySchoolVisit(p.id, plan.id)).statusCode).toBe(201);
  });

  it('a renewal by link keeps the live subscription as it was until paid, then adds its days', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'play_school');
    const first = await k.bought(p.id, plan);
    const renewal = await k.bought(p.id, plan, { method: 'payment_link' });
    expect(renewal).toMatchObject({
      renewed: true,
      message: 'Subscription renewed. The days are added when the payment arrives.',
      subscription: { status: 'active', daysLeft: plan.durationDays, amountDue: toRupees(plan.pricePaise) },
    });
    await k.payLink(renewal.payment.linkUrl);
    const row = await subscriptionOf(db(), first.subscription._id);
    expect(row).toMatchObject({ active: true, daysLeft: 2 * plan.durationDays });
    expect((await eventsOf(db(), row.id)).map((e) => [e.kind, e.status])).toEqual([
      ['purchase', 'applied'],
      ['renewal', 'applied'],
    ]);
  });

  it('a void of the unpaid sale voids the purchase and ends the subscription it was waiting to be', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'day_care');
    const sold = await k.bought(p.id, plan, { method: 'payment_link' });
    const admin = await t.user('staff', { isAdmin: true });
    const res = await post('/visit/voidvisit', { visitId: sold.visit._id, reason: 'Owner changed their mind' }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriptionOf(db(), sold.subscription._id)).toMatchObject({ active: false, awaitingPayment: false });
    expect((await eventsOf(db(), sold.subscription._id)).map((e) => [e.kind, e.status])).toEqual([
      ['purchase', 'void'],
      ['ended', 'applied'],
    ]);
    // The pet may buy the purpose again.
    expect((await k.buy(p.id, plan)).statusCode).toBe(201);
  });
});

describe('sold by card', () => {
  it('the desk’s card checkout paid and verified makes it active', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'hostel');
    const sold = await k.bought(p.id, plan, { method: 'card' });
    expect(sold.subscription.status).toBe('awaiting_payment');
    expect(sold.payment).toMatchObject({ method: 'card', status: 'pending' });
    await k.payByCard(sold.visit._id, toRupees(plan.pricePaise));
    expect(await subscriptionOf(db(), sold.subscription._id)).toMatchObject({
      active: true,
      daysLeft: plan.durationDays,
      lastPaymentDate: t.clock.today(),
    });
  });
});

describe('paid from the wallet', () => {
  it('applied at once, the payment date today; refused beyond the balance, nothing sold', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'play_school');
    const price = toRupees(plan.pricePaise);
    const short = await k.buy(p.id, plan, { method: 'wallet' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('The wallet holds ₹0.00');
    const topUp = await post('/wallet/topup', { ownerId: p.ownerId, amount: price, selectedPayment: 'cash' }, staff.token);
    expect(topUp.statusCode, topUp.body).toBe(200);
    const sold = await k.bought(p.id, plan, { method: 'wallet' });
    expect(sold).toMatchObject({
      message: 'Payment successful and subscription purchased!',
      subscription: { status: 'active', daysLeft: plan.durationDays, amountDue: 0, lastPaymentDate: t.clock.today() },
      payment: { method: 'wallet', status: 'completed' },
    });
  });
});

describe('pay later', () => {
  it('usable at once with the amount owed on the subscription, the statement and the deboard quote; payment dates once paid', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'day_school');
    const price = toRupees(plan.pricePaise);
    const sold = await k.bought(p.id, plan, { payLater: true });
    expect(sold).toMatchObject({
      message: `Subscription purchased. ₹${price.toLocaleString('en-IN')}.00 is owed (pay later).`,
      subscription: { status: 'active', active: true, amountDue: price, payLater: true, firstPaymentDate: null },
      visit: { paid: 0, paymentLeft: price },
      payment: null,
    });
    expect(await ledgerOfVisit(db(), sold.visit._id)).toEqual([expect.objectContaining({ kind: 'charge' })]);
    // Usable now: a day school visit on it, and the quote when the pet leaves still shows what the plan owes.
    const visit = await daySchoolVisit(p.id, plan.id);
    expect(visit.statusCode, visit.body).toBe(201);
    const quote = await k.details(visit.json().visit.boardingId);
    expect(quote.json().deboard).toMatchObject({ due: 0, subscription: { _id: sold.subscription._id, amountDue: price } });
    const statement = await get(`/payments/statement?ownerId=${p.ownerId}`, staff.token);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().openSales).toEqual(
      expect.arrayContaining([expect.objectContaining({ visitId: sold.visit._id, due: price })]),
    );

    t.clock.advanceDays(1);
    // Paid a day later (by card at the desk): the payment dates are that day.
    await k.payByCard(sold.visit._id, price);
    expect(await subscriptionOf(db(), sold.subscription._id)).toMatchObject({
      firstPaymentDate: t.clock.today(),
      lastPaymentDate: t.clock.today(),
    });
    expect((await k.petSubscriptions(p.id))[0]).toMatchObject({ amountDue: 0, payLater: false, status: 'active' });
  });

  it('pay later by payment link: usable now, owed until the link is paid', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'grooming');
    const sold = await k.bought(p.id, plan, { method: 'payment_link', payLater: true });
    expect(sold.subscription).toMatchObject({ status: 'active', payLater: true, amountDue: toRupees(plan.pricePaise) });
    expect(sold.payment).toMatchObject({ status: 'pending', linkUrl: expect.any(String) });
    await k.payLink(sold.payment.linkUrl);
    expect((await k.petSubscriptions(p.id))[0]).toMatchObject({ amountDue: 0, payLater: false });
  });

  it('refuses pay later with the wallet (taken now)', async () => {
    const p = await ownerPet();
    const res = await k.buy(p.id, await planOf(db(), 'grooming'), { method: 'wallet', payLater: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A wallet payment is taken now: pay later does not apply');
  });
});
