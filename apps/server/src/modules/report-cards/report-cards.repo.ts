import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { incidents, reportCards } from '../../db/schema/index.ts';

export type ReportCardRow = typeof reportCards.$inferSelect;
export type NewReportCardRow = typeof reportCards.$inferInsert;
export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncidentRow = typeof incidents.$inferInsert;

/** The unique index that allows one card per stay per day. */
export const STAY_DAY_UQ = 'report_cards_stay_day_uq';

export async function insertReportCard(db: DbOrTx, values: NewReportCardRow): Promise<ReportCardRow> {
  const [row] = await db.insert(reportCards).values(values).returning();
  return row!;
}

/** A card, locked (FOR UPDATE) until the transaction ends when `lock`: one writer of its photos and state at a time. */
export async function findReportCard(db: DbOrTx, id: string, lock = false): Promise<ReportCardRow | undefined> {
  const q = db.select().from(reportCards).where(eq(reportCards.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findCardOfStayDay(db: DbOrTx, boardingId: string, day: string): Promise<ReportCardRow | undefined> {
  const [row] = await db
    .select()
    .from(reportCards)
    .where(and(eq(reportCards.boardingId, boardingId), eq(reportCards.day, day)))
    .limit(1);
  return row;
}

/** The cards of these stays for a day (id, stay and whether sent). */
export async function cardsOfStaysOn(db: DbOrTx, boardingIds: readonly string[], day: string) {
  if (boardingIds.length === 0) return [];
  return db
    .select({ id: reportCards.id, boardingId: reportCards.boardingId, sentAt: reportCards.sentAt })
    .from(reportCards)
    .where(and(inArray(reportCards.boardingId, [...boardingIds]), eq(reportCards.day, day)));
}

export async function updateReportCard(db: DbOrTx, id: string, set: Partial<NewReportCardRow>): Promise<ReportCardRow> {
  const [row] = await db.update(reportCards).set(set).where(eq(reportCards.id, id)).returning();
  return row!;
}

/**
 * Marks a card sent; only a card not sent yet changes (undefined otherwise), so two sends at once send once.
 */
export async function markCardSent(db: DbOrTx, id: string, at: Date, by: string): Promise<ReportCardRow | undefined> {
  const [row] = await db
    .update(reportCards)
    .set({ sentAt: at, sentBy: by })
    .where(and(eq(reportCards.id, id), sql`${reportCards.sentAt} is null`))
    .returning();
  return row;
}

/** An owner's sent cards (of one pet, or all), newest day first, after the cursor; `limit + 1` rows. */
export async function pageSentCardsOfOwner(
  db: DbOrTx,
  q: { ownerId: string; petId?: string; limit: number; after?: { key: string; id: string } },
): Promise<ReportCardRow[]> {
  const conds: SQL[] = [eq(reportCards.ownerId, q.ownerId), isNotNull(reportCards.sentAt)];
  if (q.petId) conds.push(eq(reportCards.petId, q.petId));
  if (q.after) conds.push(sql`(${reportCards.day}, ${reportCards.id}) < (${q.after.key}, ${q.after.id})`);
  return db
    .select()
    .from(reportCards)
    .where(and(...conds))
    .orderBy(desc(reportCards.day), desc(reportCards.id))
    .limit(q.limit + 1);
}

export async function insertIncident(db: DbOrTx, values: NewIncidentRow): Promise<IncidentRow> {
  const [row] = await db.insert(incidents).values(values).returning();
  return row!;
}

export async function findIncident(db: DbOrTx, id: string, lock = false): Promise<IncidentRow | undefined> {
  const q = db.select().from(incidents).where(eq(incidents.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateIncident(db: DbOrTx, id: string, set: Partial<NewIncidentRow>): Promise<IncidentRow> {
  const [row] = await db.update(incidents).set(set).where(eq(incidents.id, id)).returning();
  return row!;
}

/** Marks the owner told, once: only an incident not told yet changes (undefined otherwise). */
export async function markOwnerTold(db: DbOrTx, id: string, at: Date, by: string): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ ownerToldAt: at, ownerToldBy: by })
    .where(and(eq(incidents.id, id), sql`${incidents.ownerToldAt} is null`))
    .returning();
  return row;
}

/** A stay's incidents, oldest first (at most 200: a stay with more is not a stay). */
export function incidentsOfStay(db: DbOrTx, boardingId: string): Promise<IncidentRow[]> {
  return db
    .select()
    .from(incidents)
    .where(eq(incidents.boardingId, boardingId))
    .orderBy(asc(incidents.occurredAt), asc(incidents.id))
    .limit(200);
}

/** A pet's incidents over all its stays, newest first, at most `limit`. */
export function incidentsOfPet(db: DbOrTx, petId: string, limit: number): Promise<IncidentRow[]> {
  return db
    .select()
    .from(incidents)
    .where(eq(incidents.petId, petId))
    .orderBy(desc(incidents.occurredAt), desc(incidents.id))
    .limit(limit);
}

/** How many incidents each of these stays has. */
export async function incidentCounts(db: DbOrTx, boardingIds: readonly string[]): Promise<Map<string, number>> {
  if (boardingIds.length === 0) return new Map();
  const rows = await db
    .select({ boardingId: incidents.boardingId, n: sql<number>`count(*)::int` })
    .from(incidents)
    .where(inArray(incidents.boardingId, [...boardingIds]))
    .groupBy(incidents.boardingId);
  return new Map(rows.map((r) => [r.boardingId, r.n]));
}
