import { type SQL, sql } from 'drizzle-orm';
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

/**
 * The purpose of the visit whose id `visitId` gives, as a SQL expression (a lookup by primary key): another module's
 * grouped query can then group by purpose in the database instead of reading every visit id back (the Today board's
 * 30-day chart summed ~27,000 charges by visit and looked each visit up: 0.3 s a request at 1,000,000 visits).
 */
export function visitPurposeSql(visitId: SQL): SQL<string | null> {
  return sql<string | null>`(select ${visits.purpose} from ${visits} where ${visits.id} = ${visitId})`;
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
