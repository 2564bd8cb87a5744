/**
 * Contracts of boarding (spec 001 §3 "Boarding", §7 `/boarding/...`): a Hostel, Day Care, Day School, Play School
 * or Dog Park visit boards the pet until it is deboarded; a pet has at most one active boarding.
 */
import { z } from 'zod';
import { idSchema, text } from '../common.ts';
import { VISIT_MESSAGES } from '../visits/rules.ts';

/** POST /boarding/checkboarding: `_id` is the pet's id. */
export const checkBoardingBody = z.object({ _id: text({ error: VISIT_MESSAGES.petMissing }).pipe(idSchema) });
export type CheckBoardingBody = z.input<typeof checkBoardingBody>;

/** An active boarding as the New Visit screen reads it. */
export const boardingDetailsSchema = z.object({
  _id: z.string(),
  petId: z.string(),
  visitId: z.string().nullable(),
  boardingType: z.object({ _id: z.string(), purpose: z.string(), code: z.string() }),
  numberOfDays: z.number(),
  /** ISO instant; the Deboard screen shows its first 10 characters. */
  entryTime: z.string(),
  isBoarded: z.boolean(),
  isSubscriptionAvailed: z.boolean(),
  subscriptionId: z.string().nullable(),
});
export type BoardingDetails = z.infer<typeof boardingDetailsSchema>;

/** `boardingDetails` is absent when the pet is not boarded. */
export const checkBoardingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  boardingDetails: boardingDetailsSchema.optional(),
});
export type CheckBoardingResponse = z.infer<typeof checkBoardingResponse>;

export const BOARDING_MESSAGES = {
  notBoarded: 'The pet is not boarded',
} as const;
