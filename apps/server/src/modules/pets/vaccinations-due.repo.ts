import { and, asc, between, eq, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { owners, pets, vaccinations } from '../../db/schema/index.ts';

export interface VaccinationDueRow {
  id: string;
  petId: string;
  petName: string;
  species: string;
  ownerId: string;
  ownerName: string;
  /** Null for an imported owner without a phone (issue 21). */
  ownerPhone: string | null;
  ownerEmail: string | null;
  name: string;
  numberOfDose: number | null;
  nextDue: string;
}

const later = alias(vaccinations, 'later');

/**
 * Vaccinations whose next due date is from `from` to `to` (inclusive; a range scan of vaccinations_next_due_idx),
 * with pet and owner, by next due date then pet name, at most `limit`. A record is left out when a later record of
 * the same vaccine (same name, any case) supersedes it: one due later, or one given on or after its due date.
 * `ownerIds` narrows to those owners' pets.
 */
export async function findVaccinationsDue(
  db: DbOrTx,
  q: { from: string; to: string; limit: number; ownerIds?: readonly string[] },
): Promise<VaccinationDueRow[]> {
  const superseded = db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.petId, vaccinations.petId),
        ne(later.id, vaccinations.id),
        sql`lower(trim(${later.name})) = lower(trim(${vaccinations.name}))`,
        or(
          sql`${later.nextDue} > ${vaccinations.nextDue}`,
          sql`${later.givenOn} >= ${vaccinations.nextDue}`,
          and(sql`${later.nextDue} = ${vaccinations.nextDue}`, sql`${later.id} > ${vaccinations.id}`),
        ),
      ),
    );
  const rows = await db
    .select({
      id: vaccinations.id,
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      ownerId: owners.id,
      ownerName: owners.name,
      ownerPhone: owners.phone,
      ownerEmail: owners.email,
      name: vaccinations.name,
      numberOfDose: vaccinations.numberOfDose,
      nextDue: vaccinations.nextDue,
    })
    .from(vaccinations)
    .innerJoin(pets, eq(pets.id, vaccinations.petId))
    .innerJoin(owners, eq(owners.id, pets.ownerId))
    .where(
      and(
        between(vaccinations.nextDue, q.from, q.to),
        notExists(superseded),
        q.ownerIds ? inArray(pets.ownerId, [...q.ownerIds]) : undefined,
      ),
    )
    .orderBy(asc(vaccinations.nextDue), asc(pets.name), asc(vaccinations.id))
    .limit(q.limit);
  return rows.map((r) => ({ ...r, nextDue: r.nextDue! }));
}
