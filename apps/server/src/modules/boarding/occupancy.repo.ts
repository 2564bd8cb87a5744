import { and, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
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

/** Pets boarded now in the type (index boardings_type_idx). */
export async function countActiveOfType(db: DbOrTx, visitTypeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(boardings)
    .where(and(eq(boardings.visitTypeId, visitTypeId), eq(boardings.isBoarded, true)));
  return Number(row?.n ?? 0);
}

export interface StayRow {
  visitTypeId: string;
  entryTime: Date;
  exitTime: Date | null;
  numberOfDays: number;
  isBoarded: boolean;
}

/**
 * The stays of these types that may touch [after, before): entered before `before`, and still boarded or left at
 * or after `after`. Only those rows are read (never the whole table); the caller counts days exactly.
 */
export async function staysOverlapping(
  db: DbOrTx,
  visitTypeIds: readonly string[],
  after: Date,
  before: Date,
): Promise<StayRow[]> {
  if (visitTypeIds.length === 0) return [];
  return db
    .select({
      visitTypeId: boardings.visitTypeId,
      entryTime: boardings.entryTime,
      exitTime: boardings.exitTime,
      numberOfDays: boardings.numberOfDays,
      isBoarded: boardings.isBoarded,
    })
    .from(boardings)
    .where(
      and(
        inArray(boardings.visitTypeId, [...visitTypeIds]),
        lt(boardings.entryTime, before),
        or(eq(boardings.isBoarded, true), gte(boardings.exitTime, after)),
      ),
    );
}
