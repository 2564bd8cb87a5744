import {
  type AddPetBody,
  type CustomerPetBody,
  type EditOwnerBody,
  type EditPetBody,
  escapeLike,
  PET_LIST_UNPAGED_MAX,
  PET_MSG,
  PETS_BY_DATE_MAX,
  type Pet,
  type PetDetails,
  type PetHistoryEntry,
  type PetHistoryVisit,
  gstinStateCode,
  gstinStateProblem,
  isWalkInOwner,
  photoOf,
  WALK_IN_MESSAGES,
} from '@pawdesk/shared';
import type { SQL } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, pgConstraint } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { type Cursor, page } from '../../lib/cursor.ts';
import {
  findOwnerById,
  findOwnerByPhone,
  findPetById,
  findPets,
  insertPets,
  nameContains,
  ofBreed,
  ofOwners,
  ofSpecies,
  ownerIdsByPhonePrefix,
  type PetOwnerRow,
  petOwnership,
  phoneStartsWith,
  registeredOn,
  updateOwner,
  updatePet,
  upsertOwnerByPhone,
  vaccinationsOf,
} from './pets.repo.ts';
import { findOwnersGst, updateOwnerGst } from './owner-gst.repo.ts';
import { replaceVaccinations } from './vaccinations.ts';
import { careWarningsByPet, withCareWarnings } from './pet-care-warnings.service.ts';

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
    photo: r.photoHash ? photoOf(r.photoHash) : null,
    // Filled by the list and detail reads (withCareWarnings: one query for a list).
    careWarnings: [],
  };
}

export async function withVaccinations(db: DbOrTx, rows: PetOwnerRow[]): Promise<PetDetails[]> {
  const vacc = await vaccinationsOf(
    db,
    rows.map((r) => r.id),
  );
  const warnings = await careWarningsByPet(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toPet(r),
    careWarnings: warnings.get(r.id) ?? [],
    vaccinations: vacc
      .filter((v) => v.petId === r.id)
      .map((v) => ({
        _id: v.id,
        name: v.name,
        numberOfDose: v.numberOfDose,
        givenOn: v.givenOn,
        nextDue: v.nextDue,
        serialNo: v.serialNo,
      })),
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

/**
 * A page: `limit` rows when the request names one (Pawdesk's screens), else up to PET_LIST_UNPAGED_MAX (the
 * existing web client, which never pages); `nextCursor` either way.
 */
type PageOpts = { limit?: number; cursor?: Cursor };
type Where = { petWhere?: SQL; ownerWhere?: SQL };

async function petPage(db: DbOrTx, where: Where, opts: PageOpts): Promise<{ list: Pet[]; nextCursor: string | null }> {
  const limit = opts.limit ?? PET_LIST_UNPAGED_MAX;
  const rows = await findPets(db, { ...where, limit, cursor: opts.cursor });
  const { rows: pageRows, nextCursor } = page(rows, limit);
  return { list: await withCareWarnings(db, pageRows.map(toPet)), nextCursor };
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

/** Name contains (case-insensitive) and/or owner phone starts with and/or one owner's; newest first, one page. */
export async function searchPets(db: DbOrTx, q: { name?: string; phone?: string; ownerId?: string } & PageOpts) {
  const petConds: SQL[] = [];
  const name = q.name?.trim().toLowerCase();
  if (name) petConds.push(nameContains(escapeLike(name)));
  if (q.ownerId) petConds.push(ofOwners([q.ownerId]));
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
  return withCareWarnings(db, rows.map(toPet));
}

export async function petDetails(db: DbOrTx, id: string): Promise<PetDetails> {
  const row = await findPetById(db, id);
  if (!row) throw notFound('Pet');
  const [[pet], [gst]] = await Promise.all([withVaccinations(db, [row]), findOwnersGst(db, [row.ownerId])]);
  return { ...pet!, owner: { ...pet!.owner, gstin: gst?.gstin ?? null, stateCode: gst?.stateCode ?? null } };
}

/** The fields of a pet form stored as they come (species, segment and vaccinations are up to the caller). */
export const petFormFields = (input: EditPetBody | CustomerPetBody) => ({
  name: input.name,
  breed: input.breed,
  customBreed: input.customBreed,
  sex: input.sex,
  color: input.color,
  dob: input.dob,
  neutered: input.neutered,
  registrationDate: input.registrationDate,
});

/**
 * Edits a pet's fields (spec 000 §5 "Edit pet"); any breed is kept as given. `vaccinations`, when the request has
 * them, replace the pet's list in the same transaction (absent: the list is left as it is).
 */
export async function editPet(db: DbOrTx, input: EditPetBody): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await petOwnership(tx, input.id);
    if (!existing) throw notFound('Pet');
    await updatePet(tx, input.id, { ...petFormFields(input), species: input.species ?? existing.species });
    if (input.vaccinations) await replaceVaccinations(tx, input.id, input.vaccinations);
  });
}

/**
 * The owner's GST fields after an edit (issue 17): what the edit names, the rest as it was. A GSTIN with no state
 * gives the owner its own state (its first two digits); a GSTIN and a state must agree (400).
 */
export function ownerGstAfter(
  current: { gstin: string | null; stateCode: string | null } | undefined,
  input: { gstin?: string | null; stateCode?: string | null },
): { gstin: string | null; stateCode: string | null } {
  const gstin = input.gstin !== undefined ? input.gstin : (current?.gstin ?? null);
  let stateCode = input.stateCode !== undefined ? input.stateCode : (current?.stateCode ?? null);
  if (gstin && input.gstin !== undefined && input.stateCode === undefined) stateCode = gstinStateCode(gstin);
  const problem = gstinStateProblem(gstin, stateCode);
  if (problem) throw badRequest(problem, { stateCode: problem });
  return { gstin, stateCode };
}

const phoneTaken = (message: string) => conflict(message, { errors: { phone: message } });

/**
 * Edits an owner (spec 000 §5 "Edit owner"); the phone may not be another owner's. An owner imported without a phone
 * (issue 21) may be saved without one and stays so; an owner who has a phone keeps needing one (400, the spec's
 * message): a phone is never cleared.
 */
export async function editOwner(db: DbOrTx, input: EditOwnerBody): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const owner = await findOwnerById(tx, input.id);
      if (!owner) throw notFound('Owner');
      // The Walk-in customer (issue 18) is the record walk-in sales are sold to, not an owner anyone edits.
      if (isWalkInOwner(owner.id)) throw badRequest(WALK_IN_MESSAGES.notAnOwner);
      if (input.phone === null && owner.phone !== null) {
        throw badRequest(PET_MSG.phoneRequired, { phone: PET_MSG.phoneRequired });
      }
      if (input.phone !== null && owner.phone !== input.phone) {
        const other = await findOwnerByPhone(tx, input.phone);
        if (other && other.id !== owner.id) throw phoneTaken(PET_MSG.phoneTaken);
      }
      await updateOwner(tx, input.id, { name: input.name, phone: input.phone, email: input.email, address: input.address });
      if (input.gstin !== undefined || input.stateCode !== undefined) {
        const [current] = await findOwnersGst(tx, [input.id]);
        await updateOwnerGst(tx, input.id, ownerGstAfter(current, input));
      }
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

/**
 * The pet history as the existing web client reads it (`visits`): each visit with `itemDetails`, its medicine and
 * vaccine lines as `{item: {itemName}, dose}` (a vaccine's dose number when recorded, else the quantity).
 */
export function historyVisits(history: readonly PetHistoryEntry[]): PetHistoryVisit[] {
  return history.map((h) => ({
    ...h,
    itemDetails: h.items
      .filter((l) => l.kind === 'medicine' || l.kind === 'vaccine')
      .map((l) => ({ item: { itemName: l.name }, dose: l.kind === 'vaccine' ? (l.doseNumber ?? l.quantity) : l.quantity })),
  }));
}
