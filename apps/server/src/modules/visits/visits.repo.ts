import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visitItems, visits } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs, newestFirst } from '../../lib/cursor.ts';

/**
 * A page of a pet's visits, newest first, after the cursor; `limit + 1` rows so the caller sees whether a next page exists.
 */
export async function pageVisitsOfPet(db: DbOrTx, petId: string, limit: number, after?: Cursor) {
  const conds: SQL[] = [eq(visits.petId, petId)];
  if (after) conds.push(afterCursor(visits.createdAt, visits.id, after));
  return db
    .select({
      id: visits.id,
      createdAt: visits.createdAt,
      cursorTs: cursorTs(visits.createdAt),
      purpose: visits.purpose,
      pricePaise: visits.pricePaise,
      details: visits.details,
      itemId: visits.itemId,
      quantity: visits.quantity,
      volumeML: visits.volumeML,
      visitTypeId: visits.visitTypeId,
      voidedAt: visits.voidedAt,
      voidReason: visits.voidReason,
    })
    .from(visits)
    .where(and(...conds))
    .orderBy(...newestFirst(visits.createdAt, visits.id))
    .limit(limit + 1);
}

/** A pet's newest visits (at most `max`), newest first. */
export async function newestVisitsOfPet(db: DbOrTx, petId: string, max: number) {
  return db
    .select({
      id: visits.id,
      createdAt: visits.createdAt,
      purpose: visits.purpose,
      pricePaise: visits.pricePaise,
      itemId: visits.itemId,
      quantity: visits.quantity,
      volumeML: visits.volumeML,
    })
    .from(visits)
    .where(eq(visits.petId, petId))
    .orderBy(...newestFirst(visits.createdAt, visits.id))
    .limit(max);
}

/** The item lines of these visits. */
export async function itemLinesOf(db: DbOrTx, visitIds: readonly string[]) {
  if (visitIds.length === 0) return [];
  return db
    .select({
      visitId: visitItems.visitId,
      kind: visitItems.kind,
      name: visitItems.name,
      quantity: visitItems.quantity,
      unit: visitItems.unit,
      volume: visitItems.volume,
      doseNumber: visitItems.doseNumber,
    })
    .from(visitItems)
    .where(inArray(visitItems.visitId, [...visitIds]));
}
