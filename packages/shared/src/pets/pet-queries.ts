/** Query contracts of the pet lists and searches (spec 000 §7). */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, text } from '../common.ts';
import { isSpecies } from './rules.ts';

const cursorSchema = cursorQuery(200);

/** GET /pet/getallpets: newest first, `limit` (1..100, default 50) and an opaque `cursor`. */
export const petListQuery = z.object({ limit: limitQuery(100, 50), cursor: cursorSchema });

/** GET /pet/getfilteredpetsbynameandphone: name contains (case-insensitive), phone prefix. */
export const petSearchQuery = z.object({
  name: text().trim().max(60, 'At most 60 characters').optional(),
  phone: text()
    .trim()
    .regex(/^\d{0,10}$/, 'Phone search takes up to 10 digits')
    .optional(),
  limit: limitQuery(100, 50),
  cursor: cursorSchema,
});

/** GET /pet/getfilteredpetsbybreedandspecies. */
export const petBreedQuery = z.object({
  species: text()
    .trim()
    .optional()
    .refine((v) => !v || isSpecies(v), 'Unknown species'),
  breed: text().trim().max(100, 'At most 100 characters').optional(),
  limit: limitQuery(100, 50),
  cursor: cursorSchema,
});

/** GET /visit/getparticularpetvisit?petId= */
export const petVisitsQuery = z.object({ petId: idSchema, limit: limitQuery(100, 50), cursor: cursorSchema });

/** Most pets registered on one day the list returns. */
export const PETS_BY_DATE_MAX = 500;
