import {
  type PetSubscription,
  type SubscriptionHistoryEntry,
  type SubscriptionStatus,
  toRupees,
  VISIT_TYPE_CODE,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { type PlanRow, plansByIds, type VisitTypeRow, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { eventsOfSubscriptions, SALE_KINDS, type SubscriptionEventRow } from './subscription-events.repo.ts';
import type { SubscriptionRecord } from './subscription-records.repo.ts';

/**
 * How a subscription shows in every answer: its status, what is still owed on it, whether its latest purchase is
 * 'pay later' and unpaid, its plan, and its history. What is owed comes from the ledger, which this module does not
 * read (payments depends on subscriptions): the sales module provides it (`provideSaleDues`, at load).
 */

/** What is still due on each of these sales (visits), in paise; a sale with nothing due may be left out. */
export type SaleDuesReader = (db: DbOrTx, visitIds: readonly string[]) => Promise<Map<string, number>>;

let saleDues: SaleDuesReader | undefined;

/** Registers the reader of what is due on a sale (sales/subscription-activation.service.ts, at load). */
export function provideSaleDues(reader: SaleDuesReader): void {
  saleDues = reader;
}

/** The grooming purpose's subscriptions count sessions; every other purpose's count days ("day plans"). */
export const isGroomingPurpose = (type: Pick<VisitTypeRow, 'code'> | undefined) => type?.code === VISIT_TYPE_CODE.Grooming;

export function statusOf(row: Pick<SubscriptionRecord, 'active' | 'awaitingPayment'>): SubscriptionStatus {
  return row.active ? 'active' : row.awaitingPayment ? 'awaiting_payment' : 'inactive';
}

const isSale = (e: SubscriptionEventRow) => (SALE_KINDS as readonly string[]).includes(e.kind);

export interface Dues {
  /** Paise still owed on its purchases and renewals (void ones left out). */
  duePaise: number;
  /** Its latest purchase was sold 'pay later' and is not paid in full. */
  payLater: boolean;
}

/** What is owed on each subscription (by id), from its events and the ledger; one lookup of each. */
export async function duesOf(
  db: DbOrTx,
  ids: readonly string[],
  events?: readonly SubscriptionEventRow[],
): Promise<Map<string, Dues>> {
  const all = events ?? (await eventsOfSubscriptions(db, ids));
  const sales = all.filter((e) => isSale(e) && e.status !== 'void' && e.visitId);
  if (!saleDues) throw new Error('subscriptions: no reader of sale dues registered (sales/subscription-activation.service.ts)');
  const due = sales.length ? await saleDues(db, [...new Set(sales.map((e) => e.visitId!))]) : new Map<string, number>();
  const out = new Map<string, Dues>();
  for (const id of ids) {
    const mine = sales.filter((e) => e.subscriptionId === id);
    const duePaise = mine.reduce((s, e) => s + (due.get(e.visitId!) ?? 0), 0);
    // Newest first (as events are read): the latest purchase or renewal.
    const latest = [...mine].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))[0];
    out.set(id, { duePaise, payLater: Boolean(latest?.payLater && (due.get(latest.visitId!) ?? 0) > 0) });
  }
  return out;
}

/** The state fields of a subscription object. */
export function stateFields(row: SubscriptionRecord, dues: Dues | undefined) {
  return {
    status: statusOf(row),
    validUntil: row.validUntil,
    amountDue: toRupees(dues?.duePaise ?? 0),
    payLater: dues?.payLater ?? false,
  };
}

/** A plan as a subscription answer names it. */
export function planRef(plan: PlanRow, type: VisitTypeRow | undefined) {
  return {
    _id: plan.id,
    name: plan.name,
    subscriptionType: { _id: plan.visitTypeId, purpose: type?.purpose ?? '' },
    price: toRupees(plan.pricePaise),
    duration: plan.durationDays,
    numberOfGroomings: plan.numberOfGroomings,
    validityInDays: plan.validityDays,
  };
}

export function historyEntry(e: SubscriptionEventRow, plans: Map<string, PlanRow>): SubscriptionHistoryEntry {
  return {
    _id: e.id,
    kind: e.kind,
    status: e.status,
    date: (e.appliedAt ?? e.createdAt).toISOString(),
    planName: plans.get(e.planId)?.name ?? '',
    days: e.days,
    groomings: e.groomings,
    price: toRupees(e.pricePaise),
    daysLeftAfter: e.daysLeftAfter,
    groomingsLeftAfter: e.groomingsLeftAfter,
    validUntilAfter: e.validUntilAfter,
    visitId: e.visitId,
  };
}

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** What every list of subscriptions needs beside the rows: plans, purposes, events and dues, one lookup each. */
export async function subscriptionContext(db: DbOrTx, rows: readonly SubscriptionRecord[]) {
  const ids = rows.map((r) => r.id);
  const events = await eventsOfSubscriptions(db, ids);
  const plans = byId(await plansByIds(db, unique([...rows.map((r) => r.planId), ...events.map((e) => e.planId)])));
  const types = byId(await visitTypesByIds(db, unique(rows.map((r) => r.visitTypeId))));
  const dues = await duesOf(db, ids, events);
  return { events, plans, types, dues };
}

/** Subscriptions as Pet Records lists them (spec 000 §3), each with its history, newest first. */
export async function toPetSubscriptions(db: DbOrTx, rows: readonly SubscriptionRecord[]): Promise<PetSubscription[]> {
  const c = await subscriptionContext(db, rows);
  return rows.flatMap((r) => {
    const plan = c.plans.get(r.planId);
    if (!plan) return [];
    return [
      {
        _id: r.id,
        planId: planRef(plan, c.types.get(r.visitTypeId)),
        active: r.active,
        daysLeft: r.daysLeft,
        numberOfGroomings: r.groomingsLeft,
        firstPaymentDate: r.firstPaymentDate,
        lastPaymentDate: r.lastPaymentDate,
        ...stateFields(r, c.dues.get(r.id)),
        history: c.events.filter((e) => e.subscriptionId === r.id).map((e) => historyEntry(e, c.plans)),
      },
    ];
  });
}
