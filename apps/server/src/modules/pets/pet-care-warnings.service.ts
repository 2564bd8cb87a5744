import type { CareWarning } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The care warnings (allergy, aggression, escape risk, special needs; issue 20) that every pet read answer carries as
 * `careWarnings`, for the coloured badges wherever a pet appears. The care module owns them and imports pets, so
 * pets cannot import care: the care module registers the lookup here at load (care.listeners.ts). One query per
 * list, never one per row.
 */
type WarningsLookup = (db: DbOrTx, petIds: readonly string[]) => Promise<Map<string, CareWarning[]>>;

let lookup: WarningsLookup = async () => new Map();

/** Registered once by the care module. */
export function provideCareWarnings(l: WarningsLookup): void {
  lookup = l;
}

/** Each pet's care warnings, by pet id (pets without any: []). */
export async function careWarningsByPet(db: DbOrTx, petIds: readonly string[]): Promise<Map<string, CareWarning[]>> {
  if (petIds.length === 0) return new Map();
  return lookup(db, [...new Set(petIds)]);
}

/** The pets with their `careWarnings` filled in (one lookup for the whole list). */
export async function withCareWarnings<T extends { _id: string }>(
  db: DbOrTx,
  pets: T[],
): Promise<(T & { careWarnings: CareWarning[] })[]> {
  const map = await careWarningsByPet(
    db,
    pets.map((p) => p._id),
  );
  return pets.map((p) => ({ ...p, careWarnings: map.get(p._id) ?? [] }));
}
