import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { owners, pets } from '../../db/schema/index.ts';

/** The columns other modules read of a pet and its owner. */
const petWithOwner = {
  id: pets.id,
  name: pets.name,
  species: pets.species,
  breed: pets.breed,
  color: pets.color,
  dob: pets.dob,
  photoHash: pets.photoHash,
  ownerId: owners.id,
  ownerName: owners.name,
  ownerPhone: owners.phone,
  ownerEmail: owners.email,
};

export interface PetWithOwnerRow {
  id: string;
  name: string;
  species: string;
  breed: string;
  color: string;
  dob: string | null;
  photoHash: string | null;
  ownerId: string;
  ownerName: string;
  /** Null for an imported owner the original knew no phone of (issue 21). */
  ownerPhone: string | null;
  ownerEmail: string | null;
}

/** Pets with their owners by id, in one query (primary keys); unknown ids are left out. */
export async function findPetsWithOwners(db: DbOrTx, ids: readonly string[]): Promise<PetWithOwnerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(petWithOwner)
    .from(pets)
    .innerJoin(owners, eq(owners.id, pets.ownerId))
    .where(sql`${pets.id} = any(${sql.param([...ids])}::varchar[])`);
}

/**
 * Pets born on any of the (month, day) pairs, by name, using the
 * `extract(month/day from dob)` expression index (pets_birthday_idx).
 */
export async function findPetsBornOn(
  db: DbOrTx,
  keys: readonly { month: number; day: number }[],
  limit: number,
): Promise<PetWithOwnerRow[]> {
  if (keys.length === 0) return [];
  const match = or(
    ...keys.map(
      (k) => sql`(extract(month from ${pets.dob}) = ${k.month}::int and extract(day from ${pets.dob}) = ${k.day}::int)`,
    ),
  );
  return db
    .select(petWithOwner)
    .from(pets)
    .innerJoin(owners, eq(owners.id, pets.ownerId))
    .where(and(isNotNull(pets.dob), match))
    .orderBy(asc(pets.name), asc(pets.id))
    .limit(limit);
}

export async function petIdExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: pets.id }).from(pets).where(eq(pets.id, id)).limit(1);
  return Boolean(row);
}

export interface OwnerRow {
  id: string;
  name: string;
  /** Null for an imported owner the original knew no phone of (issue 21). */
  phone: string | null;
  email: string | null;
  /** The customer account linked to the owner record, if any. */
  userId: string | null;
}

/** Owners by id, in one query (primary keys); unknown ids are left out. */
export async function findOwners(db: DbOrTx, ids: readonly string[]): Promise<OwnerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: owners.id, name: owners.name, phone: owners.phone, email: owners.email, userId: owners.userId })
    .from(owners)
    .where(sql`${owners.id} = any(${sql.param([...ids])}::varchar[])`);
}

export interface OwnedPetRow {
  id: string;
  name: string;
  breed: string;
  ownerId: string;
  ownerEmail: string | null;
}

/**
 * The pets of the owner record linked to a customer account, or of the owners with this email (any case; the
 * owners_email_idx expression index), by name, at most `limit`.
 */
export async function findPetsOfOwner(
  db: DbOrTx,
  by: { userId: string } | { email: string },
  limit: number,
): Promise<OwnedPetRow[]> {
  const owner = 'userId' in by ? eq(owners.userId, by.userId) : sql`lower(${owners.email}) = lower(${by.email})`;
  return db
    .select({ id: pets.id, name: pets.name, breed: pets.breed, ownerId: owners.id, ownerEmail: owners.email })
    .from(pets)
    .innerJoin(owners, eq(owners.id, pets.ownerId))
    .where(owner)
    .orderBy(asc(pets.name), asc(pets.id))
    .limit(limit);
}
