import { addDays, SUBSCRIPTION_MESSAGES } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, pgConstraint } from '../../lib/errors.ts';
import { type PlanRow, planById, visitTypeById } from '../visit-types/visit-types.service.ts';
import {
  eventsOfSubscriptions,
  insertEvent,
  markApplied,
  markVoid,
  SALE_KINDS,
  type SubscriptionEventRow,
  saleEventsOfVisits,
} from './subscription-events.repo.ts';
import {
  endSubscriptions,
  findLive,
  insertSubscription,
  lockPetSubscriptions,
  lockSubscription,
  notePaymentDate,
  type SubscriptionRecord,
  updateSubscription,
} from './subscription-records.repo.ts';
import { isGroomingPurpose } from './subscription-views.service.ts';

/**
 * A plan sold for a pet (issue 16 "Renewal", "Paid before used"): the pet holds at most one live subscription per
 * purpose (active, or sold and waiting for its money; a unique partial index backs the per-pet lock). Buying any plan
 * of a purpose the pet holds live renews that subscription; each purchase and renewal is a history event naming its
 * sale. A sale paid now (cash, wallet, online checkout) or sold 'pay later' is applied at once: its days and sessions
 * are added, the validity extended, the subscription active. A card or payment-link sale waits for its money: a new
 * subscription stays `awaiting_payment` (not usable) until the sale is paid in full (`saleMoneyArrived`).
 */

export interface Claim {
  row: SubscriptionRecord;
  /** The pet held a live subscription of the purpose: the sale renews it. */
  renewed: boolean;
}

const LIVE_INDEX = 'subscriptions_one_live_uq';
const isSale = (e: SubscriptionEventRow) => (SALE_KINDS as readonly string[]).includes(e.kind);

/**
 * The subscription a sale of `plan` is for, inside the sale's transaction: the pet's live one of the plan's purpose
 * (renewed), or a new one waiting for its sale (nothing in it yet). 409 while the live one's own purchase is unpaid.
 */
export async function claimSubscription(tx: DbOrTx, s: { petId: string; plan: PlanRow; purpose: string }): Promise<Claim> {
  await lockPetSubscriptions(tx, s.petId);
  const live = await findLive(tx, s.petId, s.plan.visitTypeId);
  if (live?.awaitingPayment) throw conflict(SUBSCRIPTION_MESSAGES.awaitingPayment(s.purpose));
  if (live) return { row: live, renewed: true };
  try {
    const row = await insertSubscription(tx, {
      petId: s.petId,
      planId: s.plan.id,
      visitTypeId: s.plan.visitTypeId,
      daysLeft: 0,
      groomingsLeft: 0,
      active: false,
      awaitingPayment: true,
      discountPaise: 0,
      pricePaise: s.plan.pricePaise,
      durationDays: s.plan.durationDays,
      firstPaymentDate: null,
      lastPaymentDate: null,
    });
    return { row, renewed: false };
  } catch (err) {
    // Only without the pet's lock (it is taken above): the index is the last word.
    if (pgConstraint(err) === LIVE_INDEX) throw conflict(SUBSCRIPTION_MESSAGES.liveConflict(s.purpose));
    throw err;
  }
}

export interface SaleOfPlan {
  claim: Claim;
  /** The Buy/Renew Subscription visit that sells it. */
  visitId: string;
  plan: PlanRow;
  /** The price it is sold at (the plan's; an online order keeps the price it was made at). */
  pricePaise: number;
  /** Staff chose 'pay later': usable now, owed until paid. */
  payLater: boolean;
  /** Paid now or 'pay later': applied at once; else it waits for its sale to be paid in full. */
  applyNow: boolean;
  userId: string | null;
  /** The business day (money taken now is received today) and the clock's now. */
  today: string;
  now: Date;
}

/** Records the purchase or renewal (its history event) and applies it when it is paid now or sold 'pay later'. */
export async function recordPlanSale(tx: DbOrTx, s: SaleOfPlan): Promise<SubscriptionEventRow> {
  const event = await insertEvent(tx, {
    subscriptionId: s.claim.row.id,
    kind: s.claim.renewed ? 'renewal' : 'purchase',
    status: 'awaiting_payment',
    visitId: s.visitId,
    planId: s.plan.id,
    days: s.plan.durationDays,
    groomings: s.plan.numberOfGroomings,
    pricePaise: s.pricePaise,
    payLater: s.payLater,
    createdBy: s.userId,
    createdAt: s.now,
  });
  if (!s.applyNow) return event;
  return (await applySale(tx, event, s.today, s.now)) ?? event;
}

/**
 * Adds what a purchase or renewal sold to its subscription (or, when that one ended meanwhile, to the pet's live one
 * of the purpose): days and sessions, the plan's price and duration (later extra-day charges use them), the validity
 * from the later of `date` and the current end; active again. Undefined when it was applied or voided already.
 */
async function applySale(tx: DbOrTx, e: SubscriptionEventRow, date: string, now: Date) {
  let sub = await lockSubscription(tx, e.subscriptionId);
  if (!sub) throw new Error(`subscription ${e.subscriptionId} is missing`);
  if (!sub.active && !sub.awaitingPayment) {
    const live = await findLive(tx, sub.petId, sub.visitTypeId);
    if (live) sub = (await lockSubscription(tx, live.id)) ?? sub;
  }
  const plan = await planById(tx, e.planId);
  const validity = plan?.validityDays ?? null;
  const from = sub.validUntil && sub.validUntil > date ? sub.validUntil : date;
  // Days added onto another purchase still waiting for its money: usable once that one is paid.
  const stillWaiting = sub.awaitingPayment && sub.id !== e.subscriptionId;
  const saved = await updateSubscription(tx, sub.id, {
    planId: e.planId,
    pricePaise: e.pricePaise,
    durationDays: plan?.durationDays ?? e.days,
    daysLeft: sub.daysLeft + e.days,
    groomingsLeft: sub.groomingsLeft + e.groomings,
    validUntil: validity ? addDays(from, validity) : null,
    expiryWarnedOn: null,
    active: !stillWaiting,
    awaitingPayment: stillWaiting,
  });
  return markApplied(tx, e.id, {
    subscriptionId: saved.id,
    appliedAt: now,
    daysLeftAfter: saved.daysLeft,
    groomingsLeftAfter: saved.groomingsLeft,
    validUntilAfter: saved.validUntil,
  });
}

/** Is this sale (visit) paid in full? The sales module answers from the ledger. */
export type PaidInFull = (tx: DbOrTx, visitId: string) => Promise<boolean>;

/**
 * Money arrived on a sale (inside the ledger write, under the owner's lock): the purchases and renewals it sold that
 * wait for their money are applied once the sale is paid in full, and the subscriptions' payment dates move to `date`
 * (the business day the money arrived). Idempotent: a sale announced twice changes nothing more.
 */
export async function saleMoneyArrived(
  tx: DbOrTx,
  m: { visitId?: string; subscriptionId?: string; date: string; now: Date; paidInFull: PaidInFull },
): Promise<void> {
  let events = m.visitId ? (await saleEventsOfVisits(tx, [m.visitId])).filter(isSale) : [];
  if (events.length === 0 && m.subscriptionId) {
    events = (await eventsOfSubscriptions(tx, [m.subscriptionId])).filter((e) => isSale(e) && e.visitId);
  }
  events = events.filter((e) => e.status !== 'void');
  if (events.length === 0) return;
  const touched = new Set<string>();
  for (const e of events) {
    if (e.status === 'awaiting_payment' && (await m.paidInFull(tx, e.visitId!))) {
      const applied = await applySale(tx, e, m.date, m.now);
      touched.add(applied?.subscriptionId ?? e.subscriptionId);
    } else touched.add(e.subscriptionId);
  }
  await notePaymentDate(tx, [...touched].sort(), m.date);
}

/**
 * The subscriptions a voided or cancelled sale sold: its money is credited, so what it sold is no longer the
 * owner's. Each purchase or renewal of `sold.visitIds` becomes void (one waiting for its money simply never
 * applies); the days and sessions an applied one added are taken off. A subscription left with no applied purchase,
 * or nothing usable, ends (an 'ended' event with what remained). `ids` are the subscriptions the sale's charges name
 * (a sale recorded before its history had events ends them). Answers the ids of the subscriptions it ended.
 */
export async function endSoldSubscriptions(
  tx: DbOrTx,
  ids: readonly string[],
  sold: { visitIds: readonly string[]; now: Date },
): Promise<string[]> {
  const events = (await saleEventsOfVisits(tx, sold.visitIds)).filter((e) => isSale(e) && e.status !== 'void');
  const subIds = [...new Set([...ids, ...events.map((e) => e.subscriptionId)])].sort();
  const ended: string[] = [];
  for (const id of subIds) {
    const sub = await lockSubscription(tx, id);
    if (!sub) continue;
    const mine = events.filter((e) => e.subscriptionId === id);
    let days = sub.daysLeft;
    let groomings = sub.groomingsLeft;
    for (const e of mine.filter((x) => x.status === 'applied')) {
      days = Math.max(0, days - e.days);
      groomings = Math.max(0, groomings - e.groomings);
    }
    await markVoid(
      tx,
      mine.map((e) => e.id),
    );
    const applied = (await eventsOfSubscriptions(tx, [id])).filter((e) => isSale(e) && e.status === 'applied');
    const grooming = isGroomingPurpose(await visitTypeById(tx, sub.visitTypeId));
    const usable = grooming ? groomings > 0 : days > 0;
    const endIt = mine.length === 0 || applied.length === 0 || !usable;
    if (days !== sub.daysLeft || groomings !== sub.groomingsLeft) {
      await updateSubscription(tx, id, { daysLeft: days, groomingsLeft: groomings });
    }
    if (!endIt || !(sub.active || sub.awaitingPayment)) continue;
    const [row] = await endSubscriptions(tx, [id]);
    if (!row) continue;
    await writeEnd(tx, row, 'ended', sold.now);
    ended.push(id);
  }
  return ended;
}

/** An end of a subscription in its history, with what remained on it (and was lost). */
export function writeEnd(tx: DbOrTx, row: SubscriptionRecord, kind: 'expired' | 'used_up' | 'ended', now: Date) {
  return insertEvent(tx, {
    subscriptionId: row.id,
    kind,
    status: 'applied',
    planId: row.planId,
    days: row.daysLeft,
    groomings: row.groomingsLeft,
    daysLeftAfter: row.daysLeft,
    groomingsLeftAfter: row.groomingsLeft,
    validUntilAfter: row.validUntil,
    appliedAt: now,
    createdAt: now,
  });
}
