/**
 * Helpers of the subscription tests (issue 16): buy a plan at the desk as the New Visit form does, pay its payment
 * link on the offline provider's page, read a subscription's row and history, the pet's subscriptions as Pet Records
 * reads them, and the outbox's emails about a subscription.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import { notifications, subscriptionEvents, subscriptions } from '../src/db/schema/index.ts';
import { useDeboardTest } from './deboard-kit.ts';
import { type PlanRow, typeByCode } from './visit-kit.ts';
import { walletKit } from './wallet-kit.ts';

export interface BuyOpts {
  method?: 'cash' | 'payment_link' | 'card' | 'wallet';
  payLater?: boolean;
  /** Defaults to the plan's price; `null` leaves it out (the existing client's habit with 0). */
  total?: number | null;
  price?: number;
  token?: string;
}

export function useSubscriptionTest() {
  const d = useDeboardTest();
  const { t, staff, db, post, get } = d;
  const w = walletKit(t);

  function buyBody(petId: string, plan: PlanRow, buyTypeId: string, o: BuyOpts = {}) {
    const price = o.price ?? plan.pricePaise / 100;
    return {
      petId,
      visitType: buyTypeId,
      planId: plan.id,
      details: { selectedPayment: o.method ?? 'cash', price, ...(o.payLater !== undefined ? { payLater: o.payLater } : {}) },
      ...(o.total === null ? {} : { totalPrice: o.total ?? price }),
    };
  }

  /** POST /subscription/buysubscription at the desk. */
  async function buy(petId: string, plan: PlanRow, o: BuyOpts = {}) {
    const buyType = await typeByCode(db(), 'buy_subscription');
    return post('/subscription/buysubscription', buyBody(petId, plan, buyType.id, o), o.token ?? staff.token);
  }

  /** Buys and expects 201; answers the JSON. */
  async function bought(petId: string, plan: PlanRow, o: BuyOpts = {}) {
    const res = await buy(petId, plan, o);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** Pays a payment link on the offline provider's page (anyone holding the link, outside production). */
  async function payLink(linkUrl: string) {
    const path = new URL(linkUrl).pathname;
    const res = await t.call({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  /** The card checkout the desk opens for a sale's pending card payment, paid and verified (offline provider). */
  async function payByCard(visitId: string, amount: number) {
    const order = await post('/payments/create-order', { amount, receipt: `r_${visitId}`, notes: { visitId } }, staff.token);
    expect(order.statusCode, order.body).toBe(200);
    const result = await w.pay(order.json().order.id, staff.token);
    const verified = await w.verify(result, staff.token);
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json();
  }

  const petSubscriptions = async (petId: string, token = staff.token) => {
    const res = await get(`/subscription/petssubscription/${petId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, any>[];
  };

  return { ...d, w, buy, bought, buyBody, payLink, payByCard, petSubscriptions };
}

export async function subscriptionOf(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

export async function liveOfPet(db: DbOrTx, petId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.petId, petId), sql`(active or awaiting_payment)`));
}

/** A subscription's history, oldest first. */
export function eventsOf(db: DbOrTx, subscriptionId: string) {
  return db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id));
}

/** The outbox's emails of a kind to an owner. */
export function emailsTo(db: DbOrTx, ownerId: string, kind: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ownerId, ownerId), eq(notifications.kind, kind)));
}
