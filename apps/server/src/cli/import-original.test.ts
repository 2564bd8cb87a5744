import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { freshDatabase } from '../../test/harness.ts';
import { jpeg } from '../../test/images.ts';
import { type FixtureFormat, fixtureCounts, SMALL_FIXTURE, writeFixtureExport } from '../../test/import-fixture.ts';
import type { ImportReport } from '../modules/import/import-report.service.ts';
import { main } from './import-original.ts';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let root: string;
const exports: Partial<Record<FixtureFormat, string>> = {};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-cli-'));
  for (const format of ['bson', 'array-canonical'] as const) {
    exports[format] = path.join(root, format);
    await writeFixtureExport(exports[format], format, SMALL_FIXTURE);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function cli(args: string[], extra: { database?: Database; fetcher?: Parameters<typeof main>[1]['fetcher'] } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    cwd: root,
    now: () => new Date('2026-04-16T06:30:00Z'),
    photoTimeoutMs: 300,
    ...extra,
  });
  return { code, out, err };
}

/** `collection  N read` lines of the output, as { collection: N }. */
function readCounts(out: string[]): Record<string, number> {
  return Object.fromEntries(
    out.flatMap((l) => {
      const m = /^(\w+)\s+(\d+) read\b/.exec(l);
      return m ? [[m[1], Number(m[2])]] : [];
    }),
  );
}

describe('npm run import:original', () => {
  it.each(['bson', 'array-canonical'] as const)(
    'a dry run over the %s fixture reads every document, writes nothing, and reports',
    async (format) => {
      const database = await freshDatabase();
      try {
        const { code, out, err } = await cli(['--from', path.relative(root, exports[format] as string), '--dry-run'], {
          database,
        });
        expect(err).toEqual([]);
        expect(code).toBe(0);
        const counts = fixtureCounts(SMALL_FIXTURE);
        const read = readCounts(out);
        for (const [collection, n] of Object.entries(read)) expect(n).toBe(counts[collection as keyof typeof counts]);
        // The last line says where the report is; both files are there and agree with the output.
        const md = path.join(root, 'import-reports', 'import-2026-04-16T06-30-00-000Z-dry-run.md');
        expect(out.at(-1)).toBe(`Report: ${md} (and import-2026-04-16T06-30-00-000Z-dry-run.json)`);
        const report = JSON.parse(await readFile(md.replace(/\.md$/, '.json'), 'utf8')) as ImportReport;
        expect(report.mode).toBe('dry-run');
        expect(report.totals.read).toBe(Object.values(read).reduce((a, b) => a + b, 0));
        expect(report.missing).toEqual([]);
        expect(await readFile(md, 'utf8')).toContain('# Import report — dry run (nothing was written)');
        const rows = (await database.db.execute(sql`select count(*)::int as n from pets`)) as unknown as {
          rows: { n: number }[];
        };
        expect(rows.rows[0]?.n).toBe(0);
      } finally {
        await database.close();
      }
    },
  );

  it('lists each problem with its file, line and original id, in the output and the report', async () => {
    const dir = path.join(root, 'broken');
    await writeFixtureExport(dir, 'jsonl-relaxed', SMALL_FIXTURE, { only: ['owners', 'pets'] });
    const pets = path.join(dir, 'pets.json');
    const lines = (await readFile(pets, 'utf8')).trimEnd().split('\n');
    lines.splice(2, 1, '{"_id":{"$oid":"660003000000000000000002"},"name": oops}');
    lines.push('{"_id":"pet-99","name":"Text id"}');
    await writeFile(pets, `${lines.join('\n')}\n`);
    const database = await freshDatabase();
    try {
      const { code, out } = await cli(['--from', dir, '--dry-run', '--only', 'pets,owners', '--report', 'reports/broken.md'], {
        database,
      });
      expect(code).toBe(0);
      const counts = fixtureCounts(SMALL_FIXTURE);
      expect(readCounts(out)).toEqual({ owners: counts.owners, pets: counts.pets - 1 });
      expect(out.some((l) => l.startsWith('    pets.json line 3 [660003000000000000000002]: broken JSON'))).toBe(true);
      expect(out).toContain(
        `    pets.json line ${counts.pets + 1} [pet-99]: the _id is not an ObjectId (pet-99): Pawdesk keeps ObjectIds as ids, so the document was skipped`,
      );
      const md = await readFile(path.join(root, 'reports', 'broken.md'), 'utf8');
      expect(md).toContain('| pets.json line 3 | 660003000000000000000002 | broken JSON');
      expect(out.at(-1)).toBe(`Report: ${path.join(root, 'reports', 'broken.md')} (and broken.json)`);
    } finally {
      await database.close();
    }
  });

  it('imports, fetches photos from the image host (one times out and is listed), a rerun changes nothing, --photos-only fetches the rest', async () => {
    const picture = await jpeg(80, 60);
    let slow = true;
    const host: Server = createServer((req, res) => {
      // The pet 1 photo hangs until the host is "fixed"; everything else is a picture.
      if (req.url?.endsWith('/pets/1.jpg') && slow) return;
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    const mirror = ['--photo-mirror', `https://res.cloudinary.com=${base}`];
    const database = await freshDatabase();
    try {
      const first = await cli(['--from', exports.bson as string, ...mirror, '--only', 'users,owners,pets,services'], {
        database,
      });
      expect(first.err).toEqual([]);
      expect(first.code).toBe(0);
      const photos = first.out.find((l) => l.startsWith('Photos:'));
      expect(photos).toMatch(/^Photos: \d+ fetched, 1 could not be fetched/);
      expect(first.out.some((l) => l.includes('pets/1.jpg could not be stored: no answer within 0.3 s (3 tries)'))).toBe(true);
      const q = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      expect(await q(sql`select photo_url from pets where photo_hash is null and photo_url is not null`)).toHaveLength(1);

      const again = await cli(['--from', exports.bson as string, ...mirror, '--only', 'users,owners,pets,services'], {
        database,
      });
      expect(again.out).toContain('Nothing changed: the database already holds this export.');

      slow = false;
      const retry = await cli(['--photos-only', ...mirror], { database });
      expect(retry.code).toBe(0);
      expect(retry.out).toContain('Photos: 1 fetched, 0 could not be fetched');
      expect(await q(sql`select id from pets where photo_url is not null`)).toHaveLength(0);
    } finally {
      await database.close();
      host.closeAllConnections();
      host.close();
    }
  });

  it('usage errors and a folder with no export', async () => {
    expect((await cli([])).err[0]).toMatch(/^--from DIR is required/);
    expect((await cli(['--dry-run', '--from', root, '--only', 'pets,dogs'])).err[0]).toMatch(
      /^--only: dogs is not a collection of the original/,
    );
    expect((await cli(['--dry-run', '--from', root, '--frm', 'x'])).code).toBe(2);
    expect((await cli(['--photos-only', '--from', root])).code).toBe(2);
    expect((await cli(['--from', root, '--photo-mirror', 'nonsense'])).code).toBe(2);
    const database = await freshDatabase();
    try {
      const empty = await mkdtemp(path.join(root, 'empty-'));
      const r = await cli(['--dry-run', '--from', empty], { database });
      expect(r.code).toBe(1);
      expect(r.err[0]).toMatch(new RegExp(`^No export found in ${empty}: expected mongodump output`));
    } finally {
      await database.close();
    }
  });

  it('refuses a database that holds owners of its own', async () => {
    const database = await freshDatabase();
    try {
      await database.db.execute(
        sql`insert into owners (id, name, phone, address) values ('650000000000000000000001', 'Mine', '9876543210', '')`,
      );
      const r = await cli(['--from', exports.bson as string], { database });
      expect(r.code).toBe(1);
      expect(r.err[0]).toMatch(/^This database already holds 1 owner not imported from the original system/);
    } finally {
      await database.close();
    }
  });

  it('refuses an embedded data directory a running server holds, naming it and the admin screen', async () => {
    const dataDir = await mkdtemp(path.join(root, 'held-'));
    const lock = lockDataDir(dataDir, { holder: 'the server' });
    try {
      const refused = await run(
        process.execPath,
        ['--import', 'tsx', 'src/cli/import-original.ts', '--from', exports.bson as string],
        {
          cwd: serverDir,
          env: { ...process.env, INIT_CWD: root, DATA_DIR: dataDir, DATABASE_URL: '' },
        },
      ).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain(`is using the data directory ${dataDir}`);
      expect((refused as { stderr: string }).stderr).toContain('use the admin screen /staff/import');
    } finally {
      lock.release();
    }
  });

  it('runs as the npm script’s command on an embedded data directory', async () => {
    const entry = ['--import', 'tsx', 'src/cli/import-original.ts'];
    const reportBase = path.join(root, 'spawned');
    const dataDir = await mkdtemp(path.join(root, 'data-'));
    const { stdout } = await run(
      process.execPath,
      [...entry, '--from', exports['array-canonical'] as string, '--dry-run', '--report', reportBase],
      { cwd: serverDir, env: { ...process.env, INIT_CWD: root, DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    expect(readCounts(stdout.trimEnd().split('\n')).pets).toBe(fixtureCounts(SMALL_FIXTURE).pets);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(`Report: ${reportBase}.md (and spawned.json)`);
    expect((await stat(`${reportBase}.json`)).size).toBeGreaterThan(0);
    // A child process that compiles the CLI with tsx and migrates a fresh PGlite: 10 s alone, over 30 s beside CI's
    // other lanes on two cores.
  }, 120_000);
});
