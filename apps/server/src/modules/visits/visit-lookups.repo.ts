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

/** How many visits of these pets were recorded in [from, to), voided ones left out (the customer dashboard). */
export async function countVisitsOfPets(db: DbOrTx, petIds: readonly string[], from: Date, to: Date): Promise<number> {
  if (petIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .where(
      sql`${visits.petId} = any(${sql.param([...petIds])}::varchar[]) and ${visits.createdAt} >= ${from} and ${visits.createdAt} < ${to} and ${visits.voidedAt} is null`,
    );
  return Number(row?.n ?? 0);
}

/** The pet a visit is of (who may read the visit's documents); undefined for no such visit. */
export async function findVisitPet(db: DbOrTx, id: string): Promise<{ id: string; petId: string | null } | undefined> {
  const [row] = await db.select({ id: visits.id, petId: visits.petId }).from(visits).where(sql`${visits.id} = ${id}`);
  return row;
}
