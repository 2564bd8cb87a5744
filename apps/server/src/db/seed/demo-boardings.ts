import { addDays, todayIn, toPaise } from '@pawdesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { postCharge, recordPayment } from '../../modules/payments/payments.service.ts';
import type { DbOrTx } from '../client.ts';
import { boardings, pets, subscriptionPlans, subscriptions, visits, visitTypes } from '../schema/index.ts';

const DAY_MS = 86_400_000;

/**
 * Open boardings of the demo, so the Deboard page and the occupancy grid show something, each sold through the
 * ledger as the desk sells it: a hostel stay booked for 2 days that came in 3 days ago (an extra-day charge shows),
 * a day care stay to be paid after service, a dog park visit with its card payment still pending, and a day school
 * stay on a subscription.
 */
export async function seedDemoBoardings(
  tx: DbOrTx,
  o: { tz: string; staffId: string; petIds: readonly string[]; now?: Date },
): Promise<void> {
  const now = o.now ?? new Date();
  const found = await tx
    .select({ id: pets.id, ownerId: pets.ownerId })
    .from(pets)
    .where(and(inArray(pets.id, [...o.petIds]), eq(pets.species, 'dog')));
  const dogs = found.sort((a, b) => o.petIds.indexOf(a.id) - o.petIds.indexOf(b.id)).slice(0, 4);
  if (dogs.length < 4) return;
  const types = new Map((await tx.select().from(visitTypes)).map((t) => [t.code, t]));
  const [hostel, dayCare, dogPark, daySchool] = ['hostel', 'day_care', 'dog_park', 'day_school'].map((c) => types.get(c));
  if (!hostel || !dayCare || !dogPark || !daySchool) return;

  async function stay(
    petId: string,
    type: typeof hostel & object,
    s: { days: number; pricePaise: number; daysAgo: number; paid?: 'cash' | 'card_pending'; subscriptionId?: string },
  ) {
    const at = new Date(now.getTime() - s.daysAgo * DAY_MS);
    const price = s.pricePaise / 100;
    const [visit] = await tx
      .insert(visits)
      .values({
        petId,
        visitTypeId: type.id,
        purpose: type.purpose,
        pricePaise: s.pricePaise,
        isSubscriptionAvailed: Boolean(s.subscriptionId),
        subscriptionId: s.subscriptionId ?? null,
        numberOfDays: s.days,
        details: { purpose: type.purpose, price, finalPrice: price, discount: 0, numberOfDays: s.days },
        createdBy: o.staffId,
        createdAt: at,
      })
      .returning();
    const [boarding] = await tx
      .insert(boardings)
      .values({
        petId,
        visitTypeId: type.id,
        visitId: visit!.id,
        subscriptionId: s.subscriptionId ?? null,
        numberOfDays: s.days,
        entryTime: at,
        isBoarded: true,
      })
      .returning();
    const paymentType = s.paid === 'cash' ? 'advance_payment' : 'payment_after_service';
    const entry = {
      ownerId: dogs.find((d) => d.id === petId)!.ownerId,
      petId,
      for: { visitId: visit!.id, boardingId: boarding!.id },
      amountPaise: s.pricePaise,
      paymentType,
      createdBy: o.staffId,
      tz: o.tz,
      now: at,
    } as const;
    await postCharge(tx, entry);
    if (s.paid === 'cash') await recordPayment(tx, { ...entry, method: 'cash' });
    if (s.paid === 'card_pending') await recordPayment(tx, { ...entry, method: 'card', status: 'pending' });
  }

  await stay(dogs[0]!.id, hostel, { days: 2, pricePaise: hostel.pricePaise * 2, daysAgo: 3, paid: 'cash' });
  await stay(dogs[1]!.id, dayCare, { days: 1, pricePaise: dayCare.pricePaise, daysAgo: 0 });
  await stay(dogs[2]!.id, dogPark, { days: 1, pricePaise: dogPark.pricePaise, daysAgo: 0, paid: 'card_pending' });

  // A Day School subscription bought two weeks ago (the sale on the ledger), and today's stay on it.
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.visitTypeId, daySchool.id)).limit(1);
  if (!plan) return;
  const bought = addDays(todayIn(o.tz, now), -14);
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      petId: dogs[3]!.id,
      planId: plan.id,
      visitTypeId: plan.visitTypeId,
      daysLeft: plan.durationDays - 10,
      groomingsLeft: plan.numberOfGroomings,
      pricePaise: plan.pricePaise,
      durationDays: plan.durationDays,
      firstPaymentDate: bought,
      lastPaymentDate: bought,
    })
    .returning();
  const sale = {
    ownerId: dogs[3]!.ownerId,
    petId: dogs[3]!.id,
    for: { subscriptionId: sub!.id },
    amountPaise: plan.pricePaise,
    createdBy: o.staffId,
    tz: o.tz,
    now: new Date(now.getTime() - 14 * DAY_MS),
  };
  await postCharge(tx, sale);
  await recordPayment(tx, { ...sale, method: 'cash', note: `Subscription ${plan.name}` });
  await stay(dogs[3]!.id, daySchool, { days: 1, pricePaise: toPaise(0), daysAgo: 0, subscriptionId: sub!.id });
}
