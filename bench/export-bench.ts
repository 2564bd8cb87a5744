/**
 * The data export at scale (issue 21): owners, pets and a large audit log generated on PostgreSQL, then the whole
 * export written to a zip file (`exportToDirectory`, what `npm run export` runs), with the time, the zip's size and
 * the process's peak memory. Memory should not grow with the data: tables are read a page at a time.
 *
 *   node --import tsx bench/export-bench.ts                 # 100k owners, 200k pets, 500k audit rows
 *   BENCH_OWNERS=… BENCH_PETS=… BENCH_AUDIT=… node --import tsx bench/export-bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { exportToDirectory } from '../apps/server/src/modules/data-export/full-export.service.ts';
import { PG_URL, pgReachable } from './kit.ts';

const OWNERS = Number(process.env.BENCH_OWNERS ?? 100_000);
const PETS = Number(process.env.BENCH_PETS ?? 200_000);
const AUDIT = Number(process.env.BENCH_AUDIT ?? 500_000);
const DB = 'pawdesk_export_bench';
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

if (!(await pgReachable())) {
  console.error(`PostgreSQL is not reachable at ${PG_URL}`);
  process.exit(1);
}
const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
const database = await openDatabase({ databaseUrl: `${PG_URL}/${DB}` });
const out = mkdtempSync(path.join(tmpdir(), 'pawdesk-export-bench-'));
try {
  await database.migrate();
  const db = database.db;
  let t = Date.now();
  await db.execute(sql`
    insert into owners (id, name, phone, email, address)
    select 'a' || lpad(to_hex(g), 23, '0'), 'Owner ' || g || ' शर्मा', lpad((6000000000 + g)::text, 10, '0'),
           'owner' || g || '@example.in', 'House ' || g || ', Sector ' || (g % 90) || ', Gurugram'
      from generate_series(1, ${OWNERS}) g`);
  await db.execute(sql`
    insert into pets (id, name, species, breed, sex, color, dob, neutered, registration_date, owner_id)
    select 'b' || lpad(to_hex(g), 23, '0'), 'Pet ' || g, 'dog', 'Indie', 'Male', 'Brown', date '2021-01-01', false,
           date '2025-01-01', 'a' || lpad(to_hex(1 + g % ${OWNERS}), 23, '0')
      from generate_series(1, ${PETS}) g`);
  await db.execute(sql`
    insert into audit_log (id, action, entity, entity_id, data)
    select 'c' || lpad(to_hex(g), 23, '0'), 'visit.update', 'visit', 'b' || lpad(to_hex(1 + g % ${PETS}), 23, '0'),
           jsonb_build_object('before', jsonb_build_object('price', g % 5000, 'note', md5(g::text)),
                              'after', jsonb_build_object('price', g % 5000 + 100, 'note', md5((g + 1)::text)))
      from generate_series(1, ${AUDIT}) g`);
  console.log(`generated ${OWNERS} owners, ${PETS} pets, ${AUDIT} audit rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 50);
  t = Date.now();
  const { file, bytes, summary } = await exportToDirectory(db, out, new Date());
  const seconds = (Date.now() - t) / 1000;
  clearInterval(sampler);
  const rows = summary.tables.reduce((n, x) => n + x.rows, 0);
  console.log(
    `exported ${summary.tables.length} tables, ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s) ` +
      `to ${path.basename(file)}: ${mib(bytes)}; heap before ${mib(heapBefore)}, peak ${mib(peakHeap)}; peak RSS ${mib(peakRss)}`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.end();
  rmSync(out, { recursive: true, force: true });
}
