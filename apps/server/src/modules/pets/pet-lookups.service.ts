import type { DbOrTx } from '../../db/client.ts';
import { findPetsBornOn, findPetsWithOwners, type PetWithOwnerRow, petIdExists } from './pet-lookups.repo.ts';

/**
 * What other modules read of pets and owners (follow-ups, reminders,
 * prescriptions…): they call these instead of joining the pets and owners
 * tables. Each is one query, batched by ids, so a list of n rows costs one
 * lookup, not n.
 */
export interface PetWithOwner {
  id: string;
  name: string;
  species: string;
  dob: string | null;
  owner: { id: string; name: string; phone: string; email: string | null };
}

const toPetWithOwner = (r: PetWithOwnerRow): PetWithOwner => ({
  id: r.id,
  name: r.name,
  species: r.species,
  dob: r.dob,
  owner: { id: r.ownerId, name: r.ownerName, phone: r.ownerPhone, email: r.ownerEmail },
});

/** The pets (with owners) of these ids, by id; ids of no pet are absent from the map. */
export async function petsWithOwnersByIds(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, PetWithOwner>> {
  const rows = await findPetsWithOwners(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, toPetWithOwner(r)]));
}

/** Pets (with owners) born on any of the (month, day) pairs, by name then id, at most `limit`. */
export async function petsBornOn(
  db: DbOrTx,
  keys: readonly { month: number; day: number }[],
  limit: number,
): Promise<PetWithOwner[]> {
  return (await findPetsBornOn(db, keys, limit)).map(toPetWithOwner);
}

/** Is there a pet with this id? */
export function petExists(db: DbOrTx, id: string): Promise<boolean> {
  return petIdExists(db, id);
}
