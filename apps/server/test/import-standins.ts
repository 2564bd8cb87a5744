/**
 * Stand-ins for records of collections whose importers are being written beside these tests (issue 21): the tests of
 * the boarding packages, wallets, appointments and notices importers insert them directly so references resolve as
 * they will once visit types and visits are imported. Drop this file (and its calls) when those importers land.
 */
import type { Db } from '../src/db/client.ts';
import { visits, visitTypes } from '../src/db/schema/index.ts';
import { fixtureId } from './import-fixture.ts';

/** The fixture's visit types, in its order (the index is the one in their ids). */
export const FIXTURE_VISIT_TYPES = [
  'Hostel',
  'Day Care',
  'Veterinary',
  'Grooming',
  'Dog Park',
  'Day School',
  'Play School',
  'Inquiry',
  'Shop',
] as const;

/**
 * Visit types with the fixture's ids. The installed ones keep their purposes (unique), so these are named
 * '<purpose> (original)' with codes of their own: a booking naming the fixture's id finds one of these; a booking
 * found by name finds the installed one.
 */
export async function standInVisitTypes(db: Db): Promise<void> {
  await db
    .insert(visitTypes)
    .values(
      FIXTURE_VISIT_TYPES.map((purpose, i) => ({
        id: fixtureId('visittypes', i),
        code: `original_${i}`,
        purpose: `${purpose} (original)`,
        sortOrder: 100 + i,
      })),
    )
    .onConflictDoNothing();
}

/** The fixture's visit `v` (its pet is pet v % pets, its type the v-th modulo the types), for notices that name it. */
export async function standInVisits(db: Db, indexes: readonly number[], pets: number): Promise<void> {
  await db
    .insert(visits)
    .values(
      indexes.map((v) => ({
        id: fixtureId('visits', v),
        petId: fixtureId('pets', v % pets),
        visitTypeId: fixtureId('visittypes', v % FIXTURE_VISIT_TYPES.length),
        purpose: FIXTURE_VISIT_TYPES[v % FIXTURE_VISIT_TYPES.length]!,
      })),
    )
    .onConflictDoNothing();
}
