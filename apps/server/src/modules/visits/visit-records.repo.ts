import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visitItems, visits } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/** Writes and single-visit reads of the New Visit endpoints and the visit lookups. */

export type VisitRow = typeof visits.$inferSelect;
export type NewVisitRow = typeof visits.$inferInsert;
export type VisitItemRow = typeof visitItems.$inferSelect;
export type NewVisitItemRow = typeof visitItems.$inferInsert;

export async function insertVisit(db: DbOrTx, values: NewVisitRow): Promise<VisitRow> {
  const [row] = await db.insert(visits).values(values).returning();
  return row!;
}

/**
 * Inserts a visit's lines. Their ids share one random prefix and end in the line's position, so reading them in id
 * order gives them back in the order they were entered.
 */
export async function insertVisitItems(db: DbOrTx, rows: readonly NewVisitItemRow[]): Promise<VisitItemRow[]> {
  if (rows.length === 0) return [];
  const prefix = newId().slice(0, 20);
  return db
    .insert(visitItems)
    .values(rows.map((r, i) => ({ ...r, id: prefix + i.toString(16).padStart(4, '0') })))
    .returning();
}

export async function findVisit(db: DbOrTx, id: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visits).where(eq(visits.id, id)).limit(1);
  return row;
}

/** The lines (shop items, medicines, vaccines) of these visits, in insertion order per visit. */
export async function findVisitItems(db: DbOrTx, visitIds: readonly string[]): Promise<VisitItemRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .select()
    .from(visitItems)
    .where(inArray(visitItems.visitId, [...visitIds]))
    .orderBy(visitItems.visitId, visitItems.id);
}

/**
 * Marks a visit voided (when, by whom, why): the only change a visit's row ever gets after it is saved. Undefined
 * when the visit is unknown or already voided (a void that ran first).
 */
export async function markVisitVoided(
  db: DbOrTx,
  id: string,
  v: { at: Date; by: string; reason: string },
): Promise<VisitRow | undefined> {
  const [row] = await db
    .update(visits)
    .set({ voidedAt: v.at, voidedBy: v.by, voidReason: v.reason })
    .where(and(eq(visits.id, id), isNull(visits.voidedAt)))
    .returning();
  return row;
}

/** The services added to a stay's bill (issue 18), not voided, oldest first. */
export async function findStayBillVisits(
  db: DbOrTx,
  boardingId: string,
): Promise<Pick<VisitRow, 'id' | 'purpose' | 'petId' | 'createdAt'>[]> {
  return db
    .select({ id: visits.id, purpose: visits.purpose, petId: visits.petId, createdAt: visits.createdAt })
    .from(visits)
    .where(and(eq(visits.stayBoardingId, boardingId), isNull(visits.voidedAt)))
    .orderBy(visits.createdAt, visits.id);
}

/** The services on the bills of these stays (not voided): visit id and the stay, for the Deboard list's dues. */
export async function findStayBillVisitsOf(
  db: DbOrTx,
  boardingIds: readonly string[],
): Promise<{ id: string; stayBoardingId: string | null }[]> {
  if (boardingIds.length === 0) return [];
  return db
    .select({ id: visits.id, stayBoardingId: visits.stayBoardingId })
    .from(visits)
    .where(and(inArray(visits.stayBoardingId, [...boardingIds]), isNull(visits.voidedAt)));
}
