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
  if (!t || !t.active) throw badRequest(message, { visitType: message });
  return t;
}

/** A plan a request names, which must belong to `visitTypeId` when given. */
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
  };
}

/** A plan as the API answers it: `subscriptionType {purpose}` as the existing client reads it. */
export function planToApi(p: PlanRow, type: VisitTypeRow | undefined) {
  return {
    _id: p.id,
    name: p.name,
    price: toRupees(p.pricePaise),
    duration: p.durationDays,
    validityInDays: p.durationDays,
    numberOfGroomings: p.numberOfGroomings,
    active: p.active,
    subscriptionType: { _id: p.visitTypeId, purpose: type?.purpose ?? '', code: type?.code ?? '' },
  };
}
