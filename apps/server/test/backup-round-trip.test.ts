/**
 * The embedded database's backup round trip (issue 22): a server runs on a data directory with the demo data and a
 * pet's photo, listening on a port; `npm run backup` (the real command, in a child process) finds it through the
 * lock and asks it for the backup while it keeps answering requests; `npm run restore` refuses while the server
 * runs, then restores into a new directory; every table of the restored database equals the source row for row, and
 * the photo's bytes are the same. Then a backup taken under a stream of writes restores to a consistent state:
 * every write acknowledged before it was asked for is in it, and no write is there in half.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { readLock } from '../src/db/data-dir-lock.ts';
import { prepareDatabase } from '../src/db/index.ts';
import { type Announced, announceServer, newLocalToken, TOKEN_FILE } from '../src/db/server-access.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertUser } from '../src/modules/auth/auth.repo.ts';
import { testConfig } from './harness.ts';
import { compareDumps, dumpTables, rawClient } from './table-dump.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 3971;
const BASE = `http://127.0.0.1:${PORT}`;

/** Runs `npm run backup`/`restore`'s script as the command line does, with DATA_DIR; its exit code and output. */
function cli(args: string[], dataDir: string): Promise<{ code: number | null; out: string; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, INIT_CWD: serverDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], { cwd: serverDir, env });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, child })));
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded backup while the server runs', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pawdesk-roundtrip-'));
  const src = path.join(root, 'src');
  const config = testConfig({ dataDir: src, seedDemo: true, port: PORT });
  let database: Database;
  let app: FastifyInstance;
  let announced: Announced;
  let token: string;
  let photo: { hash: string; url: string; thumbUrl: string };
  const opened: Database[] = [];

  const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${BASE}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    return res;
  };

  beforeAll(async () => {
    ({ database } = await prepareDatabase(config));
    const localToken = newLocalToken();
    app = await buildApp({ config, database, serveWeb: false, logger: false, localToken });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    announced = announceServer(src, { host: '127.0.0.1', port: PORT }, localToken);
    const admin = await insertUser(database.db, {
      role: 'staff',
      isAdmin: true,
      fullName: 'Backup Admin',
      email: `backup.${randomBytes(3).toString('hex')}@test.in`,
      passwordHash: await hashPassword('secret123'),
    });
    token = await app.signToken({ id: admin.id, role: 'staff', isAdmin: true });
    // A photo of one of the demo pets, through the API (display JPEG and thumbnail kept in `media`).
    const pets = (await (await api('GET', '/api/v1/pet/getallpets')).json()) as { list: { _id: string }[] };
    const petId = pets.list[0]!._id;
    // Noise, so the stored JPEGs are photo-sized (a flat colour compresses to almost nothing).
    const noisy = await sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const up = await api('POST', `/api/v1/pets/${petId}/photo`, noisy, {
      'content-type': 'image/jpeg',
    });
    expect(up.status).toBe(200);
    photo = ((await up.json()) as { photo: typeof photo }).photo;
  }, 180_000);

  afterAll(async () => {
    announced?.withdraw();
    await app?.close();
    await database?.close();
    for (const d of opened) await d.close().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  });

  it('records the server’s address in the lock and its token in a file only its user may read', () => {
    expect(readLock(src)).toMatchObject({ pid: process.pid, holder: 'server', listen: { host: '127.0.0.1', port: PORT } });
    expect(statSync(path.join(src, TOKEN_FILE)).mode & 0o777).toBe(0o600);
  });

  it('backs up through the running server while it serves, restores (refused while it runs), and every table matches', async () => {
    const file = path.join(root, 'demo.tar.gz');
    // Readers keep asking the server while the command runs: each answer is timed.
    let backingUp = true;
    const answers: { status: number; ms: number }[] = [];
    const reader = async () => {
      while (backingUp) {
        const t0 = performance.now();
        const res = await api('GET', answers.length % 2 ? '/api/v1/pet/getallpets' : '/api/health');
        await res.arrayBuffer();
        answers.push({ status: res.status, ms: performance.now() - t0 });
      }
    };
    const readers = [reader(), reader(), reader()];
    const t0 = performance.now();
    const backup = await cli(['--out', file], src);
    const cliMs = performance.now() - t0;
    backingUp = false;
    await Promise.all(readers);
    expect(backup.out).toMatch(/taken by the running server/);
    expect(backup.code, backup.out).toBe(0);
    expect(existsSync(`${file}.part`)).toBe(false);
    const bytes = statSync(file).size;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);

    // The source as it was backed up: nothing has written since (the readers only read; the jobs do not run here).
    const before = await dumpTables(rawClient(database.db));

    // A restore refuses while the server holds the directory, and changes nothing.
    const refused = await cli(['--restore', file], src);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(new RegExp(`A Pawdesk server \\(pid ${process.pid}, started .*\\) is using the data directory`));

    const dst = path.join(root, 'dst');
    const restore = await cli(['--restore', file], dst);
    expect(restore.code, restore.out).toBe(0);
    const restored = await openDatabase({ dataDir: dst });
    opened.push(restored);
    const after = await dumpTables(rawClient(restored.db));
    const cmp = compareDumps(before, after);
    expect(cmp.differences).toEqual([]);
    // Every table: the app's (each has an owner in modules/boundaries.test.ts) and drizzle's migration record.
    expect(cmp.tables).toBeGreaterThanOrEqual(60);
    for (const table of ['public.media', 'public.payments', 'public.audit_log', 'drizzle.__drizzle_migrations']) {
      expect(after.get(table)?.length, table).toBeGreaterThan(0);
    }
    expect(cmp.rows).toBeGreaterThan(100);

    // The photo: the same bytes through a server on the restored database as through the running one.
    const second = await buildApp({ config, database: restored, serveWeb: false, logger: false });
    let photoBytes = 0;
    try {
      for (const url of [photo.url, photo.thumbUrl]) {
        const live = Buffer.from(await (await api('GET', `/api/v1${url.replace(/^\/api\/v1/, '')}`)).arrayBuffer());
        const res = await second.inject({
          method: 'GET',
          url: `/api/v1${url.replace(/^\/api\/v1/, '')}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, url).toBe(200);
        expect(live.length).toBeGreaterThan(1000);
        expect(res.rawPayload.equals(live), url).toBe(true);
        photoBytes += live.length;
      }
    } finally {
      await second.close();
    }
    console.log(
      `[backup round trip] demo data: ${cmp.tables} tables, ${cmp.rows} rows compared, 0 differences; photo ${photoBytes} bytes (display + thumbnail) identical; ` +
        `backup ${(bytes / 1024).toFixed(0)} KiB, dump ${/dump (\d+) ms/.exec(backup.out)?.[1]} ms in the server, ${Math.round(cliMs)} ms for the command (start to end); ` +
        `${answers.length} requests answered meanwhile, slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms`,
    );
  }, 300_000);

  it('restores a backup taken under a stream of writes to a consistent state', async () => {
    const prefix = `Rt${randomBytes(3).toString('hex')}`;
    type Write = { name: string; phone: string; start: number; acked?: number };
    const writes: Write[] = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        const w: Write = {
          name: `${prefix}n${++n}`,
          phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
          start: performance.now(),
        };
        writes.push(w);
        const res = await api('POST', '/api/v1/pet/addpet', {
          ownerName: `${w.name} Owner`,
          phone: w.phone,
          email: `${w.name.toLowerCase()}@owner.in`,
          address: 'Sector 45, Gurugram',
          pets: [
            {
              name: w.name,
              species: 'dog',
              breed: 'Beagle',
              sex: 'Male',
              color: 'Brown',
              dob: '2021-04-02',
              neutered: false,
              registrationDate: '2026-01-15',
            },
          ],
        });
        await res.arrayBuffer();
        if (res.status === 201) w.acked = performance.now();
      }
    };
    const writers = [writer(), writer()];
    await new Promise((r) => setTimeout(r, 1500));
    const asked = performance.now();
    const file = path.join(root, 'under-writes.tar.gz');
    const backup = await cli(['--out', file], src);
    const answered = performance.now();
    await new Promise((r) => setTimeout(r, 500));
    writing = false;
    await Promise.all(writers);
    expect(backup.code, backup.out).toBe(0);

    const dst = path.join(root, 'dst-writes');
    expect((await cli(['--restore', file], dst)).code).toBe(0);
    const restored = await openDatabase({ dataDir: dst });
    opened.push(restored);
    const q = rawClient(restored.db);
    const { rows: pets } = await q.query<{ name: string }>(`select name from pets where name like '${prefix}%'`);
    const { rows: owners } = await q.query<{ phone: string; pets: number }>(
      `select o.phone, count(p.id)::int as pets from owners o left join pets p on p.owner_id = o.id
       where o.name like '${prefix}%' group by o.phone`,
    );
    const inBackup = new Set(pets.map((p) => p.name));
    const byName = new Map(writes.map((w) => [w.name, w]));
    const ackedBefore = writes.filter((w) => w.acked !== undefined && w.acked < asked);
    const missing = ackedBefore.filter((w) => !inBackup.has(w.name)).map((w) => w.name);
    const fromTheFuture = [...inBackup].filter((name) => (byName.get(name)?.start ?? Number.POSITIVE_INFINITY) > answered);
    const halfWritten = owners.filter((o) => o.pets !== 1).map((o) => o.phone);
    expect(ackedBefore.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(fromTheFuture).toEqual([]);
    expect(halfWritten).toEqual([]);
    expect(owners.length).toBe(inBackup.size);
    const acked = writes.filter((w) => w.acked !== undefined).length;
    console.log(
      `[backup under writes] ${acked} pets with their owners written meanwhile (${ackedBefore.length} before the backup was asked for); ` +
        `${inBackup.size} in the backup, every earlier one present, none half-written`,
    );
  }, 300_000);
});
