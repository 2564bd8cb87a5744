import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardings } from '../../db/schema/index.ts';

export type BoardingRow = typeof boardings.$inferSelect;
export type NewBoardingRow = typeof boardings.$inferInsert;

/** The partial unique index that allows one active boarding per pet. */
export const ACTIVE_BOARDING_UQ = 'boardings_active_pet_uq';

/** The pet's active boarding (at most one: ACTIVE_BOARDING_UQ). */
export async function findActiveBoarding(db: DbOrTx, petId: string): Promise<BoardingRow | undefined> {
  const [row] = await db
    .select()
    .from(boardings)
    .where(and(eq(boardings.petId, petId), eq(boardings.isBoarded, true)))
    .limit(1);
  return row;
}

export async function insertBoarding(db: DbOrTx, values: NewBoardingRow): Promise<BoardingRow> {
  const [row] = await db.insert(boardings).values(values).returning();
  return row!;
}

/** The boardings these visits started. */
export async function findBoardingsOfVisits(db: DbOrTx, visitIds: readonly string[]): Promise<BoardingRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .select()
    .from(boardings)
    .where(inArray(boardings.visitId, [...visitIds]));
}
