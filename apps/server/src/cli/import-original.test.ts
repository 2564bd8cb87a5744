import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureFormat, fixtureCounts, SMALL_FIXTURE, writeFixtureExport } from '../../test/import-fixture.ts';
import type { ImportReport } from '../modules/import/import-report.service.ts';
import { main, NOT_YET } from './import-original.ts';

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

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    cwd: root,
    now: () => new Date('2026-04-16T06:30:00Z'),
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

describe('npm run import:original -- --dry-run', () => {
  it.each(['bson', 'array-canonical'] as const)(
    'over the %s fixture prints the fixture’s counts and writes the report',
    async (format) => {
      const { code, out, err } = await cli(['--from', path.relative(root, exports[format] as string), '--dry-run']);
      expect(err).toEqual([]);
      expect(code).toBe(0);
      const counts = fixtureCounts(SMALL_FIXTURE);
      expect(readCounts(out)).toEqual(counts);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(out).toContain(`Read ${total} documents in ${Object.keys(counts).length} collections; 0 problems.`);
      // The last line says where the report is; both files are there and agree with the output.
      const last = out.at(-1) as string;
      const md = path.join(root, 'import-reports', 'import-2026-04-16T06-30-00-000Z-dry-run.md');
      expect(last).toBe(`Report: ${md} (and import-2026-04-16T06-30-00-000Z-dry-run.json)`);
      const report = JSON.parse(await readFile(md.replace(/\.md$/, '.json'), 'utf8')) as ImportReport;
      expect(report.mode).toBe('dry-run');
      expect(report.totals).toEqual({ read: total, problems: 0 });
      expect(Object.fromEntries(report.collections.map((c) => [c.collection, c.read]))).toEqual(counts);
      expect(report.missing).toEqual([]); // sales and vaccinationprotocols were never used: not missed
      const text = await readFile(md, 'utf8');
      expect(text).toContain('# Import report — dry run (nothing was written)');
      expect(text).toContain(
        `| visits | ${format === 'bson' ? 'pawshub/visits.bson' : 'visits.json'} | ${counts.visits} | 0 | yes |`,
      );
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
    const { code, out } = await cli(['--from', dir, '--dry-run', '--only', 'pets,owners', '--report', 'reports/broken.md']);
    expect(code).toBe(0);
    const counts = fixtureCounts(SMALL_FIXTURE);
    expect(readCounts(out)).toEqual({ owners: counts.owners, pets: counts.pets - 1 });
    expect(out).toContain(`pets${' '.repeat(18)} ${String(counts.pets - 1).padStart(9)} read  2 problems  (pets.json)`);
    expect(out.some((l) => l.startsWith('    pets.json line 3 [660003000000000000000002]: broken JSON'))).toBe(true);
    expect(out).toContain(
      `    pets.json line ${counts.pets + 1} [pet-99]: the _id is not an ObjectId (pet-99): Pawdesk keeps ObjectIds as ids, so the document was skipped`,
    );
    const md = await readFile(path.join(root, 'reports', 'broken.md'), 'utf8');
    expect(md).toContain('| pets.json line 3 | 660003000000000000000002 | broken JSON');
    expect(out.at(-1)).toBe(`Report: ${path.join(root, 'reports', 'broken.md')} (and broken.json)`);
  });

  it('without --dry-run refuses clearly and writes nothing', async () => {
    const { code, out, err } = await cli(['--from', exports.bson as string]);
    expect([code, out, err]).toEqual([2, [], [NOT_YET]]);
    expect(NOT_YET).toBe('Importing is not available yet: run with --dry-run to check an export');
  });

  it('usage errors and a folder with no export', async () => {
    expect((await cli(['--dry-run'])).err[0]).toMatch(/^--from DIR is required/);
    expect((await cli(['--dry-run', '--from', root, '--only', 'pets,dogs'])).err[0]).toMatch(
      /^--only: dogs is not a collection of the original/,
    );
    expect((await cli(['--dry-run', '--from', root, '--frm', 'x'])).code).toBe(2);
    const empty = await mkdtemp(path.join(root, 'empty-'));
    const r = await cli(['--dry-run', '--from', empty]);
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(new RegExp(`^No export found in ${empty}: expected mongodump output`));
  });

  it('runs as the npm script’s command (the entry point calls main)', async () => {
    const entry = ['--import', 'tsx', 'src/cli/import-original.ts'];
    const refused = await run(process.execPath, [...entry, '--from', exports.bson as string], { cwd: serverDir }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 2, stderr: `${NOT_YET}\n` });
    const reportBase = path.join(root, 'spawned');
    const { stdout } = await run(
      process.execPath,
      [...entry, '--from', exports['array-canonical'] as string, '--dry-run', '--report', reportBase],
      { cwd: serverDir, env: { ...process.env, INIT_CWD: root } },
    );
    expect(readCounts(stdout.trimEnd().split('\n'))).toEqual(fixtureCounts(SMALL_FIXTURE));
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(`Report: ${reportBase}.md (and spawned.json)`);
    expect((await stat(`${reportBase}.json`)).size).toBeGreaterThan(0);
  });
});
