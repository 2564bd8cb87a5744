import { type PetSubscription, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { plansByIds, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { findSubscriptionsOfPet } from './subscriptions.repo.ts';

/** Most subscriptions listed per pet. */
export const PET_SUBSCRIPTIONS_MAX = 100;

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * A pet's subscriptions as the Pet Records panel reads them (spec 000 §3
 * "Subscription (per pet, as listed)"): active ones first, then the most
 * recently paid. The caller has checked the pet exists and may be read. Plans
 * and their visit types come from the visit-types module, one lookup each.
 */
export async function listPetSubscriptions(db: DbOrTx, petId: string): Promise<PetSubscription[]> {
  const rows = await findSubscriptionsOfPet(db, petId, PET_SUBSCRIPTIONS_MAX);
  const plans = byId(await plansByIds(db, unique(rows.map((r) => r.planId))));
  const types = byId(await visitTypesByIds(db, unique([...plans.values()].map((p) => p.visitTypeId))));
  return rows.flatMap((r) => {
    const plan = plans.get(r.planId);
    if (!plan) return [];
    return [
      {
        _id: r.id,
        planId: {
          _id: plan.id,
          name: plan.name,
          subscriptionType: { _id: plan.visitTypeId, purpose: types.get(plan.visitTypeId)?.purpose ?? '' },
          price: toRupees(plan.pricePaise),
          duration: plan.durationDays,
          numberOfGroomings: plan.numberOfGroomings,
        },
        active: r.active,
        daysLeft: r.daysLeft,
        numberOfGroomings: r.groomingsLeft,
        firstPaymentDate: r.firstPaymentDate,
        lastPaymentDate: r.lastPaymentDate,
      },
    ];
  });
}
