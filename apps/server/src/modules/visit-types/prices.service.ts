import {
  type AdminVisitType,
  GST_MSG,
  OCCUPANCY_MSG,
  type CreatePlanBody,
  PRICES_MSG,
  type PriceField,
  type SubscriptionPlan,
  toPaise,
  toRupees,
  type UpdatePlanBody,
  type UpdateVisitTypeChange,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { gstRatesForCheck, requireGstRateInForce } from '../site/gst-settings.service.ts';
import {
  insertPlan,
  lockPlan,
  lockPurposeNames,
  lockVisitType,
  type PlanPatch,
  type PlanRow,
  purposeTaken,
  updatePlanRow,
  updateVisitTypeRow,
  type VisitTypePatch,
  type VisitTypeRow,
  visitTypeById,
} from './visit-types.repo.ts';
import { planToApi, visitTypeToApi } from './visit-types.service.ts';

/**
 * The admin price screen's writes: visit type prices, names and availability, and subscription plans. Each change
 * is one transaction that locks the row, writes it and records the audit entry (who, what, the changed fields
 * before and after in rupees). A change that changes nothing writes nothing. Changes apply to new visits and
 * purchases only: a visit keeps the price it was sold at, a subscription keeps its plan even when it is retired.
 * A boarding type's capacity (places, null = no limit) is changed and audited the same way.
 */

/** Each price of the API and the column that holds it. */
const PRICE_COLUMNS = {
  price: 'pricePaise',
  halfdayPrice: 'halfdayPricePaise',
  consultationPricePvt: 'consultationPvtPaise',
  consultationPricePvtEmergency: 'consultationPvtEmergencyPaise',
  consultationPriceNgo: 'consultationNgoPaise',
  consultationPriceNgoEmergency: 'consultationNgoEmergencyPaise',
} as const satisfies Record<PriceField, keyof VisitTypeRow>;

export const visitTypeToAdmin = (t: VisitTypeRow): AdminVisitType => ({ ...visitTypeToApi(t), active: t.active });

/** The changed fields of a write, as the audit log keeps them. */
class Diff<P extends object> {
  readonly patch: Partial<P> = {};
  readonly before: Record<string, unknown> = {};
  readonly after: Record<string, unknown> = {};

  /** Records `field` (its API name) when the new column value differs; `show` turns a column value into the API's. */
  set<K extends keyof P, V extends Exclude<P[K], undefined>>(
    field: string,
    column: K,
    from: V,
    to: V | undefined,
    show: (v: V) => unknown = (v) => v,
  ) {
    if (to === undefined || to === from) return;
    this.patch[column] = to as Partial<P>[K];
    this.before[field] = show(from);
    this.after[field] = show(to);
  }

  get empty() {
    return Object.keys(this.patch).length === 0;
  }
}

const paiseOf = (rupees: number | undefined) => (rupees === undefined ? undefined : toPaise(rupees));

export async function updateVisitType(
  db: DbOrTx,
  actor: Principal,
  id: string,
  body: UpdateVisitTypeChange,
  today: string,
): Promise<AdminVisitType> {
  return db.transaction(async (tx) => {
    // The rate list's lock (shared) first: a change of the list cannot remove the rate while this sets it.
    if (body.gstRate !== undefined) await gstRatesForCheck(tx);
    if (body.purpose !== undefined) await lockPurposeNames(tx);
    const t = await lockVisitType(tx, id);
    if (!t) throw notFound('Visit type');
    const diff = new Diff<VisitTypePatch>();
    for (const [field, column] of Object.entries(PRICE_COLUMNS) as [PriceField, (typeof PRICE_COLUMNS)[PriceField]][]) {
      diff.set(field, column, t[column], paiseOf(body[field]), toRupees);
    }
    if (body.purpose !== undefined && body.purpose !== t.purpose && (await purposeTaken(tx, body.purpose, id))) {
      const message = PRICES_MSG.purposeTaken(body.purpose);
      throw new AppError(409, message, { purpose: message });
    }
    diff.set('purpose', 'purpose', t.purpose, body.purpose);
    diff.set('active', 'active', t.active, body.active);
    if (body.capacity !== undefined && !t.isBoarding) {
      throw badRequest(OCCUPANCY_MSG.boardingOnly, { capacity: OCCUPANCY_MSG.boardingOnly });
    }
    // Lowering it below the pets boarded now is allowed: new boardings are refused until there is room.
    diff.set('capacity', 'capacity', t.capacity, body.capacity);
    // GST (issue 17): prices exclusive of GST are refused until the sale paths add it on top (docs/decisions.md).
    if (body.priceIncludesTax === false && t.priceIncludesTax) {
      throw badRequest(GST_MSG.exclusiveNotYet, { priceIncludesTax: GST_MSG.exclusiveNotYet });
    }
    // A new rate must be in the admin's list and in force today; keeping the current one always may.
    if (body.gstRate !== undefined && body.gstRate !== Number(t.gstRatePercent)) {
      await requireGstRateInForce(tx, body.gstRate, today);
    }
    diff.set('sacCode', 'sacCode', t.sacCode, body.sacCode);
    diff.set('gstRate', 'gstRatePercent', Number(t.gstRatePercent), body.gstRate);
    diff.set('gstExempt', 'gstExempt', t.gstExempt, body.gstExempt);
    diff.set('priceIncludesTax', 'priceIncludesTax', t.priceIncludesTax, body.priceIncludesTax);
    if (diff.empty) return visitTypeToAdmin(t);
    const saved = await updateVisitTypeRow(tx, id, diff.patch);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'visit_type.update',
      entity: 'visit_type',
      entityId: id,
      before: diff.before,
      after: diff.after,
    });
    return visitTypeToAdmin(saved);
  });
}

/** The plan's fields as the audit log shows a new plan. */
const planFacts = (p: PlanRow, type: VisitTypeRow) => ({
  visitType: type.purpose,
  name: p.name,
  price: toRupees(p.pricePaise),
  duration: p.durationDays,
  numberOfGroomings: p.numberOfGroomings,
  validityDays: p.validityDays,
});

export async function createPlan(db: DbOrTx, actor: Principal, body: CreatePlanBody): Promise<SubscriptionPlan> {
  return db.transaction(async (tx) => {
    const type = await visitTypeById(tx, body.visitType);
    if (!type) throw badRequest(PRICES_MSG.visitTypeRequired, { visitType: PRICES_MSG.visitTypeRequired });
    if (!type.hasSubscription) throw badRequest(PRICES_MSG.noSubscriptions, { visitType: PRICES_MSG.noSubscriptions });
    const p = await insertPlan(tx, {
      visitTypeId: type.id,
      name: body.name,
      pricePaise: toPaise(body.price),
      durationDays: body.duration,
      numberOfGroomings: body.numberOfGroomings ?? 0,
      validityDays: body.validityDays ?? null,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'plan.create',
      entity: 'plan',
      entityId: p.id,
      after: planFacts(p, type),
    });
    return planToApi(p, type);
  });
}

/** Runs `change` on the locked plan; writes and audits what it changed. */
async function changePlan(
  db: DbOrTx,
  actor: Principal,
  id: string,
  action: string,
  change: (p: PlanRow, diff: Diff<PlanPatch>) => void,
): Promise<SubscriptionPlan> {
  return db.transaction(async (tx) => {
    const p = await lockPlan(tx, id);
    if (!p) throw notFound('Plan');
    const type = await visitTypeById(tx, p.visitTypeId);
    const diff = new Diff<PlanPatch>();
    change(p, diff);
    if (diff.empty) return planToApi(p, type);
    const saved = await updatePlanRow(tx, id, diff.patch);
    await recordAudit(tx, { actorId: actor.id, action, entity: 'plan', entityId: id, before: diff.before, after: diff.after });
    return planToApi(saved, type);
  });
}

/**
 * Name, price, duration, groomings or validity (null: no expiry). Subscriptions already sold keep their days,
 * groomings left and validity; the new values apply to purchases and renewals from now on.
 */
export function updatePlan(db: DbOrTx, actor: Principal, id: string, body: UpdatePlanBody): Promise<SubscriptionPlan> {
  return changePlan(db, actor, id, 'plan.update', (p, diff) => {
    diff.set('name', 'name', p.name, body.name);
    diff.set('price', 'pricePaise', p.pricePaise, paiseOf(body.price), toRupees);
    diff.set('duration', 'durationDays', p.durationDays, body.duration);
    diff.set('numberOfGroomings', 'numberOfGroomings', p.numberOfGroomings, body.numberOfGroomings);
    diff.set('validityDays', 'validityDays', p.validityDays, body.validityDays);
  });
}

/** Retires a plan (no longer offered; the subscriptions that hold it keep it) or offers it again. */
export function setPlanOffered(db: DbOrTx, actor: Principal, id: string, offered: boolean): Promise<SubscriptionPlan> {
  return changePlan(db, actor, id, offered ? 'plan.restore' : 'plan.retire', (p, diff) => {
    diff.set('active', 'active', p.active, offered);
  });
}
