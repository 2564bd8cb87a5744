import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { serviceFlagLiftRequests, serviceFlagOverrides, serviceFlags } from '../../db/schema/index.ts';

export type FlagRow = typeof serviceFlags.$inferSelect;
export type NewFlagRow = typeof serviceFlags.$inferInsert;
export type ReviewRow = typeof serviceFlagLiftRequests.$inferSelect;
export type NewReviewRow = typeof serviceFlagLiftRequests.$inferInsert;
export type NewOverrideRow = typeof serviceFlagOverrides.$inferInsert;
export type FlagStatus = FlagRow['status'];

export async function insertFlag(db: DbOrTx, v: NewFlagRow): Promise<FlagRow> {
  const [row] = await db.insert(serviceFlags).values(v).returning();
  return row!;
}

export async function findFlag(db: DbOrTx, id: string, lock = false): Promise<FlagRow | undefined> {
  const q = db.select().from(serviceFlags).where(eq(serviceFlags.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Sets a flag's columns when it is still in one of `from` (the caller's check and this write cannot race). */
export async function updateFlag(
  db: DbOrTx,
  id: string,
  from: readonly FlagStatus[],
  patch: Partial<NewFlagRow>,
): Promise<FlagRow | undefined> {
  const [row] = await db
    .update(serviceFlags)
    .set(patch)
    .where(and(eq(serviceFlags.id, id), inArray(serviceFlags.status, [...from])))
    .returning();
  return row;
}

/** The live (requested or active) flags on any of these pets or owners. */
export async function liveFlagsOn(
  db: DbOrTx,
  s: { petIds: readonly string[]; ownerIds: readonly string[] },
  statuses: readonly FlagStatus[] = ['active'],
): Promise<FlagRow[]> {
  const match = [];
  if (s.petIds.length) match.push(inArray(serviceFlags.petId, [...s.petIds]));
  if (s.ownerIds.length) match.push(inArray(serviceFlags.ownerId, [...s.ownerIds]));
  if (!match.length) return [];
  return db
    .select()
    .from(serviceFlags)
    .where(and(inArray(serviceFlags.status, [...statuses]), or(...match)))
    .orderBy(desc(serviceFlags.createdAt), desc(serviceFlags.id));
}

/** One page of flags in a status, newest first, and how many there are. */
export async function pageFlags(
  db: DbOrTx,
  status: FlagStatus,
  limit: number,
  offset: number,
): Promise<{ rows: FlagRow[]; total: number }> {
  const where = eq(serviceFlags.status, status);
  const rows = await db
    .select()
    .from(serviceFlags)
    .where(where)
    .orderBy(desc(serviceFlags.createdAt), desc(serviceFlags.id))
    .limit(limit)
    .offset(offset);
  const [n] = await db.select({ n: count() }).from(serviceFlags).where(where);
  return { rows, total: n?.n ?? 0 };
}

/** Every active flag (the badges of lists), at most `limit`. */
export function activeFlags(db: DbOrTx, limit: number): Promise<FlagRow[]> {
  return db
    .select()
    .from(serviceFlags)
    .where(eq(serviceFlags.status, 'active'))
    .orderBy(desc(serviceFlags.createdAt))
    .limit(limit);
}

export async function insertReview(db: DbOrTx, v: NewReviewRow): Promise<ReviewRow> {
  const [row] = await db.insert(serviceFlagLiftRequests).values(v).returning();
  return row!;
}

export async function findReview(db: DbOrTx, id: string, lock = false): Promise<ReviewRow | undefined> {
  const q = db.select().from(serviceFlagLiftRequests).where(eq(serviceFlagLiftRequests.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateReview(db: DbOrTx, id: string, patch: Partial<NewReviewRow>): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(serviceFlagLiftRequests)
    .set(patch)
    .where(and(eq(serviceFlagLiftRequests.id, id), eq(serviceFlagLiftRequests.status, 'pending')))
    .returning();
  return row;
}

/** The latest review of each of these flags (pending first), by flag id. */
export async function latestReviewsOf(db: DbOrTx, flagIds: readonly string[]): Promise<Map<string, ReviewRow>> {
  if (!flagIds.length) return new Map();
  const rows = await db
    .select()
    .from(serviceFlagLiftRequests)
    .where(inArray(serviceFlagLiftRequests.flagId, [...flagIds]))
    .orderBy(
      sql`${serviceFlagLiftRequests.status} = 'pending' desc`,
      desc(serviceFlagLiftRequests.createdAt),
      desc(serviceFlagLiftRequests.id),
    );
  const out = new Map<string, ReviewRow>();
  for (const r of rows) if (!out.has(r.flagId)) out.set(r.flagId, r);
  return out;
}

export async function pagePendingReviews(
  db: DbOrTx,
  limit: number,
  offset: number,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = eq(serviceFlagLiftRequests.status, 'pending');
  const rows = await db
    .select()
    .from(serviceFlagLiftRequests)
    .where(where)
    .orderBy(desc(serviceFlagLiftRequests.createdAt), desc(serviceFlagLiftRequests.id))
    .limit(limit)
    .offset(offset);
  const [n] = await db.select({ n: count() }).from(serviceFlagLiftRequests).where(where);
  return { rows, total: n?.n ?? 0 };
}

export async function insertOverride(db: DbOrTx, v: NewOverrideRow): Promise<void> {
  await db.insert(serviceFlagOverrides).values(v);
}

export function overridesOf(db: DbOrTx, flagId: string) {
  return db
    .select()
    .from(serviceFlagOverrides)
    .where(eq(serviceFlagOverrides.flagId, flagId))
    .orderBy(desc(serviceFlagOverrides.createdAt));
}
