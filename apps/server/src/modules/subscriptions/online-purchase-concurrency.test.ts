import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionEvents, subscriptions, visits } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { planOf } from '../../../test/visit-kit.ts';

/**
 * A plan bought online is sold once when the checkout callback, the webhook and the success address all report the
 * payment at the same moment (meaningful on PostgreSQL, where they really overlap): one subscription, one visit,
 * one purchase in its history.
 */
const k = useSubscriptionTest();
const { db, t, post, w } = k;

describe('the online purchase, reported three times at once', () => {
  it('sells the plan once', async () => {
    const user = await t.user('customer');
    const owner = await makeOwner(db(), { userId: user.id, email: user.email });
    const pet = await makePet(db(), { ownerId: owner.id });
    const plan = await planOf(db(), 'hostel');
    const order = (await post('/customer/payment/create-order', { petId: pet.id, planId: plan.id }, user.token)).json();
    const result = await w.pay(order.id, user.token);
    const answers = await Promise.all([
      w.verify(result, user.token),
      w.webhook(order.id, result.razorpay_payment_id!, plan.pricePaise),
      w.get(`/customer/payment/success?order_id=${order.id}`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 303]);
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.petId, pet.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ active: true, daysLeft: plan.durationDays });
    expect(await db().select().from(visits).where(eq(visits.petId, pet.id))).toHaveLength(1);
    expect(await db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subs[0]!.id))).toHaveLength(
      1,
    );
  });
});
