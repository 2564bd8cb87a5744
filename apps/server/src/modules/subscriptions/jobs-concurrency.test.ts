import { addDays } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { emailsTo, eventsOf, subscriptionOf, useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { holdSubscription, planOf } from '../../../test/visit-kit.ts';
import { EXPIRY_WARNING_KIND, expireSubscriptions, warnExpiringSubscriptions } from './subscription-expiry.service.ts';

/**
 * The subscription jobs run by two app instances at the same moment (meaningful on PostgreSQL, where the runs
 * really overlap): each subscription expires once (one 'expired' event) and its owner is emailed once.
 */
const k = useSubscriptionTest();
const { db, t } = k;

describe('daily subscription jobs, two runs at once', () => {
  it('expire each subscription once and email each owner once', async () => {
    const plan = await planOf(db(), 'play_school');
    const today = t.clock.today();
    const past = [];
    const running = [];
    for (let i = 0; i < 6; i++) {
      const owner = await makeOwner(db(), { email: `jobs${i}.${Math.random().toString(36).slice(2)}@example.in` });
      const pet = await makePet(db(), { ownerId: owner.id });
      past.push(await holdSubscription(db(), pet.id, plan, { validUntil: addDays(today, -1 - i) }));
      const other = await makePet(db(), { ownerId: owner.id });
      running.push({ ownerId: owner.id, sub: await holdSubscription(db(), other.id, plan, { daysLeft: 3 }) });
    }
    const ctx = t.app.appContext;
    await Promise.all([expireSubscriptions(ctx), expireSubscriptions(ctx), expireSubscriptions(ctx)]);
    await Promise.all([warnExpiringSubscriptions(ctx), warnExpiringSubscriptions(ctx), warnExpiringSubscriptions(ctx)]);
    for (const s of past) {
      expect(await subscriptionOf(db(), s.id)).toMatchObject({ active: false });
      expect((await eventsOf(db(), s.id)).filter((e) => e.kind === 'expired')).toHaveLength(1);
    }
    for (const r of running) {
      expect(await emailsTo(db(), r.ownerId, EXPIRY_WARNING_KIND)).toHaveLength(1);
    }
  });
});
