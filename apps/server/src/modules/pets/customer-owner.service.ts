/**
 * A customer account and its own owner record: the pets a customer registers (Pawdesk's customer form and the
 * existing web client's `/pet/addpet`), the owner details the forms start from, and the profile (name, phone,
 * address) kept in step with the owner record. Whatever a request names, a customer only ever reaches the owner
 * record linked to their account.
 */
import {
  type AddPetBody,
  type CustomerPetBody,
  type CustomerProfile,
  type CustomerProfileBody,
  PET_MSG,
  type PetDetails,
  PROFILE_MSG,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound, pgConstraint } from '../../lib/errors.ts';
import { findUserById, type UserRow, updateUser } from '../auth/auth.service.ts';
import {
  findOwnerByPhone,
  findOwnerByUser,
  findPets,
  insertOwner,
  insertPets,
  lockOwnerOfUser,
  type OwnerRow,
  ownedByUser,
  updateOwner,
} from './pets.repo.ts';
import { petDetails, petFormFields, withVaccinations } from './pets.service.ts';
import { registerCustomerOwnerLookup } from '../media/media.service.ts';

/** Most pets one customer's list returns (a household, not a kennel). */
export const CUSTOMER_PETS_MAX = 200;

/**
 * A customer whose profile has no phone or address, and whose request gives none: one message asking them to
 * complete the profile (the form shows it with a way to do so), and `errors.profile` naming what is missing.
 */
const profileIncomplete = (missing: { phone: boolean; address: boolean }) =>
  badRequest(PET_MSG.completeProfile, {
    profile: PET_MSG.completeProfile,
    ...(missing.phone ? { phone: PET_MSG.phoneRequired } : {}),
    ...(missing.address ? { address: PET_MSG.address } : {}),
  });

const phoneTaken = (message: string) => conflict(message, { errors: { phone: message } });

/**
 * Runs `work` for one customer account in a transaction that holds the account's owner lock, so two first
 * registrations at once make one owner record. A phone that is another owner's, saved by staff between a check and
 * a write, is the same 409 as one found by the check.
 */
async function asCustomer<T>(
  db: DbOrTx,
  userId: string,
  phoneTakenMessage: string,
  work: (tx: DbOrTx, user: UserRow) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockOwnerOfUser(tx, userId);
      const user = await findUserById(tx, userId);
      if (!user) throw notFound('User');
      return work(tx, user);
    });
  } catch (err) {
    if (pgConstraint(err) === 'owners_phone_uq') throw phoneTaken(phoneTakenMessage);
    throw err;
  }
}

/** Refuses a phone that belongs to an owner record other than `ownId`'s. */
async function assertPhoneFree(tx: DbOrTx, phone: string, ownId: string | undefined, message: string) {
  const samePhone = await findOwnerByPhone(tx, phone);
  if (samePhone && samePhone.id !== ownId) throw phoneTaken(message);
}

/** Creates the account's owner record: name and email from the account, phone and address as given. */
async function createOwnOwner(tx: DbOrTx, user: UserRow, phone: string, address: string, message: string) {
  await assertPhoneFree(tx, phone, undefined, message);
  return insertOwner(tx, { name: user.fullName, email: user.email, phone, address, userId: user.id });
}

// The photos a customer may fetch are their owner record's (media module, issue 20).
registerCustomerOwnerLookup(async (db, userId) => (await findOwnerByUser(db, userId))?.id ?? null);

/** The owner record linked to a customer account (id, phone, address), if any. */
export async function customerOwnerOf(db: DbOrTx, userId: string): Promise<OwnerRow | undefined> {
  return findOwnerByUser(db, userId);
}

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

/**
 * A customer registers a pet (Pawdesk's customer form). The pet belongs to the caller: the owner record linked to
 * their account is found or created (name and email from the account, phone and address from the form, which also
 * update it). A phone that is another owner's is refused with 409, so nobody can attach to someone else's record.
 */
export async function customerAddPet(db: DbOrTx, userId: string, input: CustomerPetBody): Promise<PetDetails> {
  const message = PET_MSG.customerPhoneTaken;
  const petId = await asCustomer(db, userId, message, async (tx, user) => {
    let owner = await findOwnerByUser(tx, userId);
    // Left out, the phone and address are the profile's; a profile without them is completed first (issue 19).
    const phone = input.phone || owner?.phone || user.phone;
    const address = input.address || owner?.address || user.address;
    if (!phone || !address) throw profileIncomplete({ phone: !phone, address: !address });
    if (owner) {
      await assertPhoneFree(tx, phone, owner.id, message);
      await updateOwner(tx, owner.id, { name: user.fullName, email: user.email, phone, address });
    } else {
      owner = await createOwnOwner(tx, user, phone, address, message);
    }
    const [id] = await insertPets(
      tx,
      owner.id,
      [{ ...petFormFields(input), species: input.species, segment: input.segment, vaccinations: input.vaccinations }],
      userId,
    );
    return id!;
  });
  return petDetails(db, petId);
}

/**
 * The existing web client's customer form: `POST /pet/addpet` with a customer token, `{ownerName, phone, email,
 * address, pets}` with the owner fields taken from the account. The pets go to the caller's own owner record,
 * whatever the owner fields say: an existing record is left as it is; a first registration creates one from the
 * account (name, email, and the profile's phone and address, else the body's). A phone that is another owner's
 * never attaches the pets to that owner: it is a 409 when it would have to go on a new record. Every pet needs a
 * segment (spec 001 §5).
 */
export async function customerAddPets(
  db: DbOrTx,
  userId: string,
  input: AddPetBody,
): Promise<{ ownerId: string; ownerExisted: boolean; petIds: string[] }> {
  const missing = Object.fromEntries(
    input.pets.flatMap((p, i) => (p.segment ? [] : [[`pets.${i}.segment`, PET_MSG.segment] as const])),
  );
  if (Object.keys(missing).length) throw badRequest(PET_MSG.segment, missing);
  const message = PET_MSG.customerPhoneTaken;
  return asCustomer(db, userId, message, async (tx, user) => {
    const existing = await findOwnerByUser(tx, userId);
    const owner = existing ?? (await createOwnOwner(tx, user, user.phone || input.phone, user.address || input.address, message));
    const petIds = await insertPets(tx, owner.id, input.pets, userId);
    return { ownerId: owner.id, ownerExisted: Boolean(existing), petIds };
  });
}

/** The caller's own pets with vaccinations, whatever email or filter the request names. */
export async function customerPets(db: DbOrTx, userId: string): Promise<PetDetails[]> {
  const rows = await findPets(db, { ownerWhere: ownedByUser(userId), limit: CUSTOMER_PETS_MAX - 1 });
  return withVaccinations(db, rows);
}

function toProfile(user: UserRow, owner: OwnerRow | undefined): CustomerProfile {
  return {
    fullName: user.fullName,
    email: user.email,
    phone: owner?.phone || user.phone || null,
    address: owner?.address || user.address || null,
  };
}

/** The profile: the account's name and email, the owner record's phone and address (else the account's). */
export async function customerProfile(db: DbOrTx, userId: string): Promise<CustomerProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  return toProfile(user, await findOwnerByUser(db, userId));
}

/**
 * Saves name, phone and address on the account and, in the same transaction, on the customer's owner record (when
 * they have one), so staff see what the customer keeps current. A phone that is another owner's is a 409.
 */
export async function saveCustomerProfile(db: DbOrTx, userId: string, body: CustomerProfileBody): Promise<CustomerProfile> {
  return asCustomer(db, userId, PROFILE_MSG.phoneTaken, async (tx) => {
    const owner = await findOwnerByUser(tx, userId);
    await assertPhoneFree(tx, body.phone, owner?.id, PROFILE_MSG.phoneTaken);
    const user = await updateUser(tx, userId, { fullName: body.fullName, phone: body.phone, address: body.address });
    if (!user) throw notFound('User');
    if (owner) await updateOwner(tx, owner.id, { name: body.fullName, phone: body.phone, address: body.address });
    return toProfile(user, owner ? { ...owner, phone: body.phone, address: body.address } : undefined);
  });
}

/** The ids of the caller's own pets (the customer dashboard's figures). */
export async function customerPetIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await findPets(db, { ownerWhere: ownedByUser(userId), limit: CUSTOMER_PETS_MAX - 1 });
  return rows.map((r) => r.id);
}
