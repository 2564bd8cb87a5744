import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/** Both sizes of a photo; a photo already stored (the same picture for the same record) is kept as it is. */
export async function insertMedia(db: DbOrTx, rows: NewMediaRow[]): Promise<void> {
  await db.insert(media).values(rows).onConflictDoNothing();
}

export async function findMedia(db: DbOrTx, hash: string, variant: 'display' | 'thumb'): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.hash, hash), eq(media.variant, variant)))
    .limit(1);
  return row;
}

export async function deleteMediaRows(db: DbOrTx, hash: string): Promise<{ store: string }[]> {
  return db.delete(media).where(eq(media.hash, hash)).returning({ store: media.store });
}
