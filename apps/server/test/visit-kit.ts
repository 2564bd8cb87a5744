/**
 * Test helpers of the New Visit, boarding and subscription tests: visit types and plans by code, a subscription a
 * pet holds, the ledger rows of a record, and a save call.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import { boardings, payments, subscriptionPlans, subscriptions, visitTypes } from '../src/db/schema/index.ts';
import { type TestApp, useTestApp, useTestUser } from './harness.ts';

export type VisitTypeRow = typeof visitTypes.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;

export async function typeByCode(db: DbOrTx, code: string): Promise<VisitTypeRow> {
  const [row] = await db.select().from(visitTypes).where(eq(visitTypes.code, code));
  if (!row) throw new Error(`no visit type ${code}`);
  return row;
}

/** The first plan (by price) of a visit type. */
export async function planOf(db: DbOrTx, code: string): Promise<PlanRow> {
  const type = await typeByCode(db, code);
  const rows = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.visitTypeId, type.id));
  const plan = rows.sort((a, b) => a.pricePaise - b.pricePaise)[0];
  if (!plan) throw new Error(`no plan for ${code}`);
  return plan;
}

/** A subscription the pet holds (inserted directly, as if bought earlier). */
export async function holdSubscription(
  db: DbOrTx,
  petId: string,
  plan: PlanRow,
  o: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      petId,
      planId: plan.id,
      visitTypeId: plan.visitTypeId,
      daysLeft: plan.durationDays,
      groomingsLeft: plan.numberOfGroomings,
      pricePaise: plan.pricePaise,
      durationDays: plan.durationDays,
      active: true,
      firstPaymentDate: '2026-11-01',
      lastPaymentDate: '2026-11-01',
      ...o,
    })
    .returning();
  return row!;
}

export function ledgerOfVisit(db: DbOrTx, visitId: string) {
  return db.select().from(payments).where(eq(payments.visitId, visitId)).orderBy(payments.createdAt, payments.id);
}

export function ledgerOfPet(db: DbOrTx, petId: string) {
  return db.select().from(payments).where(eq(payments.petId, petId));
}

export function activeBoardings(db: DbOrTx, petId: string) {
  return db
    .select()
    .from(boardings)
    .where(and(eq(boardings.petId, petId), eq(boardings.isBoarded, true)));
}

export async function subscriptionRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

/** POST under /api/v1 with a staff (or other) token. */
export const postAs = (t: TestApp) => (url: string, payload: unknown, token?: string) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token });

export const getAs = (t: TestApp) => (url: string, token?: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token });

/**
 * A visit test file's app, a staff and a customer account, the call helpers, and every visit type by code
 * (`types.hostel`), loaded once the app has started.
 */
export function useVisitTest() {
  const t = useTestApp();
  const staff = useTestUser(t, 'staff');
  const customer = useTestUser(t, 'customer');
  const types: Record<string, VisitTypeRow> = {};
  beforeAll(async () => {
    for (const row of await t.database.db.select().from(visitTypes)) types[row.code] = row;
  });
  return { t, staff, customer, types, db: () => t.database.db, post: postAs(t), get: getAs(t) };
}
