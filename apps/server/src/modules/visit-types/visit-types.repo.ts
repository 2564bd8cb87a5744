import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptionPlans, visitTypes } from '../../db/schema/index.ts';

export type VisitTypeRow = typeof visitTypes.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;

export async function allVisitTypes(db: DbOrTx, opts: { activeOnly?: boolean } = {}): Promise<VisitTypeRow[]> {
  return db
    .select()
    .from(visitTypes)
    .where(opts.activeOnly ? eq(visitTypes.active, true) : undefined)
    .orderBy(asc(visitTypes.sortOrder), asc(visitTypes.purpose));
}

export async function visitTypeById(db: DbOrTx, id: string): Promise<VisitTypeRow | undefined> {
  const [row] = await db.select().from(visitTypes).where(eq(visitTypes.id, id)).limit(1);
  return row;
}

export async function visitTypesByIds(db: DbOrTx, ids: readonly string[]): Promise<VisitTypeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(visitTypes)
    .where(inArray(visitTypes.id, [...ids]));
}

export async function visitTypeByCode(db: DbOrTx, code: string): Promise<VisitTypeRow | undefined> {
  const [row] = await db.select().from(visitTypes).where(eq(visitTypes.code, code)).limit(1);
  return row;
}

export async function allPlans(db: DbOrTx, opts: { activeOnly?: boolean; visitTypeId?: string } = {}): Promise<PlanRow[]> {
  const conds = [];
  if (opts.activeOnly) conds.push(eq(subscriptionPlans.active, true));
  if (opts.visitTypeId) conds.push(eq(subscriptionPlans.visitTypeId, opts.visitTypeId));
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(...conds))
    .orderBy(asc(subscriptionPlans.visitTypeId), asc(subscriptionPlans.durationDays), asc(subscriptionPlans.pricePaise));
}

export async function planById(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1);
  return row;
}

export async function plansByIds(db: DbOrTx, ids: readonly string[]): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(subscriptionPlans)
    .where(inArray(subscriptionPlans.id, [...ids]));
}

/* ───────────── writes (the admin price screen) ───────────── */

export type VisitTypePatch = Partial<
  Pick<
    VisitTypeRow,
    | 'purpose'
    | 'pricePaise'
    | 'halfdayPricePaise'
    | 'consultationPvtPaise'
    | 'consultationPvtEmergencyPaise'
    | 'consultationNgoPaise'
    | 'consultationNgoEmergencyPaise'
    | 'active'
    | 'capacity'
    | 'sacCode'
    | 'gstRatePercent'
    | 'gstExempt'
    | 'priceIncludesTax'
  >
>;
export type PlanPatch = Partial<
  Pick<PlanRow, 'name' | 'pricePaise' | 'durationDays' | 'numberOfGroomings' | 'validityDays' | 'active'>
>;

/** The visit type, locked until the transaction ends (so a change's "before" is what it replaced). */
export async function lockVisitType(tx: DbOrTx, id: string): Promise<VisitTypeRow | undefined> {
  const [row] = await tx.select().from(visitTypes).where(eq(visitTypes.id, id)).for('update');
  return row;
}

/** Serialises renames: two admins giving two types the same name (in any case) cannot both succeed. */
export async function lockPurposeNames(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visit_types.purpose'))`);
}

/** Another visit type already named `purpose`, ignoring case. */
export async function purposeTaken(db: DbOrTx, purpose: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: visitTypes.id })
    .from(visitTypes)
    .where(and(sql`lower(${visitTypes.purpose}) = lower(${purpose})`, ne(visitTypes.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function updateVisitTypeRow(tx: DbOrTx, id: string, patch: VisitTypePatch): Promise<VisitTypeRow> {
  const [row] = await tx.update(visitTypes).set(patch).where(eq(visitTypes.id, id)).returning();
  return row!;
}

export async function lockPlan(tx: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
  return row;
}

export async function insertPlan(tx: DbOrTx, values: typeof subscriptionPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await tx.insert(subscriptionPlans).values(values).returning();
  return row!;
}

export async function updatePlanRow(tx: DbOrTx, id: string, patch: PlanPatch): Promise<PlanRow> {
  const [row] = await tx.update(subscriptionPlans).set(patch).where(eq(subscriptionPlans.id, id)).returning();
  return row!;
}
