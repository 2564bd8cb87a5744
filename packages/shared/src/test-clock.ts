/** The test clock (POST /test/clock): only on a server started with TEST_CLOCK=true, never in production. */
import { z } from 'zod';

const MAX_DAYS = 3660;

/** Either jump to an instant (`at`, null for the real time) or move by whole days (`advanceDays`). */
export const setTestClockBody = z
  .object({
    at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time (2026-11-25T10:00:00+05:30)' }).nullish(),
    advanceDays: z
      .number({ error: 'advanceDays must be a whole number of days' })
      .int('advanceDays must be a whole number of days')
      .min(-MAX_DAYS, `advanceDays must be within ${MAX_DAYS} days`)
      .max(MAX_DAYS, `advanceDays must be within ${MAX_DAYS} days`)
      .optional(),
  })
  .refine((b) => b.at !== undefined || b.advanceDays !== undefined, {
    message: 'Send at (an instant, or null for the real time) or advanceDays',
  })
  .refine((b) => !(b.at !== undefined && b.advanceDays !== undefined), { message: 'Send at or advanceDays, not both' });
export type SetTestClockBody = z.input<typeof setTestClockBody>;

export const testClockResponse = z.object({
  success: z.literal(true),
  /** The server's "now" (ISO) and today's date in the business time zone. */
  now: z.string(),
  today: z.string(),
  offsetMs: z.number(),
});
export type TestClockResponse = z.infer<typeof testClockResponse>;

/** GET /test/emails?to= (test servers only): the newest emails queued for an address, for browser tests. */
export const testEmailsQuery = z.object({ to: z.string({ error: 'to is required' }).min(1, 'to is required').max(254) });
export const testEmailsResponse = z.object({
  success: z.literal(true),
  emails: z.array(z.object({ kind: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() })),
});
