import { BOARDING_PURPOSES, type ConsultationPrices, toRupees, VISIT_TYPE_CODE, type VisitTypeCode } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  allPlans,
  allVisitTypes,
  type PlanRow,
  planById,
  plansByIds,
  type VisitTypeRow,
  visitTypeByCode,
  visitTypeById,
  visitTypesByIds,
} from './visit-types.repo.ts';

/**
 * Visit types (purposes with their prices) and subscription plans: reference data that admins manage.
 * Other modules read them only through these functions. Code keys on `code`, never on the display purpose.
 */

export type { PlanRow, VisitTypeRow };
export { allPlans, allVisitTypes, planById, plansByIds, visitTypeByCode, visitTypeById, visitTypesByIds };

/** The codes of the purposes whose visits board the pet. */
export const BOARDING_CODES: readonly VisitTypeCode[] = BOARDING_PURPOSES.map((p) => VISIT_TYPE_CODE[p]);

/** The visit type a request names, or a 400 naming the field: unknown ids are bad input here. */
export async function requireVisitType(
  db: DbOrTx,
  id: string,
  message = 'Invalid visit type. Please try again.',
): Promise<VisitTypeRow> {
  const t = await visitTypeById(db, id);
  if (!t?.active) throw badRequest(message, { visitType: message });
  return t;
}

/** A plan a request names, which must belong to `visitTypeId` when given. Retired plans are found too (held ones are used). */
export async function requirePlan(db: DbOrTx, id: string, visitTypeId?: string): Promise<PlanRow> {
  const p = await planById(db, id);
  if (!p || (visitTypeId && p.visitTypeId !== visitTypeId)) {
    throw badRequest('Please select a subscription plan.', { planId: 'Please select a subscription plan.' });
  }
  return p;
}

export const consultationPrices = (t: VisitTypeRow): ConsultationPrices => ({
  consultationPvtPaise: t.consultationPvtPaise,
  consultationPvtEmergencyPaise: t.consultationPvtEmergencyPaise,
  consultationNgoPaise: t.consultationNgoPaise,
  consultationNgoEmergencyPaise: t.consultationNgoEmergencyPaise,
});

/** A visit type as the API answers it (spec 001 §3 and the existing client's fields), in rupees. */
export function visitTypeToApi(t: VisitTypeRow) {
  return {
    _id: t.id,
    code: t.code,
    purpose: t.purpose,
    price: toRupees(t.pricePaise),
    halfdayPrice: toRupees(t.halfdayPricePaise),
    consultationPricePvt: toRupees(t.consultationPvtPaise),
    consultationPricePvtEmergency: toRupees(t.consultationPvtEmergencyPaise),
    consultationPriceNgo: toRupees(t.consultationNgoPaise),
    consultationPriceNgoEmergency: toRupees(t.consultationNgoEmergencyPaise),
    isBoarding: t.isBoarding,
    hasSubscription: t.hasSubscription,
    capacity: t.capacity,
    sacCode: t.sacCode ?? null,
    gstRate: Number(t.gstRatePercent),
    gstExempt: t.gstExempt,
    priceIncludesTax: t.priceIncludesTax,
  };
}

/** A plan as the API answers it: `subscriptionType {purpose}` as the existing client reads it. */
export function planToApi(p: PlanRow, type: VisitTypeRow | undefined) {
  return {
    _id: p.id,
    name: p.name,
    price: toRupees(p.pricePaise),
    duration: p.durationDays,
    validityInDays: p.validityDays,
    numberOfGroomings: p.numberOfGroomings,
    active: p.active,
    subscriptionType: { _id: p.visitTypeId, purpose: type?.purpose ?? '', code: type?.code ?? '' },
  };
}

/* ───────────── the read calls ───────────── */

/** The visit types on offer, in the New Visit select's order. */
export async function offeredVisitTypes(db: DbOrTx) {
  return (await allVisitTypes(db, { activeOnly: true })).map(visitTypeToApi);
}

/** The purposes whose visits board the pet, on offer, in the Deboard screen's order (Dog Park … Day Care). */
export async function boardingCategories(db: DbOrTx) {
  const rank = (t: VisitTypeRow) => {
    const i = BOARDING_CODES.indexOf(t.code as VisitTypeCode);
    return i === -1 ? BOARDING_CODES.length : i;
  };
  const types = (await allVisitTypes(db, { activeOnly: true })).filter((t) => t.isBoarding);
  // A stable sort: types outside the spec's list keep their sort order after it.
  return types.sort((a, b) => rank(a) - rank(b)).map((t) => ({ _id: t.id, code: t.code, purpose: t.purpose }));
}

/**
 * Plans with their visit types, in the types' order, then by duration and price. `offeredOnly`: the plans on sale
 * (not retired, and of a visit type on offer), as the purchase screens list them.
 */
export async function plansWithTypes(db: DbOrTx, opts: { offeredOnly: boolean; visitTypeId?: string }) {
  const [plans, types] = await Promise.all([
    allPlans(db, { activeOnly: opts.offeredOnly, visitTypeId: opts.visitTypeId }),
    allVisitTypes(db),
  ]);
  const order = new Map(types.map((t, i) => [t.id, i]));
  const byId = new Map(types.map((t) => [t.id, t]));
  return plans
    .filter((p) => !opts.offeredOnly || byId.get(p.visitTypeId)?.active)
    .sort(
      (a, b) =>
        (order.get(a.visitTypeId) ?? 0) - (order.get(b.visitTypeId) ?? 0) ||
        a.durationDays - b.durationDays ||
        a.pricePaise - b.pricePaise,
    )
    .map((p) => planToApi(p, byId.get(p.visitTypeId)));
}
