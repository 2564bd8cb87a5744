import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardings } from '../../db/schema/index.ts';

export type InHouseRow = typeof boardings.$inferSelect;

/** Every open stay (all boarding types), oldest entry first; at most `limit` rows (boardings_active_pet_uq bounds it). */
export function findStaysInHouse(db: DbOrTx, limit: number): Promise<InHouseRow[]> {
  return db
    .select()
    .from(boardings)
    .where(eq(boardings.isBoarded, true))
    .orderBy(asc(boardings.entryTime), asc(boardings.id))
    .limit(limit);
}
