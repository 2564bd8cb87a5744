import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { hasAtMostTwoDecimals } from './money.ts';

/** A 24-hex id; malformed ids are a 400. */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id');
export const idParams = z.object({ id: idSchema });

/** A `yyyy-MM-dd` calendar date. */
export const dateSchema = z.string().refine(isIsoDate, 'Invalid date (expected yyyy-MM-dd)');
export const dateParams = z.object({ date: dateSchema });

/** Text that must be given: `message` when missing or blank; trimmed; at most `max` characters (`tooLong` when more). */
export const requiredString = (message: string, max: number, tooLong?: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** A required email address, trimmed, at most 254 characters. */
export const requiredEmail = () => requiredString('Email is required', 254).pipe(z.email('Email format is invalid'));

/** Rupees: a non-negative number with at most two decimals. */
export const rupeesSchema = z
  .number({ error: 'Must be a number' })
  .nonnegative('Must not be negative')
  .refine(hasAtMostTwoDecimals, 'At most two decimals');

/** Success envelope: `{ success: true, message? }`. */
export const okSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** Error envelope of every failed call. */
export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

/** Paging query: `limit` (1..100, default 50) and an opaque `cursor`. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
