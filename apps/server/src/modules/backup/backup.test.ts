/**
 * POST /api/v1/admin/backup (issue 22): who may ask (admins; `npm run backup` with the server's local token, from this
 * machine only), what comes back (the embedded database's dump, a .tar.gz that opens as the same database; 409 on
 * PostgreSQL), and the audit entry. The whole round trip through the command is test/backup-round-trip.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { freshDatabase, testConfig, useTestApp, useTestUser } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { auditLog, pets } from '../../db/schema/index.ts';
import type { FastifyInstance } from 'fastify';

const pg = Boolean(process.env.DATABASE_URL);
const URL = '/api/v1/admin/backup';

describe('POST /admin/backup as a signed-in user', () => {
  const t = useTestApp();
  const admin = useTestUser(t, 'staff');
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await t.user('staff', { isAdmin: true })).token;
  });

  it('refuses anyone but an admin', async () => {
    expect((await t.call({ method: 'POST', url: URL })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: URL, token: admin.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: URL, token: (await t.user('customer')).token })).statusCode).toBe(403);
  });

  it.skipIf(pg)('answers the embedded database as a .tar.gz that opens with its rows, and audits it', async () => {
    const pet = await makePet(t.database.db, { name: `Backed up ${randomBytes(3).toString('hex')}` });
    const res = await t.call({ method: 'POST', url: URL, token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pawdesk-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    const copy = await openDatabase({ loadDataDir: new Blob([res.rawPayload]) });
    try {
      const [row] = await copy.db.select().from(pets).where(eq(pets.id, pet.id));
      expect(row?.name).toBe(pet.name);
      // The backup holds its own audit entry (written just before the dump).
      const audit = await copy.db.select().from(auditLog).where(eq(auditLog.action, 'database.backup'));
      expect(audit.length).toBeGreaterThan(0);
    } finally {
      await copy.close();
    }
  });

  it.skipIf(pg)('takes concurrent backups one after the other, each whole', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => t.call({ method: 'POST', url: URL, token: adminToken })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  it.skipIf(!pg)('answers 409 on PostgreSQL, pointing at pg_dump', async () => {
    const res = await t.call({ method: 'POST', url: URL, token: adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/pg_dump -Fc/);
  });
});

describe('POST /admin/backup with the server’s local token (npm run backup)', () => {
  const TOKEN = randomBytes(32).toString('base64url');
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await freshDatabase();
    app = await buildApp({ config: testConfig(), database, serveWeb: false, logger: false, localToken: TOKEN });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const ask = (authorization: string | undefined, remoteAddress = '127.0.0.1', url = URL, method: 'POST' | 'GET' = 'POST') =>
    app.inject({ method, url, remoteAddress, headers: authorization ? { authorization } : {} });

  it('accepts the token from this machine (IPv4 and IPv6 loopback), and audits it without a user', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await ask(`Bearer ${TOKEN}`, address);
      expect(res.statusCode, address).toBe(pg ? 409 : 200);
    }
    if (!pg) {
      const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'database.backup'));
      expect(audit.map((a) => a.userId)).toEqual([null, null, null]);
    }
  });

  it('refuses it from another address, a wrong token, and on any other route', async () => {
    expect((await ask(`Bearer ${TOKEN}`, '10.1.2.3')).statusCode).toBe(401);
    expect((await ask(`Bearer ${TOKEN}`, '192.168.1.20')).statusCode).toBe(401);
    expect((await ask(`Bearer ${TOKEN.slice(1)}`)).statusCode).toBe(401);
    expect((await ask(TOKEN)).statusCode).toBe(401);
    expect((await ask(undefined)).statusCode).toBe(401);
    expect((await ask(`Bearer ${TOKEN}`, '127.0.0.1', '/api/v1/admin/export', 'GET')).statusCode).toBe(401);
    expect((await ask(`Bearer ${TOKEN}`, '127.0.0.1', '/api/v1/admin/users', 'GET')).statusCode).toBe(401);
  });
});
