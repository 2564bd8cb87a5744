import { AUTH_MSG } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { notifications, passwordResets } from '../../db/schema/index.ts';
import { FORGOT_LIMITS, FORGOT_MIN_MS } from './auth.routes.ts';

const t = useTestApp({ publicUrl: 'https://desk.example.com/' });
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildApp({ config: t.config, database: t.database, serveWeb: false, logger: false });
  await other.ready();
});
afterAll(() => other?.close());

const V = '/api/v1';
let ipSeq = 0;
const freshIp = () => `10.50.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const forgot = (email: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `${V}/auth/forgot-password`, payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string) =>
  other.inject({ method: 'POST', url: `${V}/auth/reset-password`, payload: { token, password } });
const login = (email: string, password: string, role: string) =>
  t.app.inject({ method: 'POST', url: `${V}/auth/login`, payload: { email, password, role }, remoteAddress: freshIp() });
const me = (token: string) => other.inject({ method: 'GET', url: `${V}/auth/me`, headers: { authorization: token } });

/** The reset emails queued for an address, newest first. */
const mails = (address: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.toAddress, address)).orderBy(notifications.createdAt);
/** The token of the newest reset link emailed to the address. */
async function linkFor(address: string): Promise<string> {
  const list = await mails(address);
  const body = list.at(-1)?.body ?? '';
  const m = /https:\/\/desk\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!m) throw new Error(`no reset link in: ${body}`);
  return decodeURIComponent(m[1]!);
}

describe('forgot password', () => {
  it('answers the same, in similar time, whether or not the account exists; only a real account gets an email', async () => {
    // Three of each, alternating; the quickest of each kind is compared (a busy machine slows single requests).
    const users = [await t.user('customer'), await t.user('customer'), await t.user('customer')];
    const u = users[0]!;
    const timed = async (email: string) => {
      const t0 = Date.now();
      const res = await forgot(email);
      return { res, ms: Date.now() - t0 };
    };
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    for (const [i, x] of users.entries()) {
      known.push(await timed(i === 0 ? x.email.toUpperCase() : x.email));
      unknown.push(await timed(`nobody.${i}.${Date.now()}@nowhere.in`));
    }
    for (const { res, ms } of [...known, ...unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known[0]!.res.body);
      expect(ms).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    }
    expect(known[0]!.res.json()).toEqual({ success: true, message: AUTH_MSG.forgotSent });
    const quickest = (l: typeof known) => Math.min(...l.map((x) => x.ms));
    expect(Math.abs(quickest(known) - quickest(unknown))).toBeLessThan(250);
    const [mail] = await mails(u.email);
    expect(mail).toMatchObject({ kind: 'password-reset', status: 'queued', refDate: null });
    expect(mail!.body).toContain('https://desk.example.com/reset-password?token=');
    // Only the hash is stored.
    const token = await linkFor(u.email);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    // The message stays out of the desk's list of the day's messages (the link is the account's key).
    const staff = await t.user('staff');
    const sent = await t.call({ method: 'GET', url: `${V}/reminders/sent?date=${t.clock.today()}`, token: staff.token });
    expect(sent.json().List.map((m: { kind: string }) => m.kind)).not.toContain('password-reset');
  });

  it('limits requests per email (whoever asks) and per address: 429 with Retry-After', async () => {
    const u = await t.user('staff');
    for (let i = 0; i < FORGOT_LIMITS.perEmail; i++) expect((await forgot(u.email)).statusCode).toBe(200);
    const refused = await forgot(u.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many password reset requests. Please try again in 15 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(await mails(u.email)).toHaveLength(FORGOT_LIMITS.perEmail);
    // The same limit for an email with no account: a refusal tells nothing.
    const ghost = `ghost.${Date.now()}@nowhere.in`;
    for (let i = 0; i < FORGOT_LIMITS.perEmail; i++) await forgot(ghost);
    expect((await forgot(ghost)).statusCode).toBe(429);
  });

  it('limits one address over many emails', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i <= FORGOT_LIMITS.perAddress; i++) codes.push((await forgot(`x${i}.${Date.now()}@spray.in`, ip)).statusCode);
    expect(codes.slice(0, FORGOT_LIMITS.perAddress).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  }, 120_000);
});

describe('reset password', () => {
  it('sets the password, ends every session, and works once', async () => {
    const u = await t.user('customer');
    const first = (await login(u.email, u.password, 'customer')).json().token;
    const second = (await login(u.email, u.password, 'customer')).json().token;
    expect((await me(first)).statusCode).toBe(200);
    await forgot(u.email);
    const token = await linkFor(u.email);
    const res = await reset(token, 'fresh-pass-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MSG.resetDone });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(u.token)).statusCode).toBe(401); // a token from before sessions too
    expect((await login(u.email, u.password, 'customer')).statusCode).toBe(401);
    expect((await login(u.email, 'fresh-pass-1', 'customer')).statusCode).toBe(200);
    const again = await reset(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: AUTH_MSG.resetUsed });
    expect((await login(u.email, 'fresh-pass-1', 'customer')).statusCode).toBe(200);
  });

  it('works for staff too, and an older link of the account is used up by the reset', async () => {
    const u = await t.user('staff');
    await forgot(u.email);
    const older = await linkFor(u.email);
    await forgot(u.email);
    const newer = await linkFor(u.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'staff-pass-2')).statusCode).toBe(200);
    expect((await reset(older, 'staff-pass-3')).json()).toMatchObject({ message: AUTH_MSG.resetUsed });
    expect((await login(u.email, 'staff-pass-2', 'staff')).statusCode).toBe(200);
  });

  it('refuses an expired link (30 minutes) and leaves the password as it was', async () => {
    const u = await t.user('customer');
    await forgot(u.email);
    const token = await linkFor(u.email);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.id));
    const res = await reset(token, 'too-late-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.resetExpired });
    expect((await login(u.email, u.password, 'customer')).statusCode).toBe(200);
  });

  it('refuses an unknown token and a short password with clear messages', async () => {
    const bad = await reset('not-a-real-token', 'whatever-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: AUTH_MSG.resetInvalid });
    const u = await t.user('customer');
    await forgot(u.email);
    const short = await reset(await linkFor(u.email), '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 6 characters');
    // The link was not used by the refused attempt.
    expect((await reset(await linkFor(u.email), '123456')).statusCode).toBe(200);
  });

  it('of two concurrent uses of one link, one wins', async () => {
    const u = await t.user('customer');
    await forgot(u.email);
    const token = await linkFor(u.email);
    const codes = (await Promise.all([reset(token, 'race-pass-1'), reset(token, 'race-pass-2')])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 400]);
  });
});

describe('the test mailbox', () => {
  it('is for admins of a test server', async () => {
    const u = await t.user('customer');
    await forgot(u.email);
    const admin = await t.user('staff', { isAdmin: true });
    const staff = await t.user('staff');
    const url = `${V}/test/emails?to=${encodeURIComponent(u.email)}`;
    expect((await t.call({ method: 'GET', url, token: staff.token })).statusCode).toBe(403);
    const res = await t.call({ method: 'GET', url, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().emails[0].body).toContain('/reset-password?token=');
  });
});
