import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visits } from '../../db/schema/index.ts';

/** What other modules read of visits by id (the owner's statement names each sale by its purpose). */
export async function findVisitLabels(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: visits.id, purpose: visits.purpose, voidedAt: visits.voidedAt })
    .from(visits)
    .where(sql`${visits.id} = any(${sql.param([...ids])}::varchar[])`);
}
