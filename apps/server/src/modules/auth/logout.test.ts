import { AUTH_MSG } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loginFailures, userSessions } from '../../db/schema/index.ts';
import { deviceLabel, ipPrefix } from './sessions.service.ts';

// Sign-ups: 3 per address per hour.
const t = useTestApp({ signupRateLimit: 3 });
/** A second instance on the same database, as behind a load balancer. */
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildApp({ config: t.config, database: t.database, serveWeb: false, logger: false });
  await other.ready();
});
afterAll(() => other?.close());

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
let ipSeq = 0;
const V = '/api/v1';

const on = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url: `${V}${url}`, payload, headers: token ? { authorization: token } : {} });

/** Logs in as a fresh account of the role (a real login: the token carries a session). */
async function signIn(role: 'staff' | 'customer', u?: { email: string; password: string }, ua = PHONE) {
  const who = u ?? (await t.user(role));
  const res = await t.app.inject({
    method: 'POST',
    url: `${V}/auth/login`,
    payload: { email: who.email, password: who.password, role },
    remoteAddress: `10.40.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
    headers: { 'user-agent': ua },
  });
  expect(res.statusCode).toBe(200);
  return { ...who, token: res.json().token as string };
}
const status = async (app: FastifyInstance, token: string) => (await on(app, 'GET', '/auth/me', token)).statusCode;

describe('sessions', () => {
  it('logout on one instance refuses the token on another instance at once; the other session goes on', async () => {
    const u = await t.user('customer');
    const a = await signIn('customer', u);
    const b = await signIn('customer', u, LAPTOP);
    // Both instances have accepted the token (any cache would now hold it).
    expect(await status(t.app, a.token)).toBe(200);
    expect(await status(other, a.token)).toBe(200);
    const res = await on(t.app, 'POST', '/auth/logout', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MSG.loggedOut });
    // At once: the very next request on the other instance, no waiting.
    expect(await status(other, a.token)).toBe(401);
    expect(await status(t.app, a.token)).toBe(401);
    expect(await status(other, b.token)).toBe(200);
    const [row] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(row).toBeDefined();
  });

  it('logout-all ends every session of the account, on every instance; a new login works', async () => {
    const u = await t.user('staff');
    const a = await signIn('staff', u);
    const b = await signIn('staff', u, LAPTOP);
    expect(await status(other, b.token)).toBe(200);
    expect((await on(other, 'POST', '/auth/logout-all', a.token)).json()).toEqual({
      success: true,
      message: AUTH_MSG.loggedOutEverywhere,
    });
    expect(await status(t.app, a.token)).toBe(401);
    expect(await status(t.app, b.token)).toBe(401);
    expect(await status(other, b.token)).toBe(401);
    const again = await signIn('staff', u);
    expect(await status(other, again.token)).toBe(200);
  });

  it('lists the caller’s own live sessions with device and last seen, the current one marked', async () => {
    const u = await t.user('customer');
    const a = await signIn('customer', u, PHONE);
    const b = await signIn('customer', u, LAPTOP);
    const stranger = await signIn('customer');
    const res = await on(t.app, 'GET', '/auth/sessions', a.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions as { _id: string; device: string; current: boolean; ipPrefix: string }[];
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.device).toBe('Chrome on Android');
    expect(list.find((s) => !s.current)?.device).toBe('Safari on macOS');
    expect(list.every((s) => /^10\.40\.\d+\.x$/.test(s.ipPrefix))).toBe(true);
    // Ending b from a: b is refused at once, and the list no longer has it.
    const bId = list.find((s) => !s.current)!._id;
    expect((await on(t.app, 'DELETE', `/auth/sessions/${bId}`, a.token)).statusCode).toBe(200);
    expect(await status(other, b.token)).toBe(401);
    expect((await on(t.app, 'GET', '/auth/sessions', a.token)).json().sessions).toHaveLength(1);
    // Ending it again, or a session that is not one's own: 404, and the stranger's session goes on.
    expect((await on(t.app, 'DELETE', `/auth/sessions/${bId}`, a.token)).statusCode).toBe(404);
    const strangerSid = (await on(t.app, 'GET', '/auth/sessions', stranger.token)).json().sessions[0]._id;
    const refused = await on(t.app, 'DELETE', `/auth/sessions/${strangerSid}`, a.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, message: 'Session not found' });
    expect(await status(t.app, stranger.token)).toBe(200);
  });

  it('a password change ends the other sessions; this one goes on with the new token', async () => {
    const u = await t.user('customer');
    const a = await signIn('customer', u);
    const b = await signIn('customer', u, LAPTOP);
    const wrong = await on(t.app, 'POST', '/auth/change-password', a.token, {
      currentPassword: 'not-it',
      newPassword: 'brand-new-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AUTH_MSG.currentPasswordWrong });
    expect(await status(t.app, b.token)).toBe(200);
    const res = await on(t.app, 'POST', '/auth/change-password', a.token, {
      currentPassword: u.password,
      newPassword: 'brand-new-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: AUTH_MSG.passwordChanged });
    expect(await status(other, b.token)).toBe(401);
    const fresh = res.json().token as string;
    expect(await status(other, fresh)).toBe(200);
    const sessions = (await on(t.app, 'GET', '/auth/sessions', fresh)).json().sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
    // The old password no longer signs in; the new one does.
    const old = await t.app.inject({ method: 'POST', url: `${V}/auth/login`, payload: { ...u, role: 'customer' } });
    expect(old.statusCode).toBe(401);
    expect((await signIn('customer', { email: u.email, password: 'brand-new-1' })).token).toBeTruthy();
  });

  it('writes last seen at most once a minute', async () => {
    const a = await signIn('customer');
    const sid = (await on(t.app, 'GET', '/auth/sessions', a.token)).json().sessions[0]._id as string;
    const lastSeen = async () =>
      (await t.database.db.select().from(userSessions).where(eq(userSessions.id, sid)))[0]!.lastSeenAt.getTime();
    const setLastSeen = (msAgo: number) =>
      t.database.db
        .update(userSessions)
        .set({ lastSeenAt: new Date(Date.now() - msAgo) })
        .where(eq(userSessions.id, sid));
    await setLastSeen(30_000);
    const recent = await lastSeen();
    await status(other, a.token);
    expect(await lastSeen()).toBe(recent);
    await setLastSeen(120_000);
    await status(other, a.token);
    expect(Date.now() - (await lastSeen())).toBeLessThan(10_000);
  });

  it('a token from before sessions (no sid) keeps working until log out everywhere refuses it', async () => {
    const u = await t.user('staff'); // the harness signs a token without a session
    expect(await status(t.app, u.token)).toBe(200);
    expect((await on(t.app, 'POST', '/auth/logout', u.token)).statusCode).toBe(200);
    expect(await status(t.app, u.token)).toBe(200);
    expect((await on(t.app, 'POST', '/auth/logout-all', u.token)).statusCode).toBe(200);
    expect(await status(t.app, u.token)).toBe(401);
  });

  it('refuses a token whose session id belongs to another account', async () => {
    const a = await signIn('customer');
    const b = await t.user('customer');
    const sid = (await on(t.app, 'GET', '/auth/sessions', a.token)).json().sessions[0]._id;
    const forged = await t.app.signToken({ id: b.id, role: 'customer', isAdmin: false, sid });
    expect(await status(t.app, forged)).toBe(401);
  });

  it('an admin setting a staff password ends that member’s sessions', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    const u = await t.user('staff');
    const s = await signIn('staff', u);
    const res = await t.call({
      method: 'POST',
      url: `${V}/admin/users/${u.id}/password`,
      token: admin.token,
      payload: { password: 'set-by-admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(other, s.token)).toBe(401);
    const rows = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(rows.map((r) => r.endReason)).toEqual(['admin']);
  });
});

describe('signup throttle', () => {
  const signup = (app: FastifyInstance, ip: string, n: number) =>
    app.inject({
      method: 'POST',
      url: `${V}/auth/signup`,
      payload: { fullName: 'Meera', email: `meera.${n}.${Date.now()}@example.in`, password: 'secret123' },
      remoteAddress: ip,
    });

  it('limits sign-ups per address across instances: 429 with Retry-After; another address is not affected', async () => {
    const ip = '10.77.0.1';
    expect((await signup(t.app, ip, 1)).statusCode).toBe(201);
    expect((await signup(other, ip, 2)).statusCode).toBe(201);
    expect((await signup(t.app, ip, 3)).statusCode).toBe(201);
    const refused = await signup(other, ip, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many sign-ups from this network. Please try again in 60 minutes.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await signup(t.app, '10.77.0.2', 5)).statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `signup:ip:${ip}`));
    expect(row?.failures).toBe(3);
  });
});

describe('device and address labels', () => {
  it.each([
    [PHONE, 'Chrome on Android'],
    [LAPTOP, 'Safari on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36 Edg/120',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Firefox on Linux'],
    ['curl/8.0', 'curl/8.0'],
    [undefined, 'Unknown device'],
  ])('%s → %s', (ua, label) => expect(deviceLabel(ua)).toBe(label));

  it('keeps only a network prefix of the address', () => {
    expect(ipPrefix('203.0.113.77')).toBe('203.0.113.x');
    expect(ipPrefix('::ffff:203.0.113.77')).toBe('203.0.113.x');
    expect(ipPrefix('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(ipPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(ipPrefix('not an ip')).toBeNull();
  });
});
