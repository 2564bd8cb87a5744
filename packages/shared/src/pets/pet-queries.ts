/** Query contracts of the pet lists and searches (spec 000 §7). */
import { z } from 'zod';
import { cursorQuery, idSchema, text, unpagedLimitQuery } from '../common.ts';
import { isSpecies } from './rules.ts';

const cursorSchema = cursorQuery(200);

/**
 * Rows a pet list answers when the request names no `limit`: the existing web client never pages (it ignores
 * `nextCursor`), so it gets up to this many, newest first, with `nextCursor` for the rest. Pawdesk's screens send
 * `limit` (1..100) and page. docs/compatibility.md and docs/api.md document the cap.
 */
export const PET_LIST_UNPAGED_MAX = 500;

/** `limit` 1..100 when given; absent means the existing client's unpaged list (PET_LIST_UNPAGED_MAX rows). */
const pageLimit = z.coerce.number().int().min(1).max(100).optional();

/** GET /pet/getallpets: newest first, `limit` (1..100; without it up to 500) and an opaque `cursor`. */
export const petListQuery = z.object({ limit: pageLimit, cursor: cursorSchema });

/**
 * GET /pet/getfilteredpetsbynameandphone: name contains (case-insensitive), phone prefix; Pawdesk adds `ownerId` (one
 * owner's pets: the way to list those of an owner without a phone, issue 21).
 */
export const petSearchQuery = z.object({
  name: text().trim().max(60, 'At most 60 characters').optional(),
  phone: text()
    .trim()
    .regex(/^\d{0,10}$/, 'Phone search takes up to 10 digits')
    .optional(),
  ownerId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  limit: pageLimit,
  cursor: cursorSchema,
});

/** GET /pet/getfilteredpetsbybreedandspecies. */
export const petBreedQuery = z.object({
  species: text()
    .trim()
    .optional()
    .refine((v) => !v || isSpecies(v), 'Unknown species'),
  breed: text().trim().max(100, 'At most 100 characters').optional(),
  limit: pageLimit,
  cursor: cursorSchema,
});

/** GET /visit/getparticularpetvisit?petId= */
/** `limit` 1..100 pages; without it (the existing client) up to 500 visits with `nextCursor`. */
export const petVisitsQuery = z.object({ petId: idSchema, limit: unpagedLimitQuery(), cursor: cursorSchema });

/** Most pets registered on one day the list returns. */
export const PETS_BY_DATE_MAX = 500;
