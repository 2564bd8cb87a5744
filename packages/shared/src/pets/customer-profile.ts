/**
 * The customer's profile (/customer/profile): name, phone and address they keep current; the email is the
 * account's and read-only. The server keeps the customer's owner record (name, phone, address) in step.
 */
import { z } from 'zod';
import { requiredString } from '../common.ts';
import { addressSchema, phoneSchema } from './pet-input.ts';

export const PROFILE_MSG = {
  fullName: 'Full name is required',
  saved: 'Profile saved successfully',
  phoneTaken:
    'This phone number is already registered to another owner at the clinic. Use a different number or contact the clinic.',
} as const;

/** POST /customer/profile. An `email` in the body is ignored (it cannot be changed here). */
export const customerProfileBody = z.object({
  fullName: requiredString(PROFILE_MSG.fullName, 120, 'At most 120 characters').meta({ examples: ['Asha Verma'] }),
  phone: phoneSchema,
  address: addressSchema,
});
export type CustomerProfileInput = z.input<typeof customerProfileBody>;
export type CustomerProfileBody = z.output<typeof customerProfileBody>;

export const customerProfileSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  /** null until the customer gives one (here or on the pet form). */
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const customerProfileResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  profile: customerProfileSchema,
});
export type CustomerProfileResponse = z.infer<typeof customerProfileResponse>;
