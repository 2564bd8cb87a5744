import { type AuthUser, LOGIN_FAILED, type LoginBody, type Role, type SignupBody } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { owners } from '../../db/schema/index.ts';
import { AppError, conflict, pgCode } from '../../lib/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail, insertUser, type UserRow } from './auth.repo.ts';

/** Per-account throttle of failed logins (in-process; per-IP limits are the rate-limit plugin's). */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();
  constructor(
    private readonly max = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}
  check(email: string): void {
    const f = this.failures.get(email);
    if (f && f.until > Date.now() && f.count >= this.max) {
      throw new AppError(429, 'Too many login attempts. Please try again later.');
    }
  }
  fail(email: string): void {
    const now = Date.now();
    const f = this.failures.get(email);
    if (!f || f.until <= now) this.failures.set(email, { count: 1, until: now + this.windowMs });
    else f.count++;
    if (this.failures.size > 10_000) {
      for (const [k, v] of this.failures) if (v.until <= now) this.failures.delete(k);
    }
  }
  succeed(email: string): void {
    this.failures.delete(email);
  }
}

export async function toAuthUser(db: DbOrTx, u: UserRow): Promise<AuthUser> {
  const base: AuthUser = { id: u.id, role: u.role, fullName: u.fullName, email: u.email, isAdmin: u.isAdmin };
  if (u.role !== 'customer') return base;
  const [owner] = await db.select({ id: owners.id }).from(owners).where(eq(owners.userId, u.id)).limit(1);
  return owner ? { ...base, customer_id: owner.id } : base;
}

/** Checks the credentials; every failure is the same generic 401. */
export async function login(db: DbOrTx, throttle: LoginThrottle, body: LoginBody): Promise<UserRow> {
  const email = body.email.trim().toLowerCase();
  throttle.check(email);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || user.role !== body.role) {
    throttle.fail(email);
    throw new AppError(401, LOGIN_FAILED);
  }
  throttle.succeed(email);
  return user;
}

export async function createAccount(
  db: DbOrTx,
  input: Omit<SignupBody, 'role'> & { role: Role; isAdmin?: boolean; phone?: string; address?: string },
): Promise<UserRow> {
  const existing = await findUserByEmail(db, input.email);
  if (existing)
    throw conflict('An account with this email already exists', {
      errors: { email: 'An account with this email already exists' },
    });
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
    if (pgCode(err) === '23505') {
      throw conflict('An account with this email already exists', {
        errors: { email: 'An account with this email already exists' },
      });
    }
    throw err;
  }
}
