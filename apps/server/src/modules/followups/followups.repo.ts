import { and, asc, between, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { followUps } from '../../db/schema/index.ts';

export type FollowUpRow = Pick<typeof followUps.$inferSelect, 'id' | 'petId' | 'date' | 'time' | 'purpose' | 'present'>;

const columns = {
  id: followUps.id,
  petId: followUps.petId,
  date: followUps.date,
  time: followUps.time,
  purpose: followUps.purpose,
  present: followUps.present,
};

/**
 * Which follow-ups of a range to read:
 * - all: every follow-up;
 * - notPresent: all but those marked present (who still need a reminder);
 * - absent: those marked absent;
 * - overdue: marked absent, or never marked and dated before `today`.
 */
export type FollowUpSelection = 'all' | 'notPresent' | 'absent' | 'overdue';

export function selectionWhere(select: FollowUpSelection, today: string): SQL | undefined {
  switch (select) {
    case 'notPresent':
      return or(isNull(followUps.present), ne(followUps.present, true));
    case 'absent':
      return eq(followUps.present, false);
    case 'overdue':
      return or(eq(followUps.present, false), and(isNull(followUps.present), lt(followUps.date, today)));
    default:
      return undefined;
  }
}

const inRange = (from: string, to: string) => (from === to ? eq(followUps.date, from) : between(followUps.date, from, to));
const timeOrder = sql`${followUps.time} asc nulls last`;

/**
 * Follow-ups from `from` to `to` (inclusive) by date, time (untimed last) and
 * id, at most `limit` (follow_ups_date_idx). `extra` narrows the rows further.
 */
export async function findFollowUps(
  db: DbOrTx,
  from: string,
  to: string,
  opts: { extra?: SQL; limit: number },
): Promise<FollowUpRow[]> {
  return db
    .select(columns)
    .from(followUps)
    .where(and(inRange(from, to), opts.extra))
    .orderBy(asc(followUps.date), timeOrder, asc(followUps.id))
    .limit(opts.limit);
}

/** Every follow-up on `date` at `time` (null: untimed) that `extra` lets through. */
export async function findFollowUpsAt(db: DbOrTx, date: string, time: string | null, extra?: SQL): Promise<FollowUpRow[]> {
  return db
    .select(columns)
    .from(followUps)
    .where(and(eq(followUps.date, date), time === null ? isNull(followUps.time) : eq(followUps.time, time), extra));
}

export async function insertFollowUp(db: DbOrTx, values: typeof followUps.$inferInsert): Promise<string> {
  const [row] = await db.insert(followUps).values(values).returning({ id: followUps.id });
  return row!.id;
}

/** Ids among `ids` that are follow-ups on `date`, locked for update. */
export async function lockFollowUpsOn(db: DbOrTx, date: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.date, date), inArray(followUps.id, ids)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setPresent(db: DbOrTx, ids: string[], present: boolean, markedBy: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(followUps).set({ present, markedBy }).where(inArray(followUps.id, ids));
}
