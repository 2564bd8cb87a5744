import {
  type AddPetBody,
  type CustomerPetBody,
  type EditOwnerBody,
  type EditPetBody,
  escapeLike,
  isKnownBreed,
  PET_MSG,
  PETS_BY_DATE_MAX,
  type Pet,
  type PetDetails,
} from '@pawdesk/shared';
import type { SQL } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, pgConstraint } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { findUserById } from '../auth/auth.service.ts';
import { type Cursor, page } from '../../lib/cursor.ts';
import {
  findOwnerById,
  findOwnerByPhone,
  findOwnerByUser,
  findPetById,
  findPets,
  insertOwner,
  insertPets,
  lockOwnerOfUser,
  nameContains,
  ofBreed,
  ofOwners,
  ofSpecies,
  ownerIdsByPhonePrefix,
  ownedByUser,
  type PetOwnerRow,
  petOwnership,
  phoneStartsWith,
  registeredOn,
  updateOwner,
  updatePet,
  upsertOwnerByPhone,
  vaccinationsOf,
} from './pets.repo.ts';

/** Most pets one customer's list returns (a household, not a kennel). */
export const CUSTOMER_PETS_MAX = 200;

export function toPet(r: PetOwnerRow): Pet {
  return {
    _id: r.id,
    name: r.name,
    species: r.species,
    breed: r.breed,
    customBreed: r.customBreed,
    sex: r.sex,
    color: r.color,
    dob: r.dob,
    neutered: r.neutered,
    registrationDate: r.registrationDate,
    segment: r.segment,
    createdAt: r.createdAt,
    owner: { _id: r.ownerId, name: r.ownerName, phone: r.ownerPhone, email: r.ownerEmail, address: r.ownerAddress },
  };
}

async function withVaccinations(db: DbOrTx, rows: PetOwnerRow[]): Promise<PetDetails[]> {
  const vacc = await vaccinationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toPet(r),
    vaccinations: vacc
      .filter((v) => v.petId === r.id)
      .map((v) => ({ _id: v.id, name: v.name, numberOfDose: v.numberOfDose, givenOn: v.givenOn, nextDue: v.nextDue })),
  }));
}

/**
 * One owner and their pets in one transaction: all saved or none. An owner
 * with the same phone already on file gets the new pets (no duplicate owner;
 * their details are left as they are, edits go through Edit Owner).
 */
export async function addOwnerWithPets(
  db: DbOrTx,
  input: AddPetBody,
  createdBy: string | null,
): Promise<{ ownerId: string; ownerExisted: boolean; petIds: string[] }> {
  return db.transaction(async (tx) => {
    const owner = await upsertOwnerByPhone(tx, {
      name: input.ownerName,
      phone: input.phone,
      email: input.email,
      address: input.address,
    });
    const petIds = await insertPets(tx, owner.id, input.pets, createdBy);
    return { ownerId: owner.id, ownerExisted: owner.existed, petIds };
  });
}

type PageOpts = { limit: number; cursor?: Cursor };
type Where = { petWhere?: SQL; ownerWhere?: SQL };

async function petPage(db: DbOrTx, where: Where, opts: PageOpts): Promise<{ list: Pet[]; nextCursor: string | null }> {
  const rows = await findPets(db, { ...where, limit: opts.limit, cursor: opts.cursor });
  const { rows: pageRows, nextCursor } = page(rows, opts.limit);
  return { list: pageRows.map(toPet), nextCursor };
}

/** The All Pets list: newest first, one page. */
export function listPets(db: DbOrTx, opts: PageOpts) {
  return petPage(db, {}, opts);
}

/**
 * Phone search picks a plan that fits every prefix. The owners with the
 * prefix are looked up first (owners_phone_prefix_idx). Up to this many, their
 * ids go into the pets query as a list: the database then either fetches
 * those owners' pets (pets_owner_idx) or walks the newest pets checking each
 * against the list (a hash lookup), whichever its statistics favour. A prefix
 * shared by more owners is dense: walking the newest pets and checking each
 * owner's phone finds a page within a few thousand rows.
 */
export const PHONE_OWNERS_FIRST_MAX = 2000;

/** Name contains (case-insensitive) and/or owner phone starts with; newest first, one page. */
export async function searchPets(db: DbOrTx, q: { name?: string; phone?: string } & PageOpts) {
  const petConds: SQL[] = [];
  const name = q.name?.trim().toLowerCase();
  if (name) petConds.push(nameContains(escapeLike(name)));
  let ownerWhere: SQL | undefined;
  if (q.phone) {
    const ids = await ownerIdsByPhonePrefix(db, q.phone, PHONE_OWNERS_FIRST_MAX + 1);
    if (ids.length === 0) return { list: [], nextCursor: null };
    if (ids.length <= PHONE_OWNERS_FIRST_MAX) petConds.push(ofOwners(ids));
    else ownerWhere = phoneStartsWith(q.phone);
  }
  return petPage(db, { petWhere: petConds.length ? and(...petConds) : undefined, ownerWhere }, q);
}

export function petsByBreedAndSpecies(db: DbOrTx, q: { species?: string; breed?: string } & PageOpts) {
  const conds: SQL[] = [];
  if (q.species) conds.push(ofSpecies(q.species));
  if (q.breed) conds.push(ofBreed(q.breed));
  return petPage(db, { petWhere: conds.length ? and(...conds) : undefined }, q);
}

/** Pets registered on a day, newest first (bounded). */
export async function petsRegisteredOn(db: DbOrTx, date: string): Promise<Pet[]> {
  const rows = await findPets(db, { petWhere: registeredOn(date), limit: PETS_BY_DATE_MAX - 1 });
  return rows.map(toPet);
}

export async function petDetails(db: DbOrTx, id: string): Promise<PetDetails> {
  const row = await findPetById(db, id);
  if (!row) throw notFound('Pet');
  const [pet] = await withVaccinations(db, [row]);
  return pet!;
}

/** The fields of a pet form stored as they come (species, segment and vaccinations are up to the caller). */
const petFormFields = (input: EditPetBody | CustomerPetBody) => ({
  name: input.name,
  breed: input.breed,
  customBreed: input.customBreed,
  sex: input.sex,
  color: input.color,
  dob: input.dob,
  neutered: input.neutered,
  registrationDate: input.registrationDate,
});

/** Edits a pet's fields (spec 000 §5 "Edit pet"); a breed must belong to the (new or kept) species. */
export async function editPet(db: DbOrTx, input: EditPetBody): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await petOwnership(tx, input.id);
    if (!existing) throw notFound('Pet');
    const species = input.species ?? existing.species;
    if (!isKnownBreed(species, input.breed)) {
      throw badRequest(PET_MSG.breedUnknown, { breed: PET_MSG.breedUnknown });
    }
    await updatePet(tx, input.id, { ...petFormFields(input), species });
  });
}

const phoneTaken = (message: string) => conflict(message, { errors: { phone: message } });

/** Edits an owner (spec 000 §5 "Edit owner"); the phone may not be another owner's. */
export async function editOwner(db: DbOrTx, input: EditOwnerBody): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const owner = await findOwnerById(tx, input.id);
      if (!owner) throw notFound('Owner');
      if (owner.phone !== input.phone) {
        const other = await findOwnerByPhone(tx, input.phone);
        if (other && other.id !== owner.id) throw phoneTaken(PET_MSG.phoneTaken);
      }
      await updateOwner(tx, input.id, { name: input.name, phone: input.phone, email: input.email, address: input.address });
    });
  } catch (err) {
    if (pgConstraint(err) === 'owners_phone_uq') throw phoneTaken(PET_MSG.phoneTaken);
    throw err;
  }
}

/**
 * May the principal read this pet? Staff read every pet; a customer only pets
 * whose owner record is linked to their account. Unknown pet: 404.
 */
export async function assertPetAccess(db: DbOrTx, who: Principal, petId: string): Promise<{ id: string; name: string }> {
  const row = await findPetById(db, petId);
  if (!row) throw notFound('Pet');
  if (who.role !== 'staff' && row.ownerUserId !== who.id) throw forbidden('This pet is not registered to your account');
  return { id: row.id, name: row.name };
}

// ------------------------------------------------------------------ customers

/** The owner details the customer pet form starts from: their owner record, else their account. */
export async function customerOwnerInfo(db: DbOrTx, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const owner = await findOwnerByUser(db, userId);
  return {
    ownerName: user.fullName,
    email: user.email,
    phone: owner?.phone ?? user.phone ?? '',
    address: owner?.address ?? user.address ?? '',
    linked: Boolean(owner),
  };
}

/** The id of the owner record linked to a customer account, if any. */
export async function ownerIdForUser(db: DbOrTx, userId: string): Promise<string | undefined> {
  return (await findOwnerByUser(db, userId))?.id;
}

/**
 * A customer registers a pet. The pet belongs to the caller: the owner record
 * linked to their account is found or created (name and email from the
 * account, phone and address from the form). A phone that is another owner's
 * is refused with 409, so nobody can attach to someone else's record.
 * Registrations by one account run one at a time (a lock on the account's
 * owner record), so two first registrations at once make one owner.
 */
export async function customerAddPet(db: DbOrTx, userId: string, input: CustomerPetBody): Promise<PetDetails> {
  let petId: string;
  try {
    petId = await db.transaction(async (tx) => {
      await lockOwnerOfUser(tx, userId);
      const user = await findUserById(tx, userId);
      if (!user) throw notFound('User');
      const samePhone = await findOwnerByPhone(tx, input.phone);
      let owner = await findOwnerByUser(tx, userId);
      if (samePhone && samePhone.id !== owner?.id) throw phoneTaken(PET_MSG.customerPhoneTaken);
      if (owner) {
        await updateOwner(tx, owner.id, { name: user.fullName, email: user.email, phone: input.phone, address: input.address });
      } else {
        owner = await insertOwner(tx, {
          name: user.fullName,
          email: user.email,
          phone: input.phone,
          address: input.address,
          userId,
        });
      }
      const [id] = await insertPets(
        tx,
        owner.id,
        [{ ...petFormFields(input), species: input.species, segment: input.segment, vaccinations: input.vaccinations }],
        userId,
      );
      return id!;
    });
  } catch (err) {
    // Staff saved another owner with this phone between our check and our write.
    if (pgConstraint(err) === 'owners_phone_uq') throw phoneTaken(PET_MSG.customerPhoneTaken);
    throw err;
  }
  return petDetails(db, petId);
}

/** The caller's own pets with vaccinations, whatever email or filter the request names. */
export async function customerPets(db: DbOrTx, userId: string): Promise<PetDetails[]> {
  const rows = await findPets(db, { ownerWhere: ownedByUser(userId), limit: CUSTOMER_PETS_MAX - 1 });
  return withVaccinations(db, rows);
}
