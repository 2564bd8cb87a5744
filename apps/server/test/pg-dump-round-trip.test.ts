/**
 * The PostgreSQL backup round trip (issue 22; docs/operations.md, "Backups"): a database made for this test gets the
 * demo data and a pet's photo through the app, `pg_dump -Fc` dumps it while the app is connected, `pg_restore` puts it
 * into another fresh database, and every table of the two is compared row for row, the photo's bytes too. Runs with
 * DATABASE_URL (npm run test:api:pg); skipped when pg_dump is not installed or older than the server (it refuses a
 * newer server's database).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { installReferenceData } from '../src/db/seed/reference.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertUser } from '../src/modules/auth/auth.repo.ts';
import { withDb } from './global-setup.ts';
import { testConfig } from './harness.ts';
import { compareDumps, dumpTables, rawClient } from './table-dump.ts';

const url = process.env.DATABASE_URL;
const toolMajor = (() => {
  const r = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? Number(/(\d+)(?:\.\d+)?/.exec(r.stdout)?.[1]) : null;
})();

describe.skipIf(!url || toolMajor === null)('PostgreSQL: pg_dump -Fc and pg_restore', () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const srcName = `pawdesk_ops_src_${suffix}`;
  const dstName = `pawdesk_ops_dst_${suffix}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'pawdesk-pgdump-'));
  const open: { close(): Promise<unknown> }[] = [];

  async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  afterAll(async () => {
    for (const o of open.reverse()) await o.close().catch(() => {});
    await admin(async (c) => {
      for (const name of [srcName, dstName]) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every table row for row, and the photo’s bytes', async (ctx) => {
    const serverMajor = await admin(async (c) =>
      Math.floor(Number((await c.query('show server_version_num')).rows[0].server_version_num) / 10000),
    );
    if (toolMajor! < serverMajor) {
      console.warn(
        `pg_dump ${toolMajor} is older than the server (${serverMajor}): it cannot dump it; install the client tools of ${serverMajor}`,
      );
      ctx.skip();
    }
    // A database of its own, migrated, with the demo data.
    await admin((c) => c.query(`CREATE DATABASE ${srcName} TEMPLATE template0`));
    const srcUrl = withDb(url!, srcName);
    const source: Database = await openDatabase({ databaseUrl: srcUrl, poolSize: 4 });
    open.push(source);
    await source.migrate();
    await installReferenceData(source.db);
    expect(await seedDemo(source.db, 'Asia/Kolkata')).toBe(true);

    // A pet's photo through the app, which stays connected while pg_dump runs.
    const config = testConfig();
    const app: FastifyInstance = await buildApp({ config, database: source, serveWeb: false, logger: false });
    open.push(app);
    const user = await insertUser(source.db, {
      role: 'staff',
      isAdmin: true,
      fullName: 'Dump Admin',
      email: `dump.${suffix}@test.in`,
      passwordHash: await hashPassword('secret123'),
    });
    const auth = { authorization: `Bearer ${await app.signToken({ id: user.id, role: 'staff', isAdmin: true })}` };
    const list = (await app.inject({ method: 'GET', url: '/api/v1/pet/getallpets', headers: auth })).json();
    const noisy = await sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const up = await app.inject({
      method: 'POST',
      url: `/api/v1/pets/${list.list[0]._id}/photo`,
      headers: { ...auth, 'content-type': 'image/jpeg' },
      payload: noisy,
    });
    expect(up.statusCode).toBe(200);
    const photo = up.json().photo as { url: string; thumbUrl: string };

    // The commands of docs/operations.md.
    const file = path.join(dir, 'pawdesk.dump');
    let t0 = performance.now();
    execFileSync('pg_dump', ['-Fc', '-f', file, srcUrl]);
    const dumpMs = performance.now() - t0;
    await admin((c) => c.query(`CREATE DATABASE ${dstName} TEMPLATE template0`));
    const dstUrl = withDb(url!, dstName);
    t0 = performance.now();
    execFileSync('pg_restore', ['--exit-on-error', '--no-owner', '-d', dstUrl, file]);
    const restoreMs = performance.now() - t0;

    const restored = await openDatabase({ databaseUrl: dstUrl, poolSize: 2 });
    open.push(restored);
    const before = await dumpTables(rawClient(source.db));
    const after = await dumpTables(rawClient(restored.db));
    const cmp = compareDumps(before, after);
    expect(cmp.differences).toEqual([]);
    expect(cmp.tables).toBeGreaterThanOrEqual(60);
    for (const table of ['public.media', 'public.payments', 'drizzle.__drizzle_migrations']) {
      expect(after.get(table)?.length, table).toBeGreaterThan(0);
    }

    // The photo through an app on the restored database: the same bytes.
    const second = await buildApp({ config, database: restored, serveWeb: false, logger: false });
    open.push(second);
    let photoBytes = 0;
    // The photo's addresses are paths under /api/v1 (docs/api.md, "Photos").
    for (const u of [photo.url, photo.thumbUrl].map((p) => `/api/v1${p.replace(/^\/api\/v1/, '')}`)) {
      const a = await app.inject({ method: 'GET', url: u, headers: auth });
      const b = await second.inject({ method: 'GET', url: u, headers: auth });
      expect(a.statusCode, u).toBe(200);
      expect(b.statusCode, u).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload), u).toBe(true);
      photoBytes += a.rawPayload.length;
    }
    console.log(
      `[pg_dump round trip] PostgreSQL ${serverMajor}, pg_dump ${toolMajor}: ${cmp.tables} tables, ${cmp.rows} rows compared, 0 differences; ` +
        `photo ${photoBytes} bytes identical; dump ${(statSync(file).size / 1024).toFixed(0)} KiB in ${Math.round(dumpMs)} ms, restore ${Math.round(restoreMs)} ms`,
    );
  }, 300_000);
});
