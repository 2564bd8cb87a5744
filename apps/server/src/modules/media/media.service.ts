import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_MESSAGES, type MediaSize, type Photo, photoOf } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { processImage } from './image.ts';
import { databaseBlobStore, type MediaBlobStore } from './media-store.ts';
import { deleteMediaRows, displayPhotoPage, findMedia, insertMedia, type NewMediaRow } from './media.repo.ts';

let store: MediaBlobStore = databaseBlobStore;

/** Tests and a future S3 configuration swap the blob store; rows keep the store they were written under. */
export function useMediaBlobStore(s: MediaBlobStore): void {
  store = s;
}

export interface StoreImageInput {
  /**
   * What the photo belongs to ("pet:<id>", "report-card:<id>", …). It is part of the content hash, so the same
   * picture used twice is two photos, and deleting one never removes the other.
   */
  scope: string;
  /** The owner who may see it besides staff; null: staff only. */
  ownerId: string | null;
  /** Who stored it; null for the importer run from the command line (issue 21). */
  userId: string | null;
}

/** A photo checked, cleaned and handed to the blob store, ready to be recorded (`saveImage`). */
export interface PreparedImage {
  photo: Photo;
  rows: NewMediaRow[];
}

/**
 * Checks and cleans an uploaded photo (issue 20): the type from the bytes, at most 10 MB, upright, metadata
 * stripped, a display size and a thumbnail. Refusals are 400s with the messages of MEDIA_MESSAGES. The processing runs
 * in libvips' own threads, off the event loop, and outside any transaction: a caller that records the photo with
 * other changes prepares it first, then saves it in its transaction, so no row lock waits on the resizing.
 */
export async function prepareImage(bytes: Uint8Array, input: StoreImageInput): Promise<PreparedImage> {
  const img = await processImage(bytes);
  const hash = createHash('sha256').update(input.scope).update('\0').update(img.display.bytes).digest('hex');
  const rows = await Promise.all(
    (['display', 'thumb'] as const).map(async (variant): Promise<NewMediaRow> => {
      const v = img[variant];
      return {
        hash,
        variant,
        contentType: 'image/jpeg',
        width: v.width,
        height: v.height,
        byteSize: v.bytes.length,
        ownerId: input.ownerId,
        store: store.kind,
        // An object store writes the bytes now; were the transaction then to fail, the content-addressed key is
        // only an orphan no row points at, never a wrong picture.
        bytes: await store.put(`${hash}-${variant}`, v.bytes),
        createdBy: input.userId,
      };
    }),
  );
  return { photo: photoOf(hash), rows };
}

/** Records a prepared photo (both sizes; the same picture for the same record already stored is kept as it is). */
export async function saveImage(db: DbOrTx, prepared: PreparedImage): Promise<Photo> {
  await insertMedia(db, prepared.rows);
  return prepared.photo;
}

/** Checks, cleans and keeps an uploaded photo in one step (`prepareImage`, then `saveImage`). */
export async function storeImage(db: DbOrTx, bytes: Uint8Array, input: StoreImageInput): Promise<Photo> {
  return saveImage(db, await prepareImage(bytes, input));
}

/** Removes a photo (both sizes). Its URL then answers 404. */
export async function deleteImage(db: DbOrTx, hash: string): Promise<void> {
  const rows = await deleteMediaRows(db, hash);
  if (rows.some((r) => r.store !== 'db')) {
    await Promise.all((['display', 'thumb'] as const).map((v) => store.delete(`${hash}-${v}`)));
  }
}

export interface MediaReader {
  role: 'staff' | 'customer';
  userId: string;
}

type CustomerOwnerLookup = (db: DbOrTx, userId: string) => Promise<string | null>;
let customerOwner: CustomerOwnerLookup | null = null;

/**
 * Registered by the pets module (which owns owners and imports this one): the owner record of a customer account,
 * which decides the photos that customer may see.
 */
export function registerCustomerOwnerLookup(f: CustomerOwnerLookup): void {
  customerOwner = f;
}

export interface ServedImage {
  bytes: Buffer;
  contentType: string;
}

/** A photo's bytes for a reader: staff see every photo, an owner only their own. */
export async function readImage(db: DbOrTx, hash: string, size: MediaSize, reader: MediaReader | 'signed'): Promise<ServedImage> {
  const row = await findMedia(db, hash, size);
  if (!row) throw notFound('Photo');
  if (reader !== 'signed' && reader.role !== 'staff') {
    if (!customerOwner) throw new Error('No customer owner lookup is registered (the pets module registers it)');
    const ownerId = await customerOwner(db, reader.userId);
    if (!row.ownerId || row.ownerId !== ownerId) throw forbidden('This photo belongs to another owner');
  }
  const bytes = await store.get(`${hash}-${size}`, row.bytes);
  if (!bytes) throw notFound('Photo');
  return { bytes, contentType: row.contentType };
}

/** The key signing photo links, derived from the token secret so that it is never the secret itself. */
function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('pawdesk media links v1').digest();
}

function signature(secret: string, hash: string, size: MediaSize, exp: number): string {
  return createHmac('sha256', linkKey(secret)).update(`${hash}.${size}.${exp}`).digest('base64url');
}

/**
 * A link to a photo that opens without signing in until `expiresAt` (the report card's email, issue 20): the path
 * under /api/v1 with `exp` (seconds) and `sig`.
 */
export function signedMediaPath(secret: string, hash: string, size: MediaSize, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `/media/${hash}?size=${size}&exp=${exp}&sig=${signature(secret, hash, size, exp)}`;
}

/** Checks a signed link; refuses an expired or altered one (403). */
export function verifyMediaLink(
  secret: string,
  hash: string,
  size: MediaSize,
  exp: number | undefined,
  sig: string,
  now: Date,
): void {
  if (exp === undefined) throw forbidden(MEDIA_MESSAGES.linkExpired);
  const expected = Buffer.from(signature(secret, hash, size, exp));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('This link is not valid.');
  if (exp * 1000 <= now.getTime()) throw forbidden(MEDIA_MESSAGES.linkExpired);
}

/**
 * Every photo's display size with its bytes, in hash order, a few at a time (the data export: its memory holds one
 * page of photos, never all of them). A photo whose bytes the store no longer has is skipped.
 */
export async function* allDisplayPhotos(db: DbOrTx, pageSize = 8): AsyncGenerator<{ hash: string; bytes: Buffer }> {
  let after = '';
  for (;;) {
    const rows = await displayPhotoPage(db, after, pageSize);
    for (const row of rows) {
      const bytes = await store.get(`${row.hash}-display`, row.bytes ?? null);
      if (bytes) yield { hash: row.hash, bytes };
    }
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.hash;
  }
}
