import { type PetSubscription, toRupees } from '@pawdesk/shared';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptionPlans, subscriptions, visitTypes } from '../../db/schema/index.ts';

/** Most subscriptions listed per pet. */
export const PET_SUBSCRIPTIONS_MAX = 100;

/**
 * A pet's subscriptions as the Pet Records panel reads them (spec 000 §3
 * "Subscription (per pet, as listed)"): active ones first, then the most
 * recently paid. The caller has checked the pet exists and may be read.
 */
export async function listPetSubscriptions(db: DbOrTx, petId: string): Promise<PetSubscription[]> {
  const rows = await db
    .select({
      id: subscriptions.id,
      active: subscriptions.active,
      daysLeft: subscriptions.daysLeft,
      groomingsLeft: subscriptions.groomingsLeft,
      firstPaymentDate: subscriptions.firstPaymentDate,
      lastPaymentDate: subscriptions.lastPaymentDate,
      planId: subscriptionPlans.id,
      planName: subscriptionPlans.name,
      pricePaise: subscriptionPlans.pricePaise,
      durationDays: subscriptionPlans.durationDays,
      numberOfGroomings: subscriptionPlans.numberOfGroomings,
      typeId: visitTypes.id,
      purpose: visitTypes.purpose,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptions.planId, subscriptionPlans.id))
    .innerJoin(visitTypes, eq(subscriptionPlans.visitTypeId, visitTypes.id))
    .where(eq(subscriptions.petId, petId))
    .orderBy(desc(subscriptions.active), desc(subscriptions.lastPaymentDate), desc(subscriptions.id))
    .limit(PET_SUBSCRIPTIONS_MAX);
  return rows.map((r) => ({
    _id: r.id,
    planId: {
      _id: r.planId,
      name: r.planName,
      subscriptionType: { _id: r.typeId, purpose: r.purpose },
      price: toRupees(r.pricePaise),
      duration: r.durationDays,
      numberOfGroomings: r.numberOfGroomings,
    },
    active: r.active,
    daysLeft: r.daysLeft,
    numberOfGroomings: r.groomingsLeft,
    firstPaymentDate: r.firstPaymentDate,
    lastPaymentDate: r.lastPaymentDate,
  }));
}
