import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { newId } from './ids.ts';
import { createLogger } from './logger.ts';
import { hashPassword } from './passwords.ts';

/** An app whose log (production JSON) is collected in `lines`. */
async function loggedApp(database: Database, env: 'production' | 'development' = 'production') {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const config = testConfig({ env, logLevel: 'info' });
  const app = await buildApp({ config, database, serveWeb: false, logger: await createLogger(config, out) });
  return { app, log: () => text };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('logs (production JSON)', () => {
  let database: Database;
  let app: FastifyInstance;
  let log: () => string;
  const email = `leak.${randomBytes(3).toString('hex')}@example.in`;
  const secretName = 'Zanzibar Quoll';
  let hash = '';

  beforeAll(async () => {
    database = await freshDatabase();
    ({ app, log } = await loggedApp(database));
    hash = await hashPassword('correct horse');
    // A route with a bug: its insert misses a NOT NULL column, so PostgreSQL refuses the row and
    // names every value of it (the hash, the email) in the error's detail; drizzle adds the parameters.
    app.post('/api/v1/test/broken-insert', async () => {
      await database.db.execute(
        sql`insert into users (id, role, full_name, email, password_hash) values (${newId()}, 'staff', ${secretName}, ${email}, ${hash}), (${newId()}, 'staff', ${secretName}, null, ${hash})`,
      );
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs a failed SQL statement without its parameters, row values or request body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/test/broken-insert', payload: { note: secretName } });
    expect(res.statusCode).toBe(500);
    // Real signups that fail: a NUL in the email, then the same email twice.
    const signup = (e: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { fullName: secretName, email: e, password: 'hunter22' },
      });
    await signup(`a\u0000${email}`);
    expect((await signup(email)).statusCode).toBeLessThan(500);
    expect((await signup(email)).statusCode).toBeLessThan(500);
    await settle();

    const lines = log()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const failure = lines.find((l) => l.msg === 'unhandled error');
    expect(failure, log()).toBeDefined();
    // What helps: the SQL state, the table and column, the statement with placeholders, the stack.
    expect(JSON.stringify(failure.err)).toContain('23502');
    expect(JSON.stringify(failure.err)).toContain('insert into users');
    expect(failure.err.stack).toMatch(/\n\s+at /);
    expect(failure.req).toBeUndefined();

    const text = log();
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain(hash.slice(-20));
    expect(text).not.toContain(email);
    expect(text).not.toContain('example.in');
    expect(text).not.toContain(secretName);
    expect(text).not.toContain('hunter22');
    expect(text).not.toMatch(/"(params|detail)"/);
    expect(text).not.toContain('Failing row');
  });

  it('logs the route pattern of a request, never its query string or token', async () => {
    const password = 'secret123';
    const passwordHash = await hashPassword(password);
    const id = newId();
    await database.db.execute(
      sql`insert into users (id, role, full_name, email, password_hash) values (${id}, 'customer', 'Log Reader', ${`c.${email}`}, ${passwordHash})`,
    );
    const token = await app.signToken({ id, role: 'customer', isAdmin: false });
    const before = log().length;
    const q = `email=${encodeURIComponent(email)}&name=${encodeURIComponent(secretName)}`;
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/customerappointment/getcustomerpets?${q}`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: `/api/v1/no/such/route/${email}?${q}` });
    expect(missing.statusCode).toBe(404);
    const login = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/login?${q}`,
      payload: { role: 'customer', email: `c.${email}`, password },
    });
    expect(login.statusCode).toBe(200);
    await settle();

    const text = log().slice(before);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.req?.url === '/api/v1/customerappointment/getcustomerpets')).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines.find((l) => l.res?.statusCode === 404)?.req.url).toBe('/api/v1/no/such/route/[email]');
    expect(lines.find((l) => l.req?.url === '/api/v1/auth/login')).toBeDefined();
    expect(text).not.toContain('?');
    expect(text).not.toContain(email);
    expect(text).not.toContain(secretName);
    expect(text).not.toContain(token);
    expect(text).not.toContain(login.json().token);
    expect(text).not.toContain(password);
    expect(text).not.toContain('scrypt$');
  });
});

describe('logs (development)', () => {
  it('prints one short human line per request', async () => {
    const database = await freshDatabase();
    const { app, log } = await loggedApp(database, 'development');
    try {
      await app.inject({ method: 'GET', url: '/api/health?who=someone@example.in' });
      await settle();
      expect(log()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 \d+ms$/m);
      expect(log()).not.toContain('{');
      expect(log()).not.toContain('example.in');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
