import { z } from 'zod';

/** Photos (issue 20): what the server says about a bad upload, word for word on every screen. */
export const MEDIA_MESSAGES = {
  empty: 'Choose a photo to upload.',
  tooLarge: 'The photo is larger than 10 MB. Choose a smaller one.',
  notImage: 'The file is not a JPEG, PNG or WebP photo.',
  unreadable: 'The photo could not be read: the file is damaged or incomplete.',
  linkExpired: 'This link has expired. Ask the resort for a new one.',
} as const;

/** The largest photo accepted, in bytes. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The two sizes a photo is kept in: the display size (≤ 1600 px) and the thumbnail (≤ 256 px). */
export const mediaSizeSchema = z.enum(['display', 'thumb']);
export type MediaSize = z.infer<typeof mediaSizeSchema>;

/** A photo's content hash: 64 lowercase hex characters. */
export const mediaHashSchema = z
  .string()
  .length(64, 'A photo address is 64 hex characters')
  .regex(/^[0-9a-f]{64}$/, 'A photo address is 64 hex characters');

export const mediaParams = z.object({ hash: mediaHashSchema });

/** `size` (default display); `exp` and `sig` make a signed link that opens without signing in (report cards). */
export const mediaQuery = z.object({
  size: mediaSizeSchema.default('display'),
  exp: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
  sig: z
    .string()
    .length(43, 'A link signature is 43 characters')
    .regex(/^[A-Za-z0-9_-]{43}$/, 'A link signature is 43 characters')
    .optional(),
});

/** A stored photo as answers name it: its hash and the paths of its two sizes under /api/v1. */
export const photoSchema = z.object({
  hash: mediaHashSchema,
  url: z.string(),
  thumbUrl: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

/** The path of a photo under /api/v1 (the web client prefixes its API base). */
export function mediaPath(hash: string, size: MediaSize = 'display'): string {
  return size === 'display' ? `/media/${hash}` : `/media/${hash}?size=${size}`;
}

export function photoOf(hash: string): Photo {
  return { hash, url: mediaPath(hash), thumbUrl: mediaPath(hash, 'thumb') };
}
