import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testConfig, useTestApp, useTestUser } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const APP = 'https://app.pawdesk.example';
const MOBILE = 'capacitor://localhost';
const EVIL = 'https://evil.example';

const t = useTestApp({ corsOrigins: [APP, MOBILE] });
const customer = useTestUser(t, 'customer');
const staff = useTestUser(t, 'staff');

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

const preflight = (url: string, origin: string, method = 'POST') =>
  t.call({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,accept-type',
    },
  });

describe('CORS (CORS_ORIGINS)', () => {
  it('answers a preflight from a listed origin with the methods and headers the clients send', async () => {
    for (const [url, method] of [
      ['/api/v1/customer/pet/addpet', 'POST'],
      ['/api/v1/customerappointment/getcustomerpets?email=a%40b.in', 'GET'],
      ['/api/v1/pet/getallpets/', 'GET'],
      ['/api/v1/admin/users/6b0000000000000000000001', 'PATCH'],
      ['/api/v1/inventory/6b0000000000000000000001', 'DELETE'],
    ] as const) {
      const res = await preflight(url, APP, method);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(APP);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PATCH, DELETE');
      expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Accept-Type, Idempotency-Key');
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toContain('Origin');
    }
    expect((await preflight('/api/v1/customer/pet/addpet', MOBILE)).headers['access-control-allow-origin']).toBe(MOBILE);
  });

  it('lets a listed origin read answers, errors included', async () => {
    const ok = await t.call({ method: 'GET', url: '/api/v1/auth/me', token: customer.token, headers: { origin: APP } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    expect(ok.headers['access-control-expose-headers']).toBe('Retry-After, Idempotent-Replayed');
    expect(ok.headers.vary).toContain('Origin');
    const denied = await t.call({ method: 'GET', url: '/api/v1/auth/me', headers: { origin: APP } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(APP);
  });

  it('gives an origin that is not listed no CORS header: its preflight is 204 without them', async () => {
    const pre = await preflight('/api/v1/customer/pet/addpet', EVIL);
    expect(pre.statusCode).toBe(204);
    expect(corsHeaders(pre.headers)).toEqual([]);
    const res = await t.call({ method: 'GET', url: '/api/v1/auth/me', token: customer.token, headers: { origin: EVIL } });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
    // A listed origin's name inside another origin does not pass.
    const tricky = await preflight('/api/v1/auth/me', `${APP}.evil.example`, 'GET');
    expect(corsHeaders(tricky.headers)).toEqual([]);
  });

  it('allows no origin when CORS_ORIGINS is empty', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, serveWeb: false, logger: false });
    try {
      const pre = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/auth/login',
        headers: { origin: APP, 'access-control-request-method': 'POST' },
      });
      expect(pre.statusCode).toBe(204);
      expect(corsHeaders(pre.headers)).toEqual([]);
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: APP } });
      expect(corsHeaders(res.headers)).toEqual([]);
      expect(res.headers.vary).toBeUndefined();
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('reads CORS_ORIGINS as a comma-separated list of origins and refuses anything else', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pawdesk-cors-'));
    expect(loadConfig({ DATA_DIR: dataDir }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: ` ${APP}/, http://localhost:5173,,${MOBILE}` }).corsOrigins).toEqual([
      APP,
      'http://localhost:5173',
      MOBILE,
    ]);
    for (const bad of ['*', 'app.pawdesk.example', `${APP}/path`, 'https://*.pawdesk.example']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS: .* is not an origin/);
    }
  });
});

describe('Cache-Control: no-store on API answers', () => {
  it.each([
    ['a signed-in read', 'GET', '/api/v1/auth/me', 'customer', 200],
    ['a staff route refused to a customer', 'GET', '/api/v1/pet/getallpets', 'customer', 403],
    ['an unknown record', 'GET', '/api/v1/pet/getpetdetails/6b0000000000000000000001', 'staff', 404],
    ['bad input', 'POST', '/api/v1/pet/addpet', 'staff', 400],
    ['an invalid token', 'GET', '/api/v1/auth/me', 'bad', 401],
  ] as const)('%s (%s %s as %s) answers %i with no-store', async (_, method, url, who, status) => {
    const token = who === 'bad' ? 'not-a-token' : who === 'staff' ? staff.token : customer.token;
    const res = await t.call({ method, url, token, payload: method === 'POST' ? { pets: 'x' } : undefined });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('covers the login answer (it holds a token), but not the web app’s static files', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { role: 'customer', email: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const dist = mkdtempSync(path.join(tmpdir(), 'pawdesk-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig({ webDist: dist }), database, logger: false });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ method: 'GET', url: '/staff/pets' });
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
