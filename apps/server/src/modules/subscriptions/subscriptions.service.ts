import { SUBSCRIPTION_MESSAGES, type SubscriptionDetails, toRupees, VISIT_SAVED_MESSAGES } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { allPlans, type PlanRow, planById, type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import {
  endSubscriptions,
  findActiveOnPlans,
  findSubscription,
  insertSubscription,
  lockPetSubscriptions,
  type SubscriptionRecord,
  takeGroomingSession,
} from './subscription-records.repo.ts';

/**
 * A pet's subscriptions as the New Visit forms use them: the active one for a purpose, using it on a visit (a
 * grooming session), and recording one bought (the sales module sells it with its visit: sales/subscription-sale.service.ts).
 * A subscription is for the purpose of its plan; plans and purposes come from the visit-types module.
 */

export type { SubscriptionRecord };

export interface HeldSubscription {
  row: SubscriptionRecord;
  plan: PlanRow;
}

/** The pet's active subscription for this purpose (the most recently paid one), on any plan, retired ones too. */
export async function activeSubscriptionFor(
  db: DbOrTx,
  petId: string,
  visitTypeId: string,
): Promise<HeldSubscription | undefined> {
  const plans = await allPlans(db, { visitTypeId });
  const [row] = await findActiveOnPlans(
    db,
    petId,
    plans.map((p) => p.id),
  );
  const plan = row && plans.find((p) => p.id === row.planId);
  return row && plan ? { row, plan } : undefined;
}

/**
 * The subscription a visit uses: the pet's active subscription for the visit's purpose, on `planId` when the
 * client names one. 400 when the pet holds none.
 */
export async function requireHeldSubscription(
  db: DbOrTx,
  petId: string,
  type: VisitTypeRow,
  planId: string | null | undefined,
): Promise<HeldSubscription> {
  const plans = await allPlans(db, { visitTypeId: type.id });
  const onPlans = planId ? plans.filter((p) => p.id === planId) : plans;
  const [row] = await findActiveOnPlans(
    db,
    petId,
    onPlans.map((p) => p.id),
  );
  const plan = row && plans.find((p) => p.id === row.planId);
  if (!row || !plan) {
    const message = SUBSCRIPTION_MESSAGES.notHeld(type.purpose);
    throw badRequest(message, { planId: message });
  }
  return { row, plan };
}

/** Uses one grooming session of the subscription, inside the visit's transaction; 409 when none is left. */
export async function useGroomingSession(tx: DbOrTx, subscriptionId: string): Promise<void> {
  if (!(await takeGroomingSession(tx, subscriptionId))) throw conflict(VISIT_SAVED_MESSAGES.noGroomingsLeft);
}

/**
 * Records a subscription bought for the pet, inside the purchase's transaction: days left = the plan's duration,
 * grooming sessions = the plan's, active, paid today. One active subscription per pet and purpose: purchases of
 * one pet queue on a lock, and a second one for a purpose the pet already holds is a 409.
 */
export async function createSubscription(
  tx: DbOrTx,
  s: { petId: string; plan: PlanRow; purpose: string; today: string },
): Promise<SubscriptionRecord> {
  await lockPetSubscriptions(tx, s.petId);
  const plans = await allPlans(tx, { visitTypeId: s.plan.visitTypeId });
  const held = await findActiveOnPlans(
    tx,
    s.petId,
    plans.map((p) => p.id),
  );
  if (held.length) throw conflict(SUBSCRIPTION_MESSAGES.alreadyActive(s.purpose));
  return insertSubscription(tx, {
    petId: s.petId,
    planId: s.plan.id,
    visitTypeId: s.plan.visitTypeId,
    daysLeft: s.plan.durationDays,
    groomingsLeft: s.plan.numberOfGroomings,
    active: true,
    discountPaise: 0,
    pricePaise: s.plan.pricePaise,
    durationDays: s.plan.durationDays,
    firstPaymentDate: s.today,
    lastPaymentDate: s.today,
  });
}

/** A subscription as `getsubscriptiondetails` and `buyy` answer it. */
export async function subscriptionToApi(
  db: DbOrTx,
  row: SubscriptionRecord,
  plan?: PlanRow,
): Promise<SubscriptionDetails & { price: number; duration: number }> {
  const p = plan ?? (await planById(db, row.planId));
  if (!p) throw new Error(`subscription ${row.id}: plan ${row.planId} is missing`);
  const [type, pets] = await Promise.all([visitTypeById(db, p.visitTypeId), petsWithOwnersByIds(db, [row.petId])]);
  const pet = pets.get(row.petId);
  const subscriptionType = { _id: p.visitTypeId, purpose: type?.purpose ?? '' };
  return {
    _id: row.id,
    petId: { _id: row.petId, name: pet?.name ?? '', owner: { _id: pet?.owner.id ?? '', name: pet?.owner.name ?? '' } },
    planId: {
      _id: p.id,
      name: p.name,
      price: toRupees(p.pricePaise),
      duration: p.durationDays,
      numberOfGroomings: p.numberOfGroomings,
      subscriptionType,
    },
    subscriptionType,
    numberOfGroomings: row.groomingsLeft,
    daysLeft: row.daysLeft,
    discount: toRupees(row.discountPaise),
    active: row.active,
    firstPaymentDate: row.firstPaymentDate,
    lastPaymentDate: row.lastPaymentDate,
    price: toRupees(p.pricePaise),
    duration: p.durationDays,
  };
}

/** The pet's active subscription for the purpose, as `getsubscriptiondetails` answers it; null when none. */
export async function subscriptionDetailsFor(db: DbOrTx, petId: string, visitTypeId: string) {
  const held = await activeSubscriptionFor(db, petId, visitTypeId);
  if (!held) return null;
  const { price: _price, duration: _duration, ...details } = await subscriptionToApi(db, held.row, held.plan);
  return details;
}

/** A subscription by id, as `buyy` answers it. */
export async function subscriptionById(db: DbOrTx, id: string) {
  const row = await findSubscription(db, id);
  return row ? subscriptionToApi(db, row) : undefined;
}

/**
 * The subscriptions a sale sold, ended because the sale was voided or cancelled: the money is credited, so the days
 * and sessions are no longer the owner's. `ids` are the subscriptions named on the sale's charges.
 */
export async function endSoldSubscriptions(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
  return (await endSubscriptions(tx, [...new Set(ids)])).map((r) => r.id);
}
