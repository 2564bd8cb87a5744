/**
 * A pet's photo (issue 20): staff set it for any pet, a customer for their own pets. The picture is kept by the media
 * module (checked, cleaned, two sizes); the pet names it by its content hash, and the photo it replaces is deleted in
 * the same transaction, so its URL answers 404 and nothing is left half-written.
 */
import type { Photo } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { deleteImage, prepareImage, saveImage } from '../media/media.service.ts';
import { findPetPhoto, type PetPhotoRow, setPetPhotoHash } from './pets.repo.ts';

const NOT_YOURS = 'This pet is not registered to your account';

/** The pet, if the principal may change its photo: staff any pet, a customer only a pet of their own owner record. */
async function petForPhoto(db: DbOrTx, who: Principal, petId: string, lock: boolean): Promise<PetPhotoRow> {
  const pet = await findPetPhoto(db, petId, lock);
  if (!pet) throw notFound('Pet');
  if (who.role !== 'staff' && pet.ownerUserId !== who.id) throw forbidden(NOT_YOURS);
  return pet;
}

/** Sets a pet's photo from the uploaded bytes, replacing (and deleting) the one it had. */
export async function setPetPhoto(db: DbOrTx, who: Principal, petId: string, bytes: Uint8Array): Promise<Photo> {
  // Checked before the picture is processed (a refused caller costs no resizing), and again under the lock.
  const before = await petForPhoto(db, who, petId, false);
  const prepared = await prepareImage(bytes, { scope: `pet:${petId}`, ownerId: before.ownerId, userId: who.id });
  return db.transaction(async (tx) => {
    const pet = await petForPhoto(tx, who, petId, true);
    // The owner can have changed while the picture was processed: the rows name the owner the pet has now.
    const rows = prepared.rows.map((r) => ({ ...r, ownerId: pet.ownerId }));
    const photo = await saveImage(tx, { ...prepared, rows });
    await setPetPhotoHash(tx, petId, photo.hash);
    // The same picture uploaded again has the same hash: the photo is kept, not deleted as the "old" one.
    if (pet.photoHash && pet.photoHash !== photo.hash) await deleteImage(tx, pet.photoHash);
    return photo;
  });
}

/** Removes a pet's photo (its URL then answers 404); a pet without one is left as it is. */
export async function removePetPhoto(db: DbOrTx, who: Principal, petId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const pet = await petForPhoto(tx, who, petId, true);
    if (!pet.photoHash) return;
    await setPetPhotoHash(tx, petId, null);
    await deleteImage(tx, pet.photoHash);
  });
}
