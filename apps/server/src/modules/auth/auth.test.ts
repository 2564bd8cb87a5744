import { LOGIN_FAILED } from '@pawdesk/shared';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/harness.ts';

const t = useTestApp({ loginRateLimit: 5 });

const signup = (payload: object) => t.call({ method: 'POST', url: '/api/v1/auth/signup', payload });
let ip = 0;
/** Each login call comes from its own address unless one is given, so the per-IP limit stays out of the way. */
const login = (payload: object, remoteAddress = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`) =>
  t.call({ method: 'POST', url: '/api/v1/auth/login', payload, remoteAddress });

describe('POST /auth/signup', () => {
  it('creates a customer account', async () => {
    const res = await signup({ fullName: 'Kiran Rao', email: 'Kiran@Example.in', password: 'secret1', role: 'customer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Account created successfully! Please login to continue.' });
    const li = await login({ email: 'kiran@example.in', password: 'secret1', role: 'customer' });
    expect(li.statusCode).toBe(200);
    expect(li.json().user).toMatchObject({ role: 'customer', fullName: 'Kiran Rao', email: 'kiran@example.in' });
  });

  it.each([
    [{ email: 'a@b.in', password: 'secret1' }, 'fullName', 'Full name is required'],
    [{ fullName: '  ', email: 'a@b.in', password: 'secret1' }, 'fullName', 'Full name is required'],
    [{ fullName: 'A', password: 'secret1' }, 'email', 'Email is required'],
    [{ fullName: 'A', email: '', password: 'secret1' }, 'email', 'Email is required'],
    [{ fullName: 'A', email: 'not-an-email', password: 'secret1' }, 'email', 'Email format is invalid'],
    [{ fullName: 'A', email: 'a@b.in' }, 'password', 'Password is required'],
    [{ fullName: 'A', email: 'a@b.in', password: '' }, 'password', 'Password is required'],
    [{ fullName: 'A', email: 'a@b.in', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('rejects %j with the field message', async (payload, field, message) => {
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses to create staff accounts', async () => {
    const res = await signup({ fullName: 'Mallory', email: 'mallory@x.in', password: 'secret1', role: 'staff' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.role).toBe('Only customer accounts can sign up');
  });

  it('answers 409 for a duplicate email, case-insensitively', async () => {
    await signup({ fullName: 'Dup', email: 'dup@x.in', password: 'secret1' });
    const res = await signup({ fullName: 'Dup', email: 'DUP@x.in', password: 'secret1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errors: { email: 'An account with this email already exists' } });
  });
});

describe('POST /auth/login', () => {
  it('returns a token and the user; the token works on protected routes', async () => {
    const u = await t.user('staff', { fullName: 'Asha' });
    const res = await login({ email: u.email, password: u.password, role: 'staff' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      user: { id: u.id, role: 'staff', fullName: 'Asha' },
    });
    const me = await t.call({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: body.token } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(u.id);
  });

  it.each([
    ['wrong password', (e: string) => ({ email: e, password: 'nope123', role: 'staff' })],
    ['unknown email', () => ({ email: 'ghost@x.in', password: 'secret123', role: 'staff' })],
    ['wrong role', (e: string) => ({ email: e, password: 'secret123', role: 'customer' })],
  ])('answers one generic 401 for a %s', async (_, make) => {
    const u = await t.user('staff');
    const res = await login(make(u.email));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_FAILED });
  });

  it('requires a role with the spec message', async () => {
    const res = await login({ email: 'a@b.in', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.role).toBe('Please select your role');
  });
});

describe('protected routes', () => {
  it('answers 401 without a token, with a bad token, and accepts raw and Bearer tokens', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token: 'garbage' })).statusCode).toBe(401);
    const u = await t.user('customer');
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: u.token } })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token: u.token })).statusCode).toBe(200);
  });

  it('refuses a token once it expires, even after it was accepted', async () => {
    const u = await t.user('staff');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await new SignJWT({ role: 'staff', admin: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token })).statusCode).toBe(200);
    vi.useFakeTimers({ now: (exp + 1) * 1000, toFake: ['Date'] });
    try {
      expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token without an expiry or issue time and a tampered copy of a valid one', async () => {
    const u = await t.user('customer');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const forever = await new SignJWT({ role: 'customer' }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id).setIssuedAt();
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token: await forever.sign(key) })).statusCode).toBe(401);
    const undated = new SignJWT({ role: 'customer' }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id);
    const noIat = await undated.setExpirationTime('1h').sign(key);
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token: noIat })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token: u.token })).statusCode).toBe(200);
    const [h, , sig] = u.token.split('.');
    const claims = { sub: u.id, role: 'staff', exp: Math.floor(Date.now() / 1000) + 3600 };
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    expect((await t.call({ method: 'GET', url: '/api/v1/pet/getallpets', token: forged })).statusCode).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    const other = await createTestApp();
    const u = await other.user('staff');
    await other.close();
    const res = await t.call({ method: 'GET', url: '/api/v1/auth/me', token: u.token });
    expect(res.statusCode).toBe(401);
  });
});
