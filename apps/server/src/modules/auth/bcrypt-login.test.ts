import { LOGIN_FAILED } from '@pawdesk/shared';
import bcrypt from 'bcrypt';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { isBcryptHash, verifyPassword } from '../../lib/passwords.ts';

/**
 * Issue 21: accounts carried over from the original system hold its bcrypt hashes (cost 12). Login accepts them, off
 * the event loop, and replaces them with Pawdesk's scrypt hash on the first successful login.
 */
const t = useTestApp({ loginRateLimit: 3 });
const V = '/api/v1';
const PASSWORD = 'original-pass1';
let COST12 = '';
beforeAll(async () => {
  COST12 = await bcrypt.hash(PASSWORD, 12);
});

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const login = (email: string, password: string, role = 'staff', ip = freshIp()) =>
  t.call({ method: 'POST', url: `${V}/auth/login`, payload: { email, password, role }, remoteAddress: ip });
const hashOf = async (id: string) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h;
/** An account whose stored hash is the original system's bcrypt hash. */
async function carriedOver(role: 'staff' | 'customer', hash = COST12) {
  const u = await t.user(role);
  await t.database.db.update(users).set({ passwordHash: hash }).where(eq(users.id, u.id));
  return u;
}

/** How late a 10 ms timer fired at worst while `work` ran (ms), how often it fired, and how long the work took. */
async function timerLag(work: () => Promise<unknown>): Promise<{ maxLag: number; ticks: number; took: number }> {
  let maxLag = 0;
  let ticks = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxLag = Math.max(maxLag, now - last - 10);
    last = now;
    ticks++;
  }, 10);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  // One more tick: work that blocked the loop shows as the lag of the first tick after it.
  await new Promise((r) => setTimeout(r, 30));
  clearInterval(timer);
  return { maxLag, ticks, took };
}

describe('login with a carried-over bcrypt hash', () => {
  it('logs in with the original password, then holds an scrypt hash and logs in again', async () => {
    const u = await carriedOver('staff');
    const first = await login(u.email, PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(u.id);
    const after = await hashOf(u.id);
    expect(after).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await verifyPassword(PASSWORD, after)).toBe(true);
    const again = await login(u.email, PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(await hashOf(u.id)).toBe(after);
  });

  it.each(['$2a$', '$2y$'])('accepts the %s spelling of a cost-12 hash (customer account)', async (prefix) => {
    const u = await carriedOver('customer', COST12.replace(/^\$2b\$/, prefix));
    const res = await login(u.email, PASSWORD, 'customer');
    expect(res.statusCode).toBe(200);
    expect(await hashOf(u.id)).toMatch(/^scrypt\$/);
  });

  it('two concurrent first logins both succeed; one scrypt hash is kept', async () => {
    const u = await carriedOver('staff');
    const [a, b] = await Promise.all([login(u.email, PASSWORD), login(u.email, PASSWORD)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const h = await hashOf(u.id);
    expect(h).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, h)).toBe(true);
  });

  it('a wrong password is the generic 401, counts as a failure (429 after 3) and keeps the bcrypt hash', async () => {
    const u = await carriedOver('staff');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await login(u.email, 'not-the-password', 'staff', ip);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: LOGIN_FAILED });
    }
    expect((await login(u.email, PASSWORD, 'staff', ip)).statusCode).toBe(429);
    expect(await hashOf(u.id)).toBe(COST12);
    // From another address the right password still works.
    expect((await login(u.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses hashes it must not run or cannot read (cost above 14, malformed) without throwing', async () => {
    const cost15 = COST12.replace(/^\$2b\$12\$/, '$2b$15$');
    expect(isBcryptHash(cost15)).toBe(false);
    expect(await verifyPassword(PASSWORD, cost15)).toBe(false);
    expect(await verifyPassword(PASSWORD, '$2b$12$short')).toBe(false);
    expect(isBcryptHash(COST12)).toBe(true);
    const u = await carriedOver('staff', cost15);
    expect((await login(u.email, PASSWORD)).statusCode).toBe(401);
  });

  // A timing measurement on a shared machine: measured again (up to twice) when another process took the cores. The
  // bound is 150 ms over the idle jitter: one cost-12 check run on the event loop blocks it for 250 ms or more (two
  // in a row, 500 ms), while beside the other CI lanes a free loop was seen to lag 50–100 ms.
  it('keeps the event loop responsive while two cost-12 checks run (timer lag < 150 ms)', { retry: 2 }, async () => {
    // The machine's own jitter first (the same timer with nothing running), so a busy test machine does not fail it.
    const idle = await timerLag(() => new Promise((r) => setTimeout(r, 500)));
    let results: boolean[] = [];
    const during = await timerLag(async () => {
      results = await Promise.all([verifyPassword(PASSWORD, COST12), verifyPassword('wrong', COST12)]);
    });
    expect(results).toEqual([true, false]);
    // The checks took real time (so the timer had a chance to be starved), yet it kept firing all along.
    expect(during.took).toBeGreaterThan(100);
    expect(during.ticks).toBeGreaterThan(during.took / 20);
    expect(during.maxLag - Math.min(idle.maxLag, 50)).toBeLessThan(150);
  });

  it('change-password works for such a user (the current password is checked against the bcrypt hash)', async () => {
    const u = await carriedOver('staff');
    const wrong = await t.call({
      method: 'POST',
      url: `${V}/auth/change-password`,
      token: u.token,
      payload: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' },
      remoteAddress: freshIp(),
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.call({
      method: 'POST',
      url: `${V}/auth/change-password`,
      token: u.token,
      payload: { currentPassword: PASSWORD, newPassword: 'brand-new-pass' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(await hashOf(u.id)).toMatch(/^scrypt\$/);
    expect((await login(u.email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await login(u.email, PASSWORD)).statusCode).toBe(401);
  });

  it('password reset works for such a user', async () => {
    const u = await carriedOver('customer');
    const forgot = await t.call({
      method: 'POST',
      url: `${V}/auth/forgot-password`,
      payload: { email: u.email },
      remoteAddress: freshIp(),
    });
    expect(forgot.statusCode).toBe(200);
    const { notifications } = await import('../../db/schema/index.ts');
    const [mail] = await t.database.db.select().from(notifications).where(eq(notifications.toAddress, u.email));
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.body)![1]!);
    const reset = await t.call({
      method: 'POST',
      url: `${V}/auth/reset-password`,
      payload: { token, password: 'after-reset-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await hashOf(u.id)).toMatch(/^scrypt\$/);
    expect((await login(u.email, 'after-reset-1', 'customer')).statusCode).toBe(200);
  });
});
