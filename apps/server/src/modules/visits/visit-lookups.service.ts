import type { DbOrTx } from '../../db/client.ts';
import { countVisitsOfPets, findVisitLabels, findVisitPet } from './visit-lookups.repo.ts';

export { visitPurposeSql } from './visit-lookups.repo.ts';

/** A visit as a list of another module names it: its purpose, and whether it was voided. */
export interface VisitLabel {
  id: string;
  purpose: string;
  voided: boolean;
}

/** The purposes of these visits, by id, in one query; ids of no visit are absent from the map. */
export async function visitLabelsByIds(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, VisitLabel>> {
  const rows = await findVisitLabels(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, purpose: r.purpose, voided: r.voidedAt !== null }]));
}

/** How many visits of these pets were recorded in [from, to), voided ones left out. */
export function countVisitsOfPetsBetween(db: DbOrTx, petIds: readonly string[], from: Date, to: Date): Promise<number> {
  return countVisitsOfPets(db, petIds, from, to);
}

/** The pet a visit is of; undefined for no such visit. */
export function petOfVisit(db: DbOrTx, visitId: string): Promise<{ id: string; petId: string | null } | undefined> {
  return findVisitPet(db, visitId);
}
