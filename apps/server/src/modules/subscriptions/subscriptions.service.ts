import { SUBSCRIPTION_MESSAGES, type SubscriptionDetails, toRupees, VISIT_SAVED_MESSAGES } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { allPlans, type PlanRow, planById, type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import { writeEnd } from './subscription-purchases.service.ts';
import {
  findActiveOnPlans,
  findLive,
  findSubscription,
  type SubscriptionRecord,
  takeGroomingSession,
} from './subscription-records.repo.ts';
import { duesOf, stateFields } from './subscription-views.service.ts';

/**
 * A pet's subscriptions as the New Visit forms use them: the active one for a purpose, using it on a visit (a
 * grooming session), and the subscription object every answer shows. Selling one (purchase or renewal) is
 * subscription-purchases.service.ts, with its visit in the sales module (sales/subscription-sale.service.ts).
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

/** The pet's live subscription of the purpose (active, or sold and waiting for its money), if any. */
export function liveSubscriptionOf(db: DbOrTx, petId: string, visitTypeId: string): Promise<SubscriptionRecord | undefined> {
  return findLive(db, petId, visitTypeId);
}

/**
 * The subscription a visit uses: the pet's active subscription for the visit's purpose, on `planId` when the
 * client names one. 400 when the pet holds none, or when its validity ended before `today` (the daily job makes it
 * inactive shortly after midnight; until it runs, an expired subscription is refused here all the same).
 */
export async function requireHeldSubscription(
  db: DbOrTx,
  petId: string,
  type: VisitTypeRow,
  planId: string | null | undefined,
  today: string,
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
  if (row.validUntil && row.validUntil < today) {
    const message = SUBSCRIPTION_MESSAGES.expiredOn(type.purpose, row.validUntil);
    throw badRequest(message, { planId: message });
  }
  return { row, plan };
}

/**
 * Uses one grooming session of the subscription, inside the visit's transaction; 409 when none is left. The last
 * session used makes it inactive ('used_up' in its history).
 */
export async function useGroomingSession(tx: DbOrTx, subscriptionId: string, now: Date): Promise<void> {
  const row = await takeGroomingSession(tx, subscriptionId);
  if (!row) throw conflict(VISIT_SAVED_MESSAGES.noGroomingsLeft);
  if (!row.active) await writeEnd(tx, row, 'used_up', now);
}

/** A subscription as `getsubscriptiondetails`, `buysubscription` and `buyy` answer it. */
export async function subscriptionToApi(
  db: DbOrTx,
  row: SubscriptionRecord,
  plan?: PlanRow,
): Promise<SubscriptionDetails & { price: number; duration: number }> {
  const p = plan ?? (await planById(db, row.planId));
  if (!p) throw new Error(`subscription ${row.id}: plan ${row.planId} is missing`);
  const [type, pets, dues] = await Promise.all([
    visitTypeById(db, p.visitTypeId),
    petsWithOwnersByIds(db, [row.petId]),
    duesOf(db, [row.id]),
  ]);
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
      validityInDays: p.validityDays,
    },
    subscriptionType,
    numberOfGroomings: row.groomingsLeft,
    daysLeft: row.daysLeft,
    discount: toRupees(row.discountPaise),
    active: row.active,
    firstPaymentDate: row.firstPaymentDate,
    lastPaymentDate: row.lastPaymentDate,
    ...stateFields(row, dues.get(row.id)),
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

export { endSoldSubscriptions } from './subscription-purchases.service.ts';
