import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client.ts';
import { SMALL_FIXTURE, writeFixtureExport } from '../../../../test/import-fixture.ts';

/**
 * Issue 21: "a kill -9 in the middle of a run followed by a rerun gives the same database as a clean run". The
 * command runs as its own process on a database of the kind under test (an embedded data directory, or a PostgreSQL
 * database when DATABASE_URL is set), in batches of 3 documents so the kill lands between and inside many
 * transactions; it is killed with SIGKILL once it has started on KILL_AT, run again to the end, and every table is
 * compared with a clean run's (the import's own run bookkeeping aside).
 */
const serverDir = fileURLToPath(new URL('../../../..', import.meta.url));
const url = process.env.DATABASE_URL;
/** The collection the kill waits for: in the middle of the run. */
const KILL_AT = 'visits';
let root: string;
let from: string;
const dbs: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-crash-'));
  from = path.join(root, 'export');
  await writeFixtureExport(from, 'bson', SMALL_FIXTURE);
});
afterAll(async () => {
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of dbs) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  await rm(root, { recursive: true, force: true });
});

interface Target {
  env: Record<string, string>;
  open: () => Promise<Database>;
  /** A copy of this database as it is now (both runs start from the same installed reference data). */
  copy: () => Promise<Target>;
}

/** A new empty target: a PostgreSQL database from a template, or a data directory (new, or a copy). */
async function target(template?: string): Promise<Target> {
  if (url) {
    const name = `pawdesk_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template ?? inject('pgTemplate')}`);
    await admin.end();
    dbs.push(name);
    const u = new URL(url);
    u.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: u.toString(), DATA_DIR: '' },
      open: () => openDatabase({ databaseUrl: u.toString() }),
      copy: () => target(name),
    };
  }
  const dir = await mkdtemp(path.join(root, 'data-'));
  if (template) await cp(template, dir, { recursive: true });
  return {
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir: dir }),
    copy: () => target(dir),
  };
}

function importer(env: Record<string, string>, extra: string[] = []): ChildProcess & { output: () => string } {
  let out = '';
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/import-original.ts',
      '--from',
      from,
      '--batch',
      '3',
      '--report',
      path.join(root, `r-${randomBytes(3).toString('hex')}`),
      ...extra,
    ],
    { cwd: serverDir, env: { ...process.env, ...env, INIT_CWD: root, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  return Object.assign(child, { output: () => out });
}

const exited = (c: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) resolve(c.exitCode);
    else c.once('exit', (code) => resolve(code));
  });

/** Every table's rows in key order, as text, leaving out the import's own bookkeeping of runs. */
async function snapshot(d: Database): Promise<Record<string, string[]>> {
  const q = async <T>(query: ReturnType<typeof sql>) => ((await d.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await q<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name === 'import_runs' || name === 'audit_log') continue;
    const all = await q<Record<string, unknown>>(sql`select * from ${sql.identifier(name)}`);
    out[name] = all
      .map((r) => {
        const row = { ...r };
        if (name === 'import_records') {
          delete row.run_id;
          delete row.imported_at;
        }
        return JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
      })
      .sort();
  }
  return out;
}

describe('kill -9 in the middle of an import, then a rerun', () => {
  it('ends in the same database as a clean run', async () => {
    // The command installs the reference data (visit types, plans…) as the server does; a dry run writes nothing else.
    const base = await target();
    const prepare = importer(base.env, ['--dry-run']);
    expect(await exited(prepare), prepare.output()).toBe(0);
    const crashed = await base.copy();
    const clean = await base.copy();
    const first = importer(crashed.env);
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (first.output().includes(`Importing ${KILL_AT}…`)) {
          clearInterval(timer);
          first.kill('SIGKILL');
          resolve();
        } else if (first.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`the import ended before it could be killed:\n${first.output()}`));
        }
      }, 5);
    });
    expect(await exited(first)).toBe(null);
    const rerun = importer(crashed.env);
    expect(await exited(rerun), rerun.output()).toBe(0);
    // The rerun found the killed run's committed batches unchanged and imported the rest.
    expect(rerun.output()).toMatch(/^users\s+\d+ read {2}0 imported, \d+ unchanged/m);
    expect(rerun.output()).toMatch(new RegExp(`^${KILL_AT}\\s+\\d+ read {2}[1-9]\\d* imported`, 'm'));

    const once = importer(clean.env);
    expect(await exited(once), once.output()).toBe(0);

    const a = await crashed.open();
    const b = await clean.open();
    try {
      const [sa, sb] = [await snapshot(a), await snapshot(b)];
      expect(Object.keys(sa)).toEqual(Object.keys(sb));
      for (const table of Object.keys(sb)) {
        const onlyCrashed = sa[table]!.filter((r) => !sb[table]!.includes(r));
        const onlyClean = sb[table]!.filter((r) => !sa[table]!.includes(r));
        // The first rows that differ, each named by the run it is only in.
        const diff = [
          ...onlyCrashed.slice(0, 2).map((r) => `killed, then rerun: ${r}`),
          ...onlyClean.slice(0, 2).map((r) => `clean: ${r}`),
        ];
        expect(diff, table).toEqual([]);
      }
      expect(sb.pets?.length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  }, 600_000);
});
