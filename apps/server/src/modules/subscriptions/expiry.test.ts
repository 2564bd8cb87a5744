import { ownerNotificationsOf } from '../notifications/owner-inbox.service.ts';
import { addDays } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.ts';
import { runDailyJobs } from '../../jobs/daily.ts';
import { makeOwner, makePet, makePlan } from '../../../test/factories.ts';
import { emailsTo, eventsOf, subscriptionOf, useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { holdSubscription, planOf, typeByCode } from '../../../test/visit-kit.ts';
import { EXPIRY_WARNING_KIND, expireSubscriptions, warnExpiringSubscriptions } from './subscription-expiry.service.ts';

/**
 * Usage and expiry (issue 16): groomings and school days are used up (inactive at zero, 'used_up' in the history);
 * a plan's validity ends a subscription on the next business day after it (the daily job, idempotent and catching
 * up, on the business clock), with what remained in its history; owners get one email per purchase when 7 or fewer
 * days are left or the validity ends within 7 days; the staff dashboard lists those subscriptions.
 */
const k = useSubscriptionTest();
const { db, t, staff, get, post, types } = k;

async function ownerPet(email: string | null = `exp.${Math.random().toString(36).slice(2)}@example.in`) {
  const owner = await makeOwner(db(), { email, name: 'Ritu Sharma' });
  return makePet(db(), { ownerId: owner.id, name: 'Simba' });
}

describe('usage', () => {
  it('a day school day is taken off when the pet leaves; the last day uses it up', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'day_school');
    const sub = await holdSubscription(db(), p.id, plan, { daysLeft: 1 });
    const stay = await k.board('day_school', { planId: plan.id }, p.id);
    const res = await k.deboard('dayschooldeboarding', { boardingid: stay.boardingId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toEqual({ _id: sub.id, daysLeft: 0, active: false });
    expect((await eventsOf(db(), sub.id)).map((e) => [e.kind, e.daysLeftAfter])).toEqual([['used_up', 0]]);
    expect((await k.petSubscriptions(p.id))[0]).toMatchObject({ status: 'inactive', history: [{ kind: 'used_up' }] });
  });

  it('the last grooming session uses up a grooming pack', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'grooming');
    const bought = await k.bought(p.id, plan);
    for (let i = 0; i < plan.numberOfGroomings; i++) {
      const res = await post(
        '/visit/addgroomingvisit',
        {
          petId: p.id,
          visitType: types.grooming!.id,
          details: { planId: plan.id, isSubscriptionAvailed: true, discount: 0, finalPrice: 0, selectedPayment: 'cash' },
        },
        staff.token,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await subscriptionOf(db(), bought.subscription._id)).toMatchObject({ groomingsLeft: 0, active: false });
    expect((await eventsOf(db(), bought.subscription._id)).map((e) => e.kind)).toEqual(['purchase', 'used_up']);
  });
});

describe('expiry (the daily job, business clock)', () => {
  it('a subscription past its validity is refused on a visit before the job has run', async () => {
    const p = await ownerPet();
    const type = await typeByCode(db(), 'play_school');
    const plan = await makePlan(db(), type.id, { name: 'Play 5/2', pricePaise: 300_000, durationDays: 5, validityDays: 2 });
    const bought = await k.bought(p.id, plan);
    t.clock.advanceDays(3); // past its last day; no job run yet: the row is still active
    expect(await subscriptionOf(db(), bought.subscription._id)).toMatchObject({ active: true });
    const res = await post(
      '/visit/addplayschoolvisit',
      { petId: p.id, visitType: type.id, isSubscriptionAvailed: true, planId: plan.id },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      `The pet's Play School subscription was valid until ${bought.subscription.validUntil}. Renew it, or save the visit without it.`,
    );
  });

  it('inactive on the next business day after its validity, with what remained; idempotent', async () => {
    const p = await ownerPet();
    const type = await typeByCode(db(), 'play_school');
    const plan = await makePlan(db(), type.id, { name: 'Play 5/7', pricePaise: 300_000, durationDays: 5, validityDays: 7 });
    const bought = await k.bought(p.id, plan);
    const id = bought.subscription._id;
    const end = addDays(t.clock.today(), 7);
    expect(bought.subscription.validUntil).toBe(end);

    t.clock.advanceDays(7); // its last day: still usable
    await runDailyJobs(t.app.appContext);
    expect(await subscriptionOf(db(), id)).toMatchObject({ active: true });

    t.clock.advanceDays(1);
    expect(await expireSubscriptions(t.app.appContext)).toBeGreaterThanOrEqual(1);
    expect(await expireSubscriptions(t.app.appContext)).toBe(0);
    await runDailyJobs(t.app.appContext);
    expect(await subscriptionOf(db(), id)).toMatchObject({ active: false, daysLeft: 5 });
    const ends = (await eventsOf(db(), id)).filter((e) => e.kind === 'expired');
    expect(ends).toEqual([expect.objectContaining({ days: 5, groomings: plan.numberOfGroomings, validUntilAfter: end })]);
    const [listed] = await k.petSubscriptions(p.id);
    expect(listed).toMatchObject({ status: 'inactive', validUntil: end });
    expect(listed!.history[0]).toMatchObject({ kind: 'expired', days: 5, groomings: plan.numberOfGroomings });
    // A new purchase is a new subscription.
    expect((await k.bought(p.id, plan)).renewed).toBe(false);
  });

  it('catches up: a server down past the end expires it at the next run; a renewal before the end extends it instead', async () => {
    const type = await typeByCode(db(), 'day_care');
    const plan = await makePlan(db(), type.id, { name: 'DC 10/3', pricePaise: 600_000, durationDays: 10, validityDays: 3 });
    const a = await k.bought((await ownerPet()).id, plan);
    const bPet = await ownerPet();
    const b = await k.bought(bPet.id, plan);
    t.clock.advanceDays(2);
    await k.bought(bPet.id, plan); // renewed: 3 more days from its end
    t.clock.advanceDays(10); // nobody ran the job for 10 days
    await expireSubscriptions(t.app.appContext);
    expect(await subscriptionOf(db(), a.subscription._id)).toMatchObject({ active: false });
    expect(await subscriptionOf(db(), b.subscription._id)).toMatchObject({ active: false, daysLeft: 20 });
    expect((await eventsOf(db(), a.subscription._id)).filter((e) => e.kind === 'expired')).toHaveLength(1);
  });
});

describe('running out: the owner email (once per purchase) and the staff list', () => {
  it('emails the owner once when 7 or fewer days are left; a renewal makes a new purchase that may warn again', async () => {
    const p = await ownerPet();
    const plan = await planOf(db(), 'day_school');
    const sub = await holdSubscription(db(), p.id, plan, { daysLeft: 7 });
    await warnExpiringSubscriptions(t.app.appContext);
    await warnExpiringSubscriptions(t.app.appContext);
    t.clock.advanceDays(1);
    await runDailyJobs(t.app.appContext);
    const sent = await emailsTo(db(), p.ownerId, EXPIRY_WARNING_KIND);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'queued', subject: "Simba's Day School subscription is running out" });
    expect(sent[0]!.body).toContain('has 7 days left');
    // The owner's inbox entry beside the email (one email, not two).
    expect(await ownerNotificationsOf(db(), p.ownerId)).toMatchObject([
      { kind: EXPIRY_WARNING_KIND, title: "Simba's Day School subscription is running out", link: '/customer/subscription' },
    ]);
    expect((await subscriptionOf(db(), sub.id)).expiryWarnedOn).not.toBeNull();

    // Renewed (a new purchase): the mark is cleared, and with 37 days left there is nothing to say.
    await k.bought(p.id, plan);
    expect((await subscriptionOf(db(), sub.id)).expiryWarnedOn).toBeNull();
    await runDailyJobs(t.app.appContext);
    expect(await emailsTo(db(), p.ownerId, EXPIRY_WARNING_KIND)).toHaveLength(1);
    // Used down to 5 days: the new purchase's email, once.
    await db().update(subscriptions).set({ daysLeft: 5 }).where(eq(subscriptions.id, sub.id));
    await runDailyJobs(t.app.appContext);
    await runDailyJobs(t.app.appContext);
    expect(await emailsTo(db(), p.ownerId, EXPIRY_WARNING_KIND)).toHaveLength(2);
  });

  it('emails 7 days before the validity ends; an owner without an email is kept as unreachable', async () => {
    const p = await ownerPet(null);
    const type = await typeByCode(db(), 'hostel');
    const plan = await makePlan(db(), type.id, { name: 'Hostel 30/10', pricePaise: 900_000, durationDays: 30, validityDays: 10 });
    await k.bought(p.id, plan);
    await runDailyJobs(t.app.appContext);
    expect(await emailsTo(db(), p.ownerId, EXPIRY_WARNING_KIND)).toHaveLength(0);
    t.clock.advanceDays(3);
    await runDailyJobs(t.app.appContext);
    const [mail] = await emailsTo(db(), p.ownerId, EXPIRY_WARNING_KIND);
    expect(mail).toMatchObject({ status: 'unreachable', toAddress: null });
    expect(mail!.body).toContain('can be used until');
  });

  it('GET /subscription/expiring lists active ones running out, soonest first, with the reason; staff only', async () => {
    const plan = await planOf(db(), 'play_school');
    const soon = await ownerPet();
    const later = await ownerPet();
    const fine = await ownerPet();
    const a = await holdSubscription(db(), soon.id, plan, { daysLeft: 2 });
    const b = await holdSubscription(db(), later.id, plan, { daysLeft: 6 });
    const c = await holdSubscription(db(), fine.id, plan, { daysLeft: 20, validUntil: addDays(t.clock.today(), 4) });
    await holdSubscription(db(), (await ownerPet()).id, plan, { daysLeft: 3, active: false });
    const res = await get('/subscription/expiring', staff.token);
    expect(res.statusCode).toBe(200);
    const mine = res.json().subscriptions.filter((s: { _id: string }) => [a.id, b.id, c.id].includes(s._id));
    expect(mine.map((s: { _id: string; reason: string }) => [s._id, s.reason])).toEqual([
      [a.id, 'days'],
      [c.id, 'validity'],
      [b.id, 'days'],
    ]);
    expect(mine[0]).toMatchObject({
      petId: { _id: soon.id, name: 'Simba' },
      owner: { name: 'Ritu Sharma', phone: expect.any(String) },
      purpose: 'Play School',
      planName: plan.name,
      daysLeft: 2,
    });
    const customer = await t.user('customer');
    expect((await get('/subscription/expiring', customer.token)).statusCode).toBe(403);
    expect((await get('/subscription/expiring')).statusCode).toBe(401);
  });
});
