import { type AuthUser, LOGIN_FAILED, type LoginBody, type Role, type SignupBody } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, pgCode } from '../../lib/errors.ts';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import { findUserByEmail, insertUser, listStaffRows, replaceHash, type UserRow } from './auth.repo.ts';
import type { LoginThrottle } from './login-throttle.ts';

/** Accounts as other modules may read them (the users table is this module's). */
export { findUserByEmail, findUserById, findUsersByIds, lockActiveAdmins, sessionState, updateUser } from './auth.repo.ts';
export type { UserPatch, UserRow } from './auth.repo.ts';

/** One page of staff accounts, newest first. */
export async function listStaffAccounts(db: DbOrTx, limit: number, cursor?: string) {
  return page(await listStaffRows(db, limit, decodeCursor(cursor)), limit);
}

/**
 * The user as the login and /auth/me answers show it. `owner` is a customer's linked owner record, if any: its id
 * is `customer_id`, and its phone and address win over the account's (null when neither has one).
 */
export function toAuthUser(u: UserRow, owner?: { id: string; phone: string | null; address: string }): AuthUser {
  const base: AuthUser = {
    id: u.id,
    role: u.role,
    fullName: u.fullName,
    email: u.email,
    isAdmin: u.isAdmin,
    phone: owner?.phone || u.phone || null,
    address: owner?.address || u.address || null,
  };
  return u.role === 'customer' && owner ? { ...base, customer_id: owner.id } : base;
}

/**
 * Checks the credentials; every failure (unknown email, wrong password, wrong role, disabled account) is the
 * same generic 401 and counts against the throttle. A hash made with older scrypt parameters is upgraded.
 */
export async function login(db: DbOrTx, throttle: LoginThrottle, body: LoginBody, ip: string): Promise<UserRow> {
  const email = body.email.trim().toLowerCase();
  const attempt = await throttle.begin(email, ip);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || user.role !== body.role || user.disabled) throw new AppError(401, LOGIN_FAILED);
  await attempt.succeeded();
  if (needsRehash(user.passwordHash)) {
    return (await replaceHash(db, user.id, user.passwordHash, await hashPassword(body.password))) ?? user;
  }
  return user;
}

const emailTaken = () =>
  conflict('An account with this email already exists', { errors: { email: 'An account with this email already exists' } });

export async function createAccount(
  db: DbOrTx,
  input: Omit<SignupBody, 'role'> & { role: Role; isAdmin?: boolean; phone?: string; address?: string },
): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  try {
    return await insertUser(db, {
      role: input.role,
      isAdmin: input.isAdmin ?? false,
      fullName: input.fullName.trim(),
      email: input.email,
      phone: input.phone,
      address: input.address,
      passwordHash: await hashPassword(input.password),
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw emailTaken();
    throw err;
  }
}
