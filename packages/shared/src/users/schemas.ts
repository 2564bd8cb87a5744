import { z } from 'zod';
import { signupBody } from '../auth/schemas.ts';
import { idSchema, pageQuery } from '../common.ts';

/** A staff account as the admin screen lists it. */
export const staffUser = z.object({
  _id: idSchema,
  fullName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUser>;

export const staffUsersQuery = pageQuery;
export const staffUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(staffUser),
  nextCursor: z.string().nullable(),
});
export type StaffUsersResponse = z.infer<typeof staffUsersResponse>;

const yesNo = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** A new staff account: the sign-up rules for name, email and password. */
export const createStaffBody = z.object({
  fullName: signupBody.shape.fullName,
  email: signupBody.shape.email,
  password: signupBody.shape.password,
  isAdmin: yesNo('Admin').default(false),
});
export type CreateStaffBody = z.infer<typeof createStaffBody>;

export const NOTHING_TO_CHANGE = 'Nothing to change';

/** A change to a staff account: any of the fields, at least one. */
export const updateStaffBody = z
  .object({
    fullName: signupBody.shape.fullName.optional(),
    disabled: yesNo('Disabled').optional(),
    isAdmin: yesNo('Admin').optional(),
  })
  .refine((b) => b.fullName !== undefined || b.disabled !== undefined || b.isAdmin !== undefined, NOTHING_TO_CHANGE);
export type UpdateStaffBody = z.infer<typeof updateStaffBody>;

export const setPasswordBody = z.object({ password: signupBody.shape.password });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const staffUserSaved = z.object({ success: z.literal(true), message: z.string(), user: staffUser });
export type StaffUserSaved = z.infer<typeof staffUserSaved>;

/** Messages of the admin API (the web shows them as they are). */
export const USERS_MSG = {
  created: 'Staff account created',
  updated: 'Staff account updated',
  passwordSet: 'Password changed. The account has been signed out everywhere.',
  loggedOut: 'The account has been signed out everywhere.',
  selfDisable: 'You cannot disable your own account',
  selfDemote: 'You cannot remove your own admin rights',
  lastAdmin: 'At least one active admin account must remain',
} as const;
