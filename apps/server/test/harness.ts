import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Role } from '@pawdesk/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type MovableClock, movableClock } from '../src/lib/clock.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertUser } from '../src/modules/auth/auth.repo.ts';
import { withDb } from './global-setup.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  role: Role;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's clock: `t.clock.advanceDays(3)` moves "now" for the server (lib/clock.ts). */
  clock: MovableClock;
  /** Creates a fresh account of the role and returns it with a token. */
  user(role: Role, opts?: { isAdmin?: boolean; fullName?: string }): Promise<TestUser>;
  /** app.inject with an optional token; the body is parsed as JSON. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir: '/nonexistent',
    jwtSecret: randomBytes(32).toString('hex'),
    tz: 'Asia/Kolkata',
    mailFrom: 'Pet DayCare Service <no-reply@test>',
    seedDemo: false,
    migrateOnStart: true,
    allowOfflinePayments: false,
    logLevel: 'silent',
    loginRateLimit: 10,
    signupRateLimit: 1000,
    trustProxy: false,
    business: {
      name: 'Pet DayCare Service',
      address: 'Gurugram',
      phone: '+91 98100 00000',
      email: 'hello@test',
      gstin: '',
      openingHours: 'Mon-Sun 7:30 AM to 7:30 PM',
    },
    worker: false,
    testClock: true,
    ...overrides,
  };
}

/** A fresh, migrated database of the kind under test: PGlite, or PostgreSQL when DATABASE_URL is set. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `pawdesk_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
        break;
      } catch (err) {
        if (attempt > 20 || !String(err).includes('being accessed')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const d = await openDatabase({ databaseUrl: withDb(url, name), poolSize: 20 });
    return {
      ...d,
      close: async () => {
        await d.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await a.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

let seq = 0;
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig(overrides);
  const clock = movableClock(config.tz);
  const app = await buildApp({ config, database, serveWeb: false, logger: false, clock });
  await app.ready();
  const passwordHash = await hashPassword('secret123');
  return {
    app,
    database,
    config,
    clock,
    async user(role, opts = {}) {
      const email = `${role}${++seq}.${randomBytes(3).toString('hex')}@test.in`;
      const u = await insertUser(database.db, {
        role,
        isAdmin: opts.isAdmin ?? false,
        fullName: opts.fullName ?? `Test ${role} ${seq}`,
        email,
        passwordHash,
      });
      const token = await app.signToken({ id: u.id, role, isAdmin: u.isAdmin });
      return { id: u.id, email, password: 'secret123', token, role };
    },
    async call({ token, ...opts }) {
      const res = await app.inject({
        ...opts,
        headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      return Object.assign(res, { json: () => JSON.parse(res.body) });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Throws unless the value is set: the app and users of useTestApp exist only once beforeAll has run. */
function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The test app starts in beforeAll: use it inside tests and hooks');
  return value;
}

/**
 * Starts a test app before the file's tests and closes it after them. The
 * returned app stands for the one beforeAll creates, so a file can hold it in
 * a const and use it inside its tests, hooks and helpers.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(() => current?.close());
  return {
    get app() {
      return ready(current).app;
    },
    get database() {
      return ready(current).database;
    },
    get config() {
      return ready(current).config;
    },
    get clock() {
      return ready(current).clock;
    },
    user: (role, opts) => ready(current).user(role, opts),
    call: (opts) => ready(current).call(opts),
    close: () => ready(current).close(),
  };
}

/** An account of the role on the app of useTestApp, created in beforeAll (after the app, in the order asked for). */
export function useTestUser(t: TestApp, role: Role): TestUser {
  let current: TestUser | undefined;
  beforeAll(async () => {
    current = await t.user(role);
  });
  return {
    get id() {
      return ready(current).id;
    },
    get email() {
      return ready(current).email;
    },
    get password() {
      return ready(current).password;
    },
    get token() {
      return ready(current).token;
    },
    role,
  };
}
