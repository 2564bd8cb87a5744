import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/** Writes and lookups of the subscriptions a pet buys and uses at the desk. */

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type NewSubscriptionRecord = typeof subscriptions.$inferInsert;

/**
 * Serialises the subscription purchases of one pet until the transaction ends (an advisory lock on the pet id),
 * so two concurrent purchases cannot both find "no active subscription" and both buy one.
 */
export async function lockPetSubscriptions(tx: DbOrTx, petId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pawdesk:subscriptions-of-pet:${petId}`}, 0))`);
}

/** The pet's active subscriptions on any of these plans, most recently paid first. */
export async function findActiveOnPlans(db: DbOrTx, petId: string, planIds: readonly string[]): Promise<SubscriptionRecord[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.petId, petId), eq(subscriptions.active, true), inArray(subscriptions.planId, [...planIds])))
    .orderBy(desc(subscriptions.lastPaymentDate), desc(subscriptions.id));
}

export async function findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function insertSubscription(db: DbOrTx, values: NewSubscriptionRecord): Promise<SubscriptionRecord> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/**
 * One grooming session off an active subscription, atomically; inactive once none is left. Undefined when none is
 * left (or it is not active).
 */
export async function takeGroomingSession(db: DbOrTx, id: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({
      groomingsLeft: sql`${subscriptions.groomingsLeft} - 1`,
      active: sql`${subscriptions.groomingsLeft} - 1 > 0`,
    })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.active, true), gt(subscriptions.groomingsLeft, 0)))
    .returning();
  return row;
}

/** The pet's live subscription for the purpose (active, or sold and waiting for its money): at most one. */
export async function findLive(db: DbOrTx, petId: string, visitTypeId: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.petId, petId),
        eq(subscriptions.visitTypeId, visitTypeId),
        or(eq(subscriptions.active, true), eq(subscriptions.awaitingPayment, true)),
      ),
    )
    .limit(1);
  return row;
}

/** The subscription, locked until the transaction ends (lock order: after the owner's ledger lock). */
export async function lockSubscription(tx: DbOrTx, id: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export type SubscriptionPatch = Partial<
  Pick<
    SubscriptionRecord,
    | 'planId'
    | 'daysLeft'
    | 'groomingsLeft'
    | 'active'
    | 'awaitingPayment'
    | 'validUntil'
    | 'expiryWarnedOn'
    | 'pricePaise'
    | 'durationDays'
  >
>;

export async function updateSubscription(tx: DbOrTx, id: string, patch: SubscriptionPatch): Promise<SubscriptionRecord> {
  const [row] = await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** Money arrived for it on `date`: the first payment date if none yet, the last one moves forward. */
export async function notePaymentDate(tx: DbOrTx, ids: readonly string[], date: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(subscriptions)
    .set({
      firstPaymentDate: sql`coalesce(${subscriptions.firstPaymentDate}, ${date}::date)`,
      lastPaymentDate: sql`greatest(${subscriptions.lastPaymentDate}, ${date}::date)`,
    })
    .where(inArray(subscriptions.id, [...ids]));
}

export async function findSubscriptions(db: DbOrTx, ids: readonly string[]): Promise<SubscriptionRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...new Set(ids)]));
}

/** Subscriptions of these pets: live ones first, then the most recently paid, at most `limit`. */
export async function findSubscriptionsOfPets(
  db: DbOrTx,
  petIds: readonly string[],
  limit: number,
): Promise<SubscriptionRecord[]> {
  if (petIds.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.petId, [...new Set(petIds)]))
    .orderBy(
      desc(subscriptions.active),
      desc(subscriptions.awaitingPayment),
      sql`${subscriptions.lastPaymentDate} desc nulls last`,
      desc(subscriptions.id),
    )
    .limit(limit);
}

/** Active subscriptions whose validity ended before `today` (subscriptions_valid_until_idx), oldest end first. */
export async function findPastValidity(db: DbOrTx, today: string, limit: number): Promise<SubscriptionRecord[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.active, true), isNotNull(subscriptions.validUntil), lt(subscriptions.validUntil, today)))
    .orderBy(asc(subscriptions.validUntil), asc(subscriptions.id))
    .limit(limit);
}

/** Makes it inactive when it is still active and past its validity; undefined when another writer got there first. */
export async function expireIfPast(tx: DbOrTx, id: string, today: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await tx
    .update(subscriptions)
    .set({ active: false })
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.active, true),
        isNotNull(subscriptions.validUntil),
        lt(subscriptions.validUntil, today),
      ),
    )
    .returning();
  return row;
}

/**
 * Active subscriptions running out: `fewDays` or fewer days left (of the purposes in `dayPurposes`: day plans), or a
 * validity ending on or before `until`. `unwarnedOnly`: not warned yet for this purchase. Soonest first.
 */
export async function findRunningOut(
  db: DbOrTx,
  o: { dayPurposes: readonly string[]; fewDays: number; today: string; until: string; unwarnedOnly: boolean; limit: number },
): Promise<SubscriptionRecord[]> {
  const dayPlan = o.dayPurposes.length ? inArray(subscriptions.visitTypeId, [...o.dayPurposes]) : sql`false`;
  // Days to go: the days left of a day plan, or the days until its validity ends, whichever is fewer.
  const toGo = sql`least(case when ${dayPlan} then ${subscriptions.daysLeft} end, ${subscriptions.validUntil} - ${o.today}::date)`;
  const running: SQL[] = [and(isNotNull(subscriptions.validUntil), lte(subscriptions.validUntil, o.until))!];
  if (o.dayPurposes.length) {
    running.push(and(inArray(subscriptions.visitTypeId, [...o.dayPurposes]), lte(subscriptions.daysLeft, o.fewDays))!);
  }
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.active, true), or(...running), o.unwarnedOnly ? isNull(subscriptions.expiryWarnedOn) : undefined))
    .orderBy(sql`${toGo} asc nulls last`, asc(subscriptions.validUntil), asc(subscriptions.id))
    .limit(o.limit);
}

/** The owner was emailed about it running out today (once per purchase: a renewal clears it). */
export async function markWarned(tx: DbOrTx, id: string, today: string): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ expiryWarnedOn: today })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.expiryWarnedOn), eq(subscriptions.active, true)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Ends these subscriptions (no longer active nor waiting for money); the ones it ended. */
export async function endSubscriptions(db: DbOrTx, ids: readonly string[]): Promise<SubscriptionRecord[]> {
  if (ids.length === 0) return [];
  return db
    .update(subscriptions)
    .set({ active: false, awaitingPayment: false })
    .where(and(inArray(subscriptions.id, [...ids]), or(eq(subscriptions.active, true), eq(subscriptions.awaitingPayment, true))))
    .returning();
}
