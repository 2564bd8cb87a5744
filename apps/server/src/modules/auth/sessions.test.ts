import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { LOGIN_FAILED } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { needsRehash, SCRYPT, verifyPassword } from '../../lib/passwords.ts';
import { ACCOUNT_CACHE_MS } from '../../plugins/auth.ts';

const t = useTestApp();
/** A second instance on the same database: it learns of changes only through the database. */
let other: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  other = await buildApp({ config: t.config, database: t.database, serveWeb: false, logger: false });
  await other.ready();
  admin = await t.user('staff', { isAdmin: true });
});
afterAll(() => other?.close());

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: token } });
const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.id, id));
let ip = 0;
const login = (email: string, password: string, role = 'staff') =>
  t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password, role }, remoteAddress: `10.9.1.${++ip}` });

/** Polls until the token is refused; returns the milliseconds it took (or throws after 10 s). */
async function msUntilRefused(app: FastifyInstance, token: string, since: number): Promise<number> {
  for (;;) {
    const res = await me(app, token);
    if (res.statusCode === 401) {
      expect(res.json()).toEqual({ success: false, message: 'Session expired or invalid. Please log in again.' });
      return Date.now() - since;
    }
    expect(res.statusCode).toBe(200);
    if (Date.now() - since > 10_000) throw new Error('the token was still accepted after 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('every request checks the account behind the token', () => {
  it.each([
    ['disabled by an admin', 'PATCH', { disabled: true }],
    ['logged out everywhere by an admin', 'LOGOUT', undefined],
  ])('an account %s loses access within 5 s on every instance', async (_, how, payload) => {
    const u = await t.user('staff');
    // Both instances have the account cached as enabled.
    expect((await me(t.app, u.token)).statusCode).toBe(200);
    expect((await me(other, u.token)).statusCode).toBe(200);
    const start = Date.now();
    const url = how === 'PATCH' ? `/api/v1/admin/users/${u.id}` : `/api/v1/admin/users/${u.id}/logout`;
    const res = await t.call({ method: how === 'PATCH' ? 'PATCH' : 'POST', url, token: admin.token, payload });
    expect(res.statusCode).toBe(200);
    const here = await msUntilRefused(t.app, u.token, start);
    const there = await msUntilRefused(other, u.token, start);
    console.log(`[lockout] ${_}: ${here} ms on the instance that made the change, ${there} ms on another instance`);
    expect(there).toBeLessThanOrEqual(5000);
    expect(there).toBeLessThanOrEqual(ACCOUNT_CACHE_MS + 1000);
  });

  it.each([
    ['disabled', () => ({ disabled: true })],
    ['demoted to customer', () => ({ role: 'customer' as const })],
    ['logged out', () => ({ sessionsValidAfter: new Date() })],
  ])('a %s account (changed in the database) gets 401 within the cache time', async (how, change) => {
    const u = await t.user('staff');
    expect((await me(other, u.token)).statusCode).toBe(200);
    const start = Date.now();
    await setUser(u.id, change());
    expect(await msUntilRefused(other, u.token, start)).toBeLessThanOrEqual(5000);
    const res = await login(u.email, u.password);
    if (how === 'logged out') {
      // Logged out is not locked out: a new login works, and its token is accepted.
      expect(res.statusCode).toBe(200);
      expect((await me(other, res.json().token)).statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: LOGIN_FAILED });
    }
  });

  it('a deleted account gets 401 within the cache time', async () => {
    const u = await t.user('customer');
    expect((await me(other, u.token)).statusCode).toBe(200);
    const start = Date.now();
    await t.database.db.delete(users).where(eq(users.id, u.id));
    expect(await msUntilRefused(other, u.token, start)).toBeLessThanOrEqual(5000);
  });

  it('a customer account changed to staff does not get staff access from its old token', async () => {
    const u = await t.user('customer');
    await setUser(u.id, { role: 'staff' });
    t.app.forgetAccount(u.id);
    expect((await t.call({ method: 'GET', url: '/api/v1/pet/getallpets', token: u.token })).statusCode).toBe(401);
  });

  it('revokes tokens issued in the same second as a logout, but not a login right after it', async () => {
    const u = await t.user('staff');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const revokedAt = new Date();
    // A token without iat_ms (from an older server) issued in the second of the logout, before it.
    const old = await new SignJWT({ role: 'staff', admin: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuedAt(Math.floor(revokedAt.getTime() / 1000))
      .setExpirationTime('1h')
      .sign(key);
    const before = await t.app.signToken({ id: u.id, role: 'staff', isAdmin: false });
    await setUser(u.id, { sessionsValidAfter: new Date(Date.now()) });
    t.app.forgetAccount(u.id);
    const after = await t.app.signToken({ id: u.id, role: 'staff', isAdmin: false });
    await new Promise((r) => setTimeout(r, 2));
    const later = await t.app.signToken({ id: u.id, role: 'staff', isAdmin: false });
    expect((await me(t.app, old)).statusCode).toBe(401);
    expect((await me(t.app, before)).statusCode).toBe(401);
    // `after` may fall in the very millisecond of the logout (then it is refused); `later` never does.
    expect([200, 401]).toContain((await me(t.app, after)).statusCode);
    expect((await me(t.app, later)).statusCode).toBe(200);
  });

  it('takes the role and admin flag from the account: a promoted staff member is an admin at once', async () => {
    const u = await t.user('staff');
    const list = () => t.call({ method: 'GET', url: '/api/v1/admin/users', token: u.token });
    expect((await list()).statusCode).toBe(403);
    await setUser(u.id, { isAdmin: true });
    t.app.forgetAccount(u.id);
    expect((await list()).statusCode).toBe(200);
  });
});

describe('password hashing', () => {
  const legacyHash = async (password: string) => {
    const salt = randomBytes(16);
    const hash = (await promisify(scrypt)(password, salt, 32)) as Buffer; // Node's defaults: N=2^14, r=8, p=1
    return `scrypt$16384$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
  };
  const hashOf = async (id: string) =>
    (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h;

  it('hashes with the OWASP parameters, encoded in the hash', async () => {
    const u = await t.user('staff');
    const h = await hashOf(u.id);
    expect(h).toMatch(new RegExp(`^scrypt\\$${SCRYPT.N}\\$${SCRYPT.r}\\$${SCRYPT.p}\\$`));
    expect(SCRYPT).toEqual({ N: 16384, r: 8, p: 5 });
    expect(needsRehash(h)).toBe(false);
  });

  it('upgrades a hash made with older parameters at the next successful login, not at a failed one', async () => {
    const u = await t.user('customer');
    const old = await legacyHash('old-secret');
    await setUser(u.id, { passwordHash: old });
    expect(needsRehash(old)).toBe(true);
    expect((await login(u.email, 'not-it', 'customer')).statusCode).toBe(401);
    expect(await hashOf(u.id)).toBe(old);
    expect((await login(u.email, 'old-secret', 'customer')).statusCode).toBe(200);
    const upgraded = await hashOf(u.id);
    expect(upgraded).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await verifyPassword('old-secret', upgraded)).toBe(true);
    expect((await login(u.email, 'old-secret', 'customer')).statusCode).toBe(200);
  });

  it('refuses malformed hashes and absurd parameters instead of running them', async () => {
    expect(await verifyPassword('x', 'scrypt$1048576000$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
