/**
 * Contracts of capacity and occupancy (issue 11, beyond the spec): each boarding type holds at most `capacity`
 * pets at once (null = no limit); `GET /boarding/occupancy` answers how many places are booked per type and day,
 * so that stays can be planned.
 */
import { z } from 'zod';
import { dateSchema, idSchema } from '../common.ts';
import { OCCUPANCY_DAYS, OCCUPANCY_MAX_DAYS, OCCUPANCY_MSG } from './occupancy-rules.ts';

// The rules and texts, without zod (the web app's pages import them without loading zod).
export * from './occupancy-rules.ts';

/** GET /boarding/occupancy?from=yyyy-MM-dd&days=14: `from` defaults to today (business time zone). */
export const occupancyQuery = z.object({
  from: dateSchema.refine((d) => d >= '2000-01-01' && d <= '2999-12-31', OCCUPANCY_MSG.fromRange).optional(),
  days: z.coerce
    .number({ error: OCCUPANCY_MSG.days })
    .int(OCCUPANCY_MSG.days)
    .min(1, OCCUPANCY_MSG.days)
    .max(OCCUPANCY_MAX_DAYS, OCCUPANCY_MSG.days)
    .default(OCCUPANCY_DAYS),
});
export type OccupancyQuery = z.input<typeof occupancyQuery>;

/** One boarding type's row: places booked on each of `dates`, and its capacity (null = no limit). */
export const occupancyTypeSchema = z.object({
  _id: idSchema,
  purpose: z.string(),
  code: z.string(),
  capacity: z.number().int().nullable(),
  booked: z.array(z.number().int()),
});
export type OccupancyType = z.infer<typeof occupancyTypeSchema>;

export const occupancyResponse = z.object({
  success: z.literal(true),
  /** Today in the business time zone. */
  today: dateSchema,
  from: dateSchema,
  /** `days` consecutive dates from `from`; `booked[i]` counts the pets on `dates[i]`. */
  dates: z.array(dateSchema),
  types: z.array(occupancyTypeSchema),
});
export type OccupancyResponse = z.infer<typeof occupancyResponse>;
