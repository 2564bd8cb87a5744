import {
  addDays,
  CUSTOMER_SUBSCRIPTIONS_MESSAGES,
  type CustomerSubscription,
  daysBetween,
  EXPIRING_SUBSCRIPTIONS_MAX,
  type ExpiringSubscription,
  SUBSCRIPTION_EXPIRING_DAYS,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { petsOfOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { allVisitTypes, plansByIds } from '../visit-types/visit-types.service.ts';
import { findRunningOut, findSubscriptionsOfPets, type SubscriptionRecord } from './subscription-records.repo.ts';
import { isGroomingPurpose, planRef, stateFields, subscriptionContext } from './subscription-views.service.ts';

/** Most pets one owner's list reads (a household, not a kennel), and most subscriptions it answers. */
const OWNER_PETS_MAX = 200;
const OWNER_SUBSCRIPTIONS_MAX = 500;

/**
 * My Subscriptions (`GET /subscription/customer-subscriptions?email=`): a customer gets their own pets'
 * subscriptions whatever email the request names (the owner comes from the token); staff get those of the owner
 * with that email. Each with its pet, plan, status, days and sessions left, payment dates, validity and what is owed.
 */
export async function customerSubscriptions(
  db: DbOrTx,
  who: Principal,
  email: string | undefined,
): Promise<CustomerSubscription[]> {
  let by: { userId: string } | { email: string };
  if (who.role === 'staff') {
    const message = CUSTOMER_SUBSCRIPTIONS_MESSAGES.emailRequired;
    if (!email) throw badRequest(message, { email: message });
    by = { email };
  } else by = { userId: who.id };
  const pets = new Map((await petsOfOwner(db, by, OWNER_PETS_MAX)).map((p) => [p.id, p]));
  const rows = await findSubscriptionsOfPets(db, [...pets.keys()], OWNER_SUBSCRIPTIONS_MAX);
  const c = await subscriptionContext(db, rows);
  return rows.flatMap((r) => {
    const plan = c.plans.get(r.planId);
    const pet = pets.get(r.petId);
    if (!plan || !pet) return [];
    return [
      {
        _id: r.id,
        active: r.active,
        ...stateFields(r, c.dues.get(r.id)),
        daysLeft: r.daysLeft,
        numberOfGroomings: r.groomingsLeft,
        firstPaymentDate: r.firstPaymentDate,
        lastPaymentDate: r.lastPaymentDate,
        petId: { _id: pet.id, name: pet.name, breed: pet.breed, email: pet.ownerEmail },
        planId: planRef(plan, c.types.get(r.visitTypeId)),
      },
    ];
  });
}

/** The purposes whose subscriptions count days (every purpose with plans but grooming, which counts sessions). */
export async function dayPurposes(db: DbOrTx): Promise<string[]> {
  return (await allVisitTypes(db)).filter((t) => t.hasSubscription && !isGroomingPurpose(t)).map((t) => t.id);
}

/** Why a subscription is running out: few days left (a day plan), or its validity ending soon (whichever is sooner). */
export function runningOutReason(row: SubscriptionRecord, dayPlan: boolean, today: string): 'days' | 'validity' {
  const validityLeft = row.validUntil ? daysBetween(today, row.validUntil) : Number.POSITIVE_INFINITY;
  return dayPlan && row.daysLeft <= SUBSCRIPTION_EXPIRING_DAYS && row.daysLeft <= validityLeft ? 'days' : 'validity';
}

/** Active subscriptions running out, as `findRunningOut` reads them from today. */
export async function runningOut(db: DbOrTx, today: string, o: { unwarnedOnly: boolean; limit: number }) {
  const days = await dayPurposes(db);
  const rows = await findRunningOut(db, {
    dayPurposes: days,
    fewDays: SUBSCRIPTION_EXPIRING_DAYS,
    today,
    until: addDays(today, SUBSCRIPTION_EXPIRING_DAYS),
    ...o,
  });
  return rows.map((row) => ({ row, reason: runningOutReason(row, days.includes(row.visitTypeId), today) }));
}

/**
 * The staff dashboard's list (`GET /subscription/expiring`): active subscriptions with 7 or fewer days left (day
 * plans) or whose validity ends within 7 days, soonest first, at most 100.
 */
export async function expiringSubscriptions(db: DbOrTx, today: string): Promise<ExpiringSubscription[]> {
  const list = await runningOut(db, today, { unwarnedOnly: false, limit: EXPIRING_SUBSCRIPTIONS_MAX });
  const rows = list.map((l) => l.row);
  const [pets, plans, types] = await Promise.all([
    petsWithOwnersByIds(
      db,
      rows.map((r) => r.petId),
    ),
    plansByIds(db, [...new Set(rows.map((r) => r.planId))]),
    allVisitTypes(db),
  ]);
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const typeOf = new Map(types.map((t) => [t.id, t]));
  return list.map(({ row, reason }) => {
    const pet = pets.get(row.petId);
    return {
      _id: row.id,
      petId: { _id: row.petId, name: pet?.name ?? '' },
      owner: { name: pet?.owner.name ?? '', phone: pet?.owner.phone ?? null },
      purpose: typeOf.get(row.visitTypeId)?.purpose ?? '',
      planName: planOf.get(row.planId)?.name ?? '',
      daysLeft: row.daysLeft,
      numberOfGroomings: row.groomingsLeft,
      validUntil: row.validUntil,
      reason,
    };
  });
}
