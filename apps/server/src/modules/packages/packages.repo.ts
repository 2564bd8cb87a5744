import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingPackages } from '../../db/schema/index.ts';

/** The packages on offer (Prices screen): read, created, changed, retired. Owned by the packages module. */

export type OfferRow = typeof boardingPackages.$inferSelect;
export type OfferPatch = Partial<Pick<OfferRow, 'name' | 'visitTypeId' | 'days' | 'pricePaise' | 'active'>>;

/** Every offer (or only those on offer): on offer first, then by name. */
export async function listOffers(db: DbOrTx, activeOnly: boolean): Promise<OfferRow[]> {
  const q = db.select().from(boardingPackages);
  return (activeOnly ? q.where(eq(boardingPackages.active, true)) : q).orderBy(
    desc(boardingPackages.active),
    asc(boardingPackages.name),
    asc(boardingPackages.id),
  );
}

/** One offer; locked (FOR UPDATE) until the transaction ends when `lock`. */
export async function offerById(db: DbOrTx, id: string, lock = false): Promise<OfferRow | undefined> {
  const q = db.select().from(boardingPackages).where(eq(boardingPackages.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function offersByIds(db: DbOrTx, ids: readonly string[]): Promise<OfferRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(boardingPackages)
    .where(inArray(boardingPackages.id, [...new Set(ids)]));
}

export async function insertOffer(db: DbOrTx, values: typeof boardingPackages.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(boardingPackages).values(values).returning();
  return row!;
}

export async function updateOffer(db: DbOrTx, id: string, patch: OfferPatch): Promise<OfferRow> {
  const [row] = await db.update(boardingPackages).set(patch).where(eq(boardingPackages.id, id)).returning();
  return row!;
}
