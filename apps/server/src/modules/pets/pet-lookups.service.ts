import { type Photo, photoOf } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findOwners,
  findPetsBornOn,
  findPetsOfOwner,
  findPetsWithOwners,
  type OwnedPetRow,
  type OwnerRow,
  type PetWithOwnerRow,
  petIdExists,
} from './pet-lookups.repo.ts';

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
  breed: string;
  color: string;
  dob: string | null;
  /** The pet's photo (issue 20), for a thumbnail beside its name; null when it has none. */
  photo: Photo | null;
  /** The owner; `phone` is null for an imported owner the original knew no phone of (issue 21). */
  owner: { id: string; name: string; phone: string | null; email: string | null };
}

const toPetWithOwner = (r: PetWithOwnerRow): PetWithOwner => ({
  id: r.id,
  name: r.name,
  species: r.species,
  breed: r.breed,
  color: r.color,
  dob: r.dob,
  photo: r.photoHash ? photoOf(r.photoHash) : null,
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

/** The owner of a pet now (the ledger's rows name it, and its ledger lock is taken first); 404 for no such pet. */
export async function ownerOfPet(db: DbOrTx, petId: string): Promise<string> {
  const pet = (await findPetsWithOwners(db, [petId]))[0];
  if (!pet) throw notFound('Pet');
  return pet.ownerId;
}

export type OwnerContact = OwnerRow;

/** Owners (name, phone, email) of these ids, by id; ids of no owner are absent from the map. */
export async function ownersByIds(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, OwnerContact>> {
  const rows = await findOwners(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export type OwnedPet = OwnedPetRow;

/** A customer's own pets (their linked owner record), or the pets of the owners with an email; by name. */
export function petsOfOwner(db: DbOrTx, by: { userId: string } | { email: string }, limit: number): Promise<OwnedPet[]> {
  return findPetsOfOwner(db, by, limit);
}
export { onPetChanged, type PetChange, type PetChangeListener } from './pet-changes.ts';
