import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardings } from '../../db/schema/index.ts';

/**
 * Capacity and occupancy queries over `boardings`: the per-type lock that makes the last place go once, the count
 * of a type's active boardings, and the stays that overlap a window of days.
 */

/**
 * Serialises boardings of one type until the transaction ends, so two sales cannot both count the same last
 * place as free. Taken only for types with a capacity.
 */
export async function lockTypeCapacity(tx: DbOrTx, visitTypeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`boarding-capacity:${visitTypeId}`}))`);
}

/** Pets booked in a type on a day (`yyyy-MM-dd`); days without any are absent. */
export interface BookedRow {
  visitTypeId: string;
  day: string;
  n: number;
}

export interface Window {
  /** The days (`yyyy-MM-dd`, business time zone, consecutive) and today there. */
  dates: readonly string[];
  today: string;
  tz: string;
}

/**
 * Places booked per type and day, counted in SQL over the stays that overlap the window (entered before its end;
 * still boarded, or left at or after its start). A stay takes its days in the business time zone: from the day it
 * entered to the day it left, but never today: a pet that left today has freed its place, as the capacity rule
 * counts it; while still boarded, to the last booked day (entry + booked days − 1) or today if it stays on beyond
 * that (an overstay holds its place today, not on future days). A stay that is not boarded and has no exit time
 * takes none.
 */
export async function bookedPerDay(db: DbOrTx, visitTypeIds: readonly string[], w: Window): Promise<BookedRow[]> {
  if (visitTypeIds.length === 0 || w.dates.length === 0) return [];
  const entryDay = sql`(${boardings.entryTime} at time zone ${w.tz})::date`;
  // The instants the window starts and ends at in the business time zone.
  const start = sql`(${w.dates[0]}::date)::timestamp at time zone ${w.tz}`;
  const end = sql`(${w.dates.at(-1)}::date + 1)::timestamp at time zone ${w.tz}`;
  // The days as a VALUES list: the planner knows how many there are (a generate_series is guessed at 1,000 rows,
  // which priced the join high enough for PostgreSQL to JIT-compile it: 600 ms).
  const days = sql.join(
    w.dates.map((d) => sql`(${d}::date)`),
    sql`, `,
  );
  const query = sql`
    with s as (
      select ${boardings.visitTypeId} as type_id,
        ${entryDay} as first_day,
        case when ${boardings.isBoarded}
          then greatest(${entryDay} + (${boardings.numberOfDays} - 1), ${w.today}::date)
          else least((${boardings.exitTime} at time zone ${w.tz})::date, ${w.today}::date - 1)
        end as last_day
      from ${boardings}
      where ${and(
        inArray(boardings.visitTypeId, [...visitTypeIds]),
        sql`${boardings.entryTime} < ${end}`,
        or(eq(boardings.isBoarded, true), sql`${boardings.exitTime} >= ${start}`),
      )}
    )
    select s.type_id as "visitTypeId", d.day::text as "day", count(*)::int as "n"
    from s
    join (values ${days}) as d(day) on d.day between s.first_day and s.last_day
    group by 1, 2`;
  return ((await db.execute(query)) as unknown as { rows: BookedRow[] }).rows;
}

/**
 * Stays boarded now by their last booked day (entry day + booked days − 1, in the business time zone): how many end
 * today and how many ended before (overstays). The Today board's departures.
 */
export async function departuresOn(db: DbOrTx, today: string, tz: string): Promise<{ dueToday: number; overdue: number }> {
  const last = sql`((${boardings.entryTime} at time zone ${tz})::date + (${boardings.numberOfDays} - 1))`;
  const [row] = await db
    .select({
      dueToday: sql<number>`(count(*) filter (where ${last} = ${today}::date))::int`,
      overdue: sql<number>`(count(*) filter (where ${last} < ${today}::date))::int`,
    })
    .from(boardings)
    .where(eq(boardings.isBoarded, true));
  return { dueToday: Number(row?.dueToday ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** A stay leaving on a day: boarded with its last booked day then, or deboarded that day. */
export type DepartingStay = typeof boardings.$inferSelect;

/**
 * The stays checking out on `date` (business time zone): still boarded with their last booked day on it (entry day +
 * booked days − 1), or deboarded that day; oldest entry first, at most `limit`.
 */
export async function staysLeavingOn(db: DbOrTx, date: string, tz: string, limit: number): Promise<DepartingStay[]> {
  const last = sql`((${boardings.entryTime} at time zone ${tz})::date + (${boardings.numberOfDays} - 1))`;
  const dayStart = sql`(${date}::date)::timestamp at time zone ${tz}`;
  const dayEnd = sql`(${date}::date + 1)::timestamp at time zone ${tz}`;
  return db
    .select()
    .from(boardings)
    .where(
      or(
        and(eq(boardings.isBoarded, true), sql`${last} = ${date}::date`),
        and(eq(boardings.isBoarded, false), sql`${boardings.exitTime} >= ${dayStart}`, sql`${boardings.exitTime} < ${dayEnd}`),
      ),
    )
    .orderBy(boardings.entryTime, boardings.id)
    .limit(limit);
}
