import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visits } from '../../db/schema/index.ts';

/** Reads of visits for the Visit History search (history module): a visit to index, and a page of visits by id. */

/** A visit as its search row copies it, with created_at at full microsecond precision (a JS Date drops them). */
export async function findVisitsToIndex(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: visits.id,
      petId: visits.petId,
      buyerName: visits.buyerName,
      buyerPhone: visits.buyerPhone,
      visitTypeId: visits.visitTypeId,
      purpose: visits.purpose,
      createdAt: visits.createdAt,
      createdAtUtc: sql<string>`to_char(${visits.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      voidedAt: visits.voidedAt,
    })
    .from(visits)
    .where(sql`${visits.id} = any(${sql.param([...ids])}::varchar[])`);
}

/** These visits (any order). */
export async function findVisitsByIds(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(visits)
    .where(sql`${visits.id} = any(${sql.param([...ids])}::varchar[])`);
}
