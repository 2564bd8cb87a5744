/**
 * Where a photo's bytes live. The `media` table always holds a photo's description (hash, size, owner); its bytes go
 * where the configured store puts them. The default keeps them in the row itself, so every instance reads them and the
 * database backup holds them; an S3-compatible store would write them to a bucket under the same key and keep the
 * column empty (docs/decisions.md, "Photos in the database").
 */
export interface MediaBlobStore {
  /** Recorded with each row (`media.store`), so rows written under an earlier store stay readable. */
  readonly kind: string;
  /** Keeps the bytes; answers what to store in the row's `bytes` column (null when they live elsewhere). */
  put(key: string, bytes: Buffer): Promise<Buffer | null>;
  /** The bytes of a key, given the row's column. */
  get(key: string, inline: Buffer | null): Promise<Buffer | undefined>;
  /** Forgets a key's bytes (the row itself is deleted by the caller). */
  delete(key: string): Promise<void>;
}

/** The default: the bytes sit in the row (PostgreSQL TOASTs them out of line, compressed where it helps). */
export const databaseBlobStore: MediaBlobStore = {
  kind: 'db',
  put: async (_key, bytes) => bytes,
  get: async (_key, inline) => inline ?? undefined,
  delete: async () => {},
};
