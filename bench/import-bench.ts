/**
 * The import of the original system at scale (issue 21): the generated export (apps/server/test/import-fixture.ts,
 * 100,000 pets and 1,000,000 visits by default, as a mongodump folder) imported into a fresh PostgreSQL database
 * with `runImport`, what `npm run import:original` runs. Prints the time of each collection, the total, the rows
 * written per second and the process's peak memory; the issue's target is under 10 minutes in all.
 *
 *   npm run bench:import                               # generates the export into a temporary folder, then imports
 *   node --import tsx bench/import-bench.ts --dir DIR  # reuses an export made before (kept with --keep)
 *   BENCH_PETS=… BENCH_VISITS=… npm run bench:import   # another size
 *
 * The database `pawdesk_import_bench` (at BENCH_PG_URL) is dropped and made again each run; BENCH_KEEP=1 keeps it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { type ImportProgress, runImport } from '../apps/server/src/modules/import/write/engine.ts';
import { LARGE_FIXTURE, writeFixtureExport } from '../apps/server/test/import-fixture.ts';
import { installCatalogueStandIns } from '../apps/server/test/import-standins.ts';
import { PG_URL, pgReachable } from './kit.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, keep: { type: 'boolean', default: false } } });
const PETS = Number(process.env.BENCH_PETS ?? LARGE_FIXTURE.pets);
const VISITS = Number(process.env.BENCH_VISITS ?? LARGE_FIXTURE.visits);
const DB = 'pawdesk_import_bench';
const TARGET_SECONDS = 600;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const secs = (ms: number) => (ms / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

if (!(await pgReachable())) {
  console.error(`PostgreSQL is not reachable at ${PG_URL}`);
  process.exit(1);
}

let peakRss = process.memoryUsage().rss;
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 250);

/** Processor seconds the database's server processes for the bench database have used (Linux /proc; 0 elsewhere). */
async function serverCpuSeconds(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }): Promise<Map<number, number>> {
  const rows = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as {
    rows: { pid: number }[];
  };
  const out = new Map<number, number>();
  for (const { pid } of rows.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // not on this machine (a remote server)
    }
  }
  return out;
}

const made = !values.dir;
const dir = values.dir ?? (await mkdtemp(path.join(tmpdir(), 'pawdesk-import-bench-')));
if (!existsSync(path.join(dir, 'pawshub', 'visits.bson'))) {
  const t = Date.now();
  const counts = await writeFixtureExport(dir, 'bson', { pets: PETS, visits: VISITS });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`generated ${total} documents (${counts.pets} pets, ${counts.visits} visits) in ${secs(Date.now() - t)} s: ${dir}`);
}

const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
if (process.env.BENCH_SLOW_MS)
  await admin.query(`ALTER DATABASE ${DB} SET log_min_duration_statement = ${Number(process.env.BENCH_SLOW_MS)}`);
const database = await openDatabase({ databaseUrl: `${PG_URL}/${DB}` });
try {
  await database.migrate();
  await installCatalogueStandIns(database.db);

  const started = new Map<string, number>();
  const took = new Map<string, number>();
  const loadAtStart = load();
  let lastLine = 0;
  const onProgress = (p: ImportProgress) => {
    const now = Date.now();
    if (!started.has(p.collection)) started.set(p.collection, now);
    if (p.phase === 'done') took.set(p.collection, now - started.get(p.collection)!);
    if (p.collection === 'visits' && now - lastLine > 30_000) {
      lastLine = now;
      console.log(`  visits: ${p.documents} read after ${secs(now - started.get('visits')!)} s (load ${load()})`);
    }
  };
  const serverBefore = await serverCpuSeconds(database.db);
  const cpuBefore = process.cpuUsage();
  const t0 = Date.now();
  const batchSize = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
  const result = await runImport(database.db, { from: dir, dryRun: false, via: 'cli', onProgress, batchSize });
  const totalMs = Date.now() - t0;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = await serverCpuSeconds(database.db);
  const serverCpu = [...serverAfter].reduce((sum, [pid, s]) => sum + s - (serverBefore.get(pid) ?? 0), 0);
  const rows = (await database.db.execute(sql`
    select (select count(*) from visits)::int as visits, (select count(*) from visit_items)::int as visit_items,
           (select count(*) from payments)::int as ledger, (select count(*) from visit_search)::int as search,
           (select count(*) from import_records)::int as records, (select count(*) from pets)::int as pets
  `)) as unknown as { rows: Record<string, number>[] };
  const written = rows.rows[0]!;
  const allRows = Object.values(written).reduce((a, b) => a + b, 0);

  console.log(`\nImport of ${PETS.toLocaleString('en-IN')} pets and ${VISITS.toLocaleString('en-IN')} visits into PostgreSQL`);
  console.log('\n| collection | documents | imported | problems | seconds | documents/s |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of result.collections) {
    const ms = took.get(c.collection) ?? 0;
    const rate = ms > 0 ? Math.round((c.counts.read / ms) * 1000).toLocaleString('en-IN') : '–';
    const imported = c.counts.imported + c.counts.updated + c.counts.merged;
    console.log(`| ${c.collection} | ${c.counts.read} | ${imported} | ${c.problems.length} | ${secs(ms)} | ${rate} |`);
  }
  const docs = result.collections.reduce((s, c) => s + c.counts.read, 0);
  console.log(
    `| **total** | ${docs} | | | **${secs(totalMs)}** | ${Math.round((docs / totalMs) * 1000).toLocaleString('en-IN')} |`,
  );
  console.log(
    `\nrows now: ${Object.entries(written)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-IN')}`)
      .join(', ')} — ${Math.round((allRows / totalMs) * 1000).toLocaleString('en-IN')} rows/s`,
  );
  const money = result.collections.filter((c) => c.money.before.charged || c.money.after.charged);
  for (const c of money) {
    const agree = c.money.before.charged === c.money.after.charged && c.money.before.paid === c.money.after.paid;
    console.log(
      `money ${c.collection}: before ${JSON.stringify(c.money.before)} after ${JSON.stringify(c.money.after)} ${agree ? 'agree' : 'DIFFER'}`,
    );
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    `processor time: this process ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s, PostgreSQL ${serverCpu.toFixed(0)} s (for ${secs(totalMs)} s of wall time)`,
  );
  console.log(
    `peak RSS ${mib(peakRss)}, peak heap ${mib(peakHeap)} (sampled), maxRSS ${mib(process.resourceUsage().maxRSS * 1024)}; load average ${loadAtStart} at the start, ${load()} at the end (2 cores shared)`,
  );
  console.log(`${totalMs / 1000 <= TARGET_SECONDS ? 'within' : 'OVER'} the target of ${TARGET_SECONDS / 60} minutes`);
} finally {
  clearInterval(sampler);
  await database.close();
  if (process.env.BENCH_KEEP !== '1') await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.end();
  if (made && !values.keep) await rm(dir, { recursive: true, force: true });
  else console.log(`export kept in ${dir}`);
}
