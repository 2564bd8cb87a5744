import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadDatabaseConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pawdesk-cfg-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, tz: 'Asia/Kolkata', seedDemo: true, databaseUrl: undefined, dataDir: dir });
    expect(c.business.name).toBe('Pet DayCare Service');
    expect(c.razorpay).toBeUndefined();
  });

  it('generates an embedded JWT secret once and keeps it in the data directory', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret).toBe(b.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
  });

  it('fails fast, listing every bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', JWT_SECRET: 'short', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*JWT_SECRET must be at least 32 characters[\s\S]*SEED_DEMO/,
    );
  });

  it('refuses to start in production without a real secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET: required in production/);
  });

  it('does not seed demo data on PostgreSQL unless asked', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('uses Razorpay with all three keys, the offline provider with none, and refuses a partial set', () => {
    const keys = { RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys }).razorpay).toEqual({ keyId: 'k', keySecret: 's', webhookSecret: 'w' });
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys, RAZORPAY_API_BASE: 'http://127.0.0.1:4010' }).razorpay?.apiBase).toBe(
      'http://127.0.0.1:4010',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), RAZORPAY_KEY_ID: '' }).razorpay).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET: Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), RAZORPAY_WEBHOOK_SECRET: 'w' })).toThrow(
      /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET:/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, RAZORPAY_API_BASE: 'not a url' })).toThrow(
      /RAZORPAY_API_BASE must be a URL/,
    );
  });
  it('in production, refuses to start without Razorpay unless ALLOW_OFFLINE_PAYMENTS=true', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    expect(() => loadConfig(prod)).toThrow(
      /Invalid configuration:\n {2}RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production\. Without them the offline payment provider takes card and link payments, and no money moves: set all three, or ALLOW_OFFLINE_PAYMENTS=true/,
    );
    expect(() => loadConfig({ ...prod, ALLOW_OFFLINE_PAYMENTS: 'false' })).toThrow(/RAZORPAY_KEY_ID.*required in production/);
    expect(() => loadConfig({ ...prod, ALLOW_OFFLINE_PAYMENTS: 'perhaps' })).toThrow(/ALLOW_OFFLINE_PAYMENTS/);
    const offline = loadConfig({ ...prod, ALLOW_OFFLINE_PAYMENTS: 'true' });
    expect(offline).toMatchObject({ env: 'production', allowOfflinePayments: true, razorpay: undefined });
    const keys = { RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(loadConfig({ ...prod, ...keys })).toMatchObject({ allowOfflinePayments: false, razorpay: { keyId: 'k' } });
    // A partial set is named as such, not as missing keys.
    expect(() => loadConfig({ ...prod, RAZORPAY_KEY_ID: 'k' })).toThrow(
      /^Invalid configuration:\n {2}RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: Razorpay needs .* together[^\n]*$/,
    );
    // Outside production the offline provider needs no permission.
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ allowOfflinePayments: false, razorpay: undefined });
  });

  it('lists every production problem at once', () => {
    const err = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SEED_DEMO: 'true', TEST_CLOCK: 'true' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(err?.split('\n').map((l) => l.split(':')[0])).toEqual([
      'Invalid configuration',
      '  JWT_SECRET',
      '  SEED_DEMO',
      '  TEST_CLOCK',
      '  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET',
    ]);
  });

  it('MIGRATE_ON_START: true by default, false leaves migrations to npm run db:migrate', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).migrateOnStart).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START/);
  });

  it('npm run db:migrate reads only where the database is, without the app’s secrets or keys', () => {
    const dir = dataDir();
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://migrator@db:5432/pawdesk', DATA_DIR: dir };
    expect(loadDatabaseConfig(env)).toEqual({ databaseUrl: 'postgres://migrator@db:5432/pawdesk', dataDir: dir });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('METRICS_TOKEN: unset or empty leaves /metrics off; a short one is refused with its rule', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'a'.repeat(16);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/,
    );
  });
});
