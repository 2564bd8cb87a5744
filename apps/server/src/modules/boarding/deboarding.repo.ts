import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardings } from '../../db/schema/index.ts';

/** Reads and writes of deboarding: a boarding by id (locked while it is settled or closed), a category's list. */

export type DeboardRow = typeof boardings.$inferSelect;

/** The boarding, locked (SELECT … FOR UPDATE) until the transaction ends when `lock`: one settler or deboarder at a time. */
export async function boardingById(db: DbOrTx, id: string, lock = false): Promise<DeboardRow | undefined> {
  const q = db.select().from(boardings).where(eq(boardings.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Extra-day charges posted so far (the ledger holds the charges; this is what of the quote is posted). */
export async function setExtraCharged(tx: DbOrTx, id: string, paise: number): Promise<void> {
  await tx.update(boardings).set({ extraChargedPaise: paise }).where(eq(boardings.id, id));
}

export interface Closing {
  exitTime: Date;
  extraDays: number;
  subscriptionDaysUsed: number;
  deboardedBy: string;
}

/** The pet leaves: the boarding is done. Only an open boarding closes (returns undefined otherwise). */
export async function closeBoarding(tx: DbOrTx, id: string, c: Closing): Promise<DeboardRow | undefined> {
  const [row] = await tx
    .update(boardings)
    .set({ ...c, isBoarded: false })
    .where(and(eq(boardings.id, id), eq(boardings.isBoarded, true)))
    .returning();
  return row;
}

/** A page position: boarded first (1, then 0), then newest entry first, then id. */
export interface BoardedCursor {
  boarded: 0 | 1;
  /** entry_time in UTC at microsecond precision, `yyyy-MM-ddTHH:mm:ss.ffffff`. */
  ts: string;
  id: string;
}

const boardedRank = sql<number>`(case when ${boardings.isBoarded} then 1 else 0 end)`;

/** A category's boardings, boarded first then newest entry, after the cursor; `limit + 1` rows. */
export async function pageBoardingsOfType(db: DbOrTx, visitTypeId: string, limit: number, after?: BoardedCursor) {
  const conds: SQL[] = [eq(boardings.visitTypeId, visitTypeId)];
  if (after) {
    conds.push(
      sql`(${boardedRank}, ${boardings.entryTime}, ${boardings.id}) < (${after.boarded}::int, (${after.ts})::timestamp at time zone 'UTC', ${after.id})`,
    );
  }
  return db
    .select({
      row: boardings,
      cursorTs: sql<string>`to_char(${boardings.entryTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(boardings)
    .where(and(...conds))
    .orderBy(sql`${boardedRank} desc`, sql`${boardings.entryTime} desc`, sql`${boardings.id} desc`)
    .limit(limit + 1);
}

/** Pets boarded now per boarding type (the Deboard categories' counts); types with none are absent. */
export async function countBoardedByType(db: DbOrTx): Promise<{ visitTypeId: string; n: number }[]> {
  return db
    .select({ visitTypeId: boardings.visitTypeId, n: sql<number>`count(*)::int` })
    .from(boardings)
    .where(eq(boardings.isBoarded, true))
    .groupBy(boardings.visitTypeId);
}

/** The pets in house now (every boarding type), oldest entry first; at most `limit` (the care board). */
export async function boardedNow(db: DbOrTx, limit: number): Promise<DeboardRow[]> {
  return db.select().from(boardings).where(eq(boardings.isBoarded, true)).orderBy(boardings.entryTime, boardings.id).limit(limit);
}
