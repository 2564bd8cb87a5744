import { and, asc, eq, inArray } from 'drizzle-orm';
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
