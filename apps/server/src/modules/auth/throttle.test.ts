import { LOGIN_FAILED } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { addressKey, LoginThrottle } from './login-throttle.ts';

// Per (account, address): 3 failures; per address: 15; burst limit of the rate-limit plugin: 6 a minute per instance.
const t = useTestApp({ loginRateLimit: 3 });

const WRONG = 'wrong-password';
let next = 0;
/** A fresh address for each test, so tests do not share counters. */
const freshIp = () => `10.20.${Math.floor(++next / 250)}.${next % 250}`;

function loginOn(app: FastifyInstance, body: { email: string; password: string; role?: string }, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { role: 'staff', ...body }, remoteAddress });
}
const login = (body: { email: string; password: string; role?: string }, ip: string) => loginOn(t.app, body, ip);

/** Another instance of the app on the same database (as behind a load balancer). */
async function instance(overrides: Partial<TestApp['config']> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...t.config, ...overrides }, database: t.database, serveWeb: false, logger: false });
  await app.ready();
  return app;
}

describe('login throttling', () => {
  it('answers 429 with Retry-After after the failures of one account from one address', async () => {
    const u = await t.user('staff');
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await login({ email: u.email, password: WRONG }, ip)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const res = await login({ email: u.email, password: u.password }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, message: 'Too many login attempts. Please try again in 15 minutes.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.json().retryAfter).toBe(retryAfter);
  });

  it('lets the owner log in from another address while the account is hammered from one', async () => {
    const u = await t.user('staff');
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) await login({ email: u.email, password: WRONG }, attacker);
    expect((await login({ email: u.email, password: u.password }, attacker)).statusCode).toBe(429);
    const owner = await login({ email: u.email, password: u.password }, freshIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(u.id);
  });

  it('counts per address behind a proxy (TRUST_PROXY): the X-Forwarded-For entry the proxy added, not the client one', async () => {
    const proxied = await instance({ trustProxy: true });
    try {
      const u = await t.user('staff');
      const [attacker, owner] = [freshIp(), freshIp()];
      const via = (ip: string, password: string, spoof = '203.0.113.9') =>
        proxied.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { role: 'staff', email: u.email, password },
          remoteAddress: '127.0.0.1',
          // A client-supplied entry first, then the address the proxy saw.
          headers: { 'x-forwarded-for': `${spoof}, ${ip}` },
        });
      for (let i = 0; i < 3; i++) expect((await via(attacker, WRONG, `198.51.100.${i}`)).statusCode).toBe(401);
      const blocked = await via(attacker, u.password, '198.51.100.77');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await via(owner, u.password)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY as a number of proxies (true = one)', () => {
    const cfg = (v?: string) => loadConfig({ DATA_DIR: '/tmp/pawdesk-cfg-trust', ...(v ? { TRUST_PROXY: v } : {}) }).trustProxy;
    expect([cfg(), cfg('false'), cfg('true'), cfg('2')]).toEqual([false, false, true, 2]);
    expect(() => cfg('all')).toThrow(/TRUST_PROXY/);
  });

  it('holds across instances and counts every address over all accounts', async () => {
    // Three instances: their burst limits (6 a minute each) leave room for the database's limit of 15 per address.
    const apps = [t.app, await instance(), await instance()];
    try {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await loginOn(apps[i % 3]!, { email: `nobody${i}.${ip}@x.in`, password: WRONG }, ip);
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 15)).toEqual(Array(15).fill(401));
      expect(codes[15]).toBe(429);
      const u = await t.user('staff');
      const res = await loginOn(apps[1]!, { email: u.email, password: u.password }, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many login attempts/);
      expect((await loginOn(apps[2]!, { email: u.email, password: u.password }, freshIp())).statusCode).toBe(200);
    } finally {
      for (const a of apps.slice(1)) await a.close();
    }
  });

  it('does not let concurrent guesses slip past the limit, on one or several instances', async () => {
    const apps = [t.app, await instance()];
    try {
      const u = await t.user('customer');
      const ip = freshIp();
      // Six per instance: within each instance's burst limit, so only the database counters decide.
      const res = await Promise.all(
        Array.from({ length: 12 }, (_, i) => loginOn(apps[i % 2]!, { email: u.email, password: WRONG, role: 'customer' }, ip)),
      );
      const codes = res.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(3);
      const refused = res.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(9);
      for (const r of refused) {
        expect(r.json().message).toMatch(/^Too many login attempts/);
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await apps[1]!.close();
    }
  });

  it('sends Retry-After from the per-address burst limit too', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login({ email: `burst${i}@x.in`, password: WRONG }, ip)).statusCode);
    expect(codes).toEqual(Array(6).fill(401));
    const last = await login({ email: 'burst7@x.in', password: WRONG }, ip);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toMatchObject({ success: false });
  });

  it('forgets failures after a successful login and once the window has passed', async () => {
    const u = await t.user('staff');
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await login({ email: u.email, password: WRONG }, ip);
    expect((await login({ email: u.email, password: u.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login({ email: u.email, password: WRONG }, ip)).statusCode).toBe(401);
    // The burst limit (6 a minute) is spent: the next calls go to another instance.
    const other = await instance();
    try {
      const res = await loginOn(other, { email: u.email, password: u.password }, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many login attempts/);
      await t.database.db
        .update(loginFailures)
        .set({ windowEnds: sql`now() - interval '1 second'` })
        .where(sql`${loginFailures.key} like ${`%|${ip}`}`);
      expect((await loginOn(other, { email: u.email, password: u.password }, ip)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers a disabled account with the generic failure, even with the right password', async () => {
    const u = await t.user('staff');
    await t.database.db.execute(sql`update users set disabled = true where id = ${u.id}`);
    const res = await login({ email: u.email, password: u.password }, freshIp());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_FAILED });
  });
});

describe('LoginThrottle', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
  });
  afterAll(() => other.close());

  it('deletes expired rows on its first attempt (then at most once a minute)', async () => {
    const { db } = other.database;
    await db.insert(loginFailures).values([
      { key: 'ip:192.0.2.1', failures: 4, windowEnds: new Date(Date.now() - 1000) },
      { key: 'ip:192.0.2.2', failures: 4, windowEnds: new Date(Date.now() + 60_000) },
    ]);
    const throttle = new LoginThrottle(db, { perAccountAddress: 3, perAddress: 10, windowSeconds: 60 });
    await throttle.begin('a@b.in', '192.0.2.3');
    const keys = (await db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key).sort();
    expect(keys).toEqual(['acct:a@b.in|192.0.2.3', 'ip:192.0.2.2', 'ip:192.0.2.3']);
  });

  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('keys anything that is not an address, and long or odd emails, by a digest', () => {
    const throttle = new LoginThrottle(other.database.db, { perAccountAddress: 3, perAddress: 10, windowSeconds: 60 });
    expect(addressKey('x'.repeat(5000))).toMatch(/^other:[0-9a-f]{32}$/);
    expect(throttle.keys(`${'a'.repeat(300)}@b.in`, '192.0.2.1').account).toMatch(/^acct:sha256:[0-9a-f]{64}\|192\.0\.2\.1$/);
  });
});
