import { z } from 'zod';
import { PASSWORD_MIN } from '../catalog.ts';
import { requiredEmail, requiredString, text } from '../common.ts';

export const ROLES = ['staff', 'customer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABEL: Record<Role, string> = { staff: 'Staff Member', customer: 'Pet Owner' };

export const loginBody = z.object({
  role: z.enum(ROLES, { error: 'Please select your role' }),
  email: requiredString('Email is required', 254),
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'At most 200 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const signupBody = z.object({
  fullName: requiredString('Full name is required', 120),
  email: requiredEmail(),
  password: text({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, 'At most 200 characters'),
  role: z.literal('customer', { error: 'Only customer accounts can sign up' }).default('customer'),
});
export type SignupBody = z.infer<typeof signupBody>;

export const authUser = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  fullName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  customer_id: z.string().optional(),
  /** The customer's phone and address (their owner record's, else the account's); null when unknown. */
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const loginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user: authUser,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const LOGIN_FAILED = 'Invalid email, password or role';
