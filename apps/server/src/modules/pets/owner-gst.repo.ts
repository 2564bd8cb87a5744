import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { owners } from '../../db/schema/index.ts';

/** An owner's GST fields (issue 17): GSTIN and state code, null when none. */
export interface OwnerGstRow {
  id: string;
  gstin: string | null;
  stateCode: string | null;
}

export async function findOwnersGst(db: DbOrTx, ids: readonly string[]): Promise<OwnerGstRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: owners.id, gstin: owners.gstin, stateCode: owners.stateCode })
    .from(owners)
    .where(sql`${owners.id} = any(${sql.param([...new Set(ids)])}::varchar[])`);
}

/** Sets the owner's GSTIN and state (in the edit's transaction). */
export async function updateOwnerGst(
  db: DbOrTx,
  id: string,
  values: { gstin: string | null; stateCode: string | null },
): Promise<void> {
  await db.update(owners).set(values).where(eq(owners.id, id));
}
