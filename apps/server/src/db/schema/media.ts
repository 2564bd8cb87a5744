import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ref } from './_columns.ts';
import { owners } from './pets.ts';
import { users } from './auth.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Images (issue 20): pet photos, report-card and incident photos, as processed JPEGs (metadata stripped), in the
 * database by default so every instance reads them and the backup holds them (`media/media-store.ts` is the seam for
 * an S3-compatible store). A photo is two rows under one content hash: its display size (≤ 1600 px) and its
 * thumbnail (≤ 256 px). The hash is SHA-256 of the owner's id and the display bytes, so the URL changes whenever the
 * picture does (cached forever) and one owner's picture never answers for another's.
 */
export const media = pgTable(
  'media',
  {
    hash: varchar('hash', { length: 64 }).notNull(),
    variant: varchar('variant', { length: 8 }).notNull().$type<'display' | 'thumb'>(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The owner whose record the picture belongs to: who besides staff may fetch it. Null: staff only. */
    ownerId: ref('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    /** Where the bytes are: here (`db`), or a key in the configured object store. */
    store: varchar('store', { length: 8 }).notNull().default('db'),
    bytes: bytea('bytes'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hash, t.variant] }),
    index('media_owner_idx').on(t.ownerId),
    check('media_variant_ck', sql`${t.variant} in ('display','thumb')`),
    check('media_bytes_ck', sql`${t.store} <> 'db' or ${t.bytes} is not null`),
  ],
);
