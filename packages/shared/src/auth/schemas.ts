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

/** A new password, as signup checks it (spec: at least 6 characters). */
const newPassword = (label: string) =>
  text({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, 'At most 200 characters');

export const changePasswordBody = z.object({
  currentPassword: text({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200, 'At most 200 characters'),
  newPassword: newPassword('New password'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const forgotPasswordBody = z.object({ email: requiredString('Email is required', 254) });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: requiredString('The reset link is incomplete. Please request a new one.', 200),
  password: newPassword('Password'),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** One signed-in session of the caller (GET /auth/sessions). */
export const authSession = z.object({
  _id: z.string(),
  /** e.g. "Chrome on Android". */
  device: z.string(),
  /** The address the session signed in from, truncated (203.0.113.x); null when unknown. */
  ipPrefix: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof authSession>;
export const authSessionsResponse = z.object({ success: z.literal(true), sessions: z.array(authSession) });
export type AuthSessionsResponse = z.infer<typeof authSessionsResponse>;

export const changePasswordResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** A fresh token for this session (the old one is refused, like every other session's). */
  token: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

export const AUTH_MSG = {
  loggedOut: 'You have been logged out',
  loggedOutEverywhere: 'You have been logged out everywhere',
  sessionEnded: 'Session ended',
  passwordChanged: 'Password changed. Your other sessions have been logged out.',
  currentPasswordWrong: 'Current password is incorrect',
  forgotSent: 'If an account exists for this email, we have sent a link to reset the password. It is valid for 30 minutes.',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  resetInvalid: 'This reset link is not valid. Please request a new one.',
  resetUsed: 'This reset link has already been used. Please request a new one.',
  resetExpired: 'This reset link has expired. Please request a new one.',
} as const;
