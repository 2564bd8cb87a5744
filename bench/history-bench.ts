/**
 * Visit History search at scale (issue 17): 1,000,000 visits with their ledger rows (charges, payments, some
 * refunds and voids) and their search rows, then POST /visit/getvisitlist by date, by purpose, by pet name
 * (contains), by owner phone (prefix) and combined, at 10 concurrent connections, on PostgreSQL and on PGlite
 * (file-backed). Beside each: the same search SQL straight through the same pool in the same run, and the ratio.
 *
 *   npm run bench:history                                   # PostgreSQL, then PGlite
 *   node --import tsx bench/history-bench.ts postgres       # one database only (or: pglite)
 *   BENCH_VISITS=1000000 BENCH_PGLITE_VISITS=100000 BENCH_REQUESTS=400 …
 *   BENCH_KEEP=1 …      # keep the pawdesk_bench database afterwards (to EXPLAIN queries by hand)
 *   BENCH_REUSE=1 … postgres   # measure again on the database a BENCH_KEEP=1 run left (no generation; kept)
 *   BENCH_STRICT=1 …    # exit 1 when a PostgreSQL scenario misses p99 < 50 ms
 *
 * The app is built in this process and listens on a loopback port; the load generator (plain fetch, 10 loops, each
 * request timed) runs in a worker thread so it does not share the server's event loop. The direct SQL is the query
 * the service runs (the same drizzle builder, history.repo.ts searchPageQuery), executed through the app's own pool.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { todayIn } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { installReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { insertUser } from '../apps/server/src/modules/auth/auth.repo.ts';
import { type SearchFilter, searchPageQuery } from '../apps/server/src/modules/history/history.repo.ts';
import { generateHistoryOwnersPets, generateVisitsLedger, settle, TZ } from './data.ts';
import { CONNECTIONS, openBenchDatabase, PG_URL, pgReachable } from './kit.ts';
// The app.signToken decoration is declared by the auth plugin.
import type {} from '../apps/server/src/plugins/auth.ts';

const PG_VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const PGLITE_VISITS = Number(process.env.BENCH_PGLITE_VISITS ?? 100_000);
const REQUESTS = Math.max(300, Number(process.env.BENCH_REQUESTS ?? 400));
const PAGE = 20;
const PG_DB = 'pawdesk_bench';
const KEEP = process.env.BENCH_KEEP === '1' || process.env.BENCH_REUSE === '1';
/** PostgreSQL: measure again on the pawdesk_bench database a BENCH_KEEP=1 run left (no drop, no generation). */
const REUSE = process.env.BENCH_REUSE === '1';

// ------------------------------------------------------------------ data

/**
 * Owners (≈ visits/50, at least 1,000), pets (1.5 per owner), the visits over ~3 years with their ledger rows and
 * search rows (bench/data.ts generateVisitsLedger: paid, due, half paid, refunded and voided sales), in SQL.
 */
async function generate(database: Database, visits: number): Promise<{ ms: number; owners: number; pets: number }> {
  const t0 = performance.now();
  const owners = Math.max(1000, Math.round(visits / 50));
  const pets = Math.round(owners * 1.5);
  await generateHistoryOwnersPets(database, owners, pets);
  await generateVisitsLedger(database, { visits, owners, pets });
  await settle(database, ['owners', 'pets', 'visits', 'payments', 'visit_search']);
  return { ms: performance.now() - t0, owners, pets };
}

// ------------------------------------------------------------------ scenarios

interface Scenario {
  name: string;
  /** Query strings (cycled through). */
  queries: Record<string, string>[];
}

async function scenarios(database: Database): Promise<Scenario[]> {
  const rows = async (q: string) =>
    ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, string>[] }).rows;
  const today = todayIn(TZ);
  // Business days: today and 59 days spread over the 3 years.
  const dates = [
    today,
    ...(await rows(`select distinct business_date::text as d from visit_search order by 1 desc limit 600`)).map((r) => r.d!),
  ]
    .filter((_, i) => i % 10 === 0)
    .slice(0, 60);
  const purposes = (await rows(`select purpose from visit_types order by sort_order limit 10`)).map((r) => r.purpose!);
  // Fragments of 3 to 5 letters staff type: frequent (she, bru, moti), mid (lad, jale), rare or absent (zzq, xylo).
  const names = [
    'she',
    'bru',
    'moti',
    'lad',
    'coco',
    'jale',
    'kaju',
    'tig',
    'goldy',
    'bagh',
    'rasg',
    'zzq',
    'xylo',
    'oreo',
    'sult',
  ];
  const phones = (await rows(`select owner_phone as p from visit_search tablesample system (1) limit 40`)).map((r, i) =>
    r.p!.slice(0, 3 + (i % 6)),
  );
  return [
    { name: 'by date', queries: dates.map((date) => ({ date })) },
    { name: 'by purpose', queries: purposes.map((purpose) => ({ purpose })) },
    { name: 'by pet name (contains, 3–5 letters)', queries: names.map((name) => ({ name })) },
    { name: 'by owner phone (prefix, 3–8 digits)', queries: phones.map((phone) => ({ phone })) },
    {
      name: 'combined (purpose + name + state)',
      queries: purposes.flatMap((purpose, i) => [
        { purpose, name: names[i % names.length]!, state: 'paid' },
        { purpose, name: names[(i + 3) % names.length]!, state: 'due' },
      ]),
    },
  ];
}

/** The filter the service derives from a query (history.service.ts filterOf), for the direct SQL. */
function filterOf(q: Record<string, string>): SearchFilter {
  const f: SearchFilter = {};
  if (q.name) f.nameLike = q.name.toLowerCase();
  if (q.phone) f.phonePrefix = q.phone;
  if (q.purpose) f.purpose = q.purpose;
  if (q.date) f.businessDate = q.date;
  if (q.state) f.state = q.state as SearchFilter['state'];
  return f;
}

// ------------------------------------------------------------------ load

/** The HTTP load: CONNECTIONS loops of fetch in a worker thread, each request timed (ms). */
const WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
(async () => {
  const times = [];
  let next = 0, non2xx = 0;
  async function loop() {
    while (true) {
      const i = next++;
      if (i >= job.requests) return;
      const t0 = performance.now();
      const res = await fetch(job.url + job.paths[i % job.paths.length], {
        method: 'POST',
        headers: { authorization: 'Bearer ' + job.token, 'content-type': 'application/json' },
      });
      await res.arrayBuffer();
      if (res.status !== 200) non2xx++;
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: job.connections }, loop));
  parentPort.postMessage({ times, non2xx });
})().catch((e) => parentPort.postMessage({ failed: String((e && e.stack) || e) }));
`;

function httpLoad(job: { url: string; token: string; paths: string[]; requests: number }) {
  return new Promise<{ times: number[]; non2xx: number }>((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { ...job, connections: CONNECTIONS } });
    w.once('message', (m: { times: number[]; non2xx: number; failed?: string }) => {
      if (m.failed) reject(new Error(m.failed));
      else resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** The same search SQL straight through the app's pool: CONNECTIONS loops, each query timed (ms). */
async function sqlLoad(database: Database, filters: SearchFilter[], requests: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  async function loop() {
    while (true) {
      const i = next++;
      if (i >= requests) return;
      const t0 = performance.now();
      await searchPageQuery(database.db, filters[i % filters.length]!, PAGE);
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return times;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface Row {
  db: string;
  scenario: string;
  http: { p50: number; p95: number; p99: number; n: number; non2xx: number };
  sql: { p50: number; p95: number; p99: number; n: number };
}

/** Which indexes each scenario's first query uses (EXPLAIN), and whether anything scans the whole table. */
async function explain(database: Database, list: Scenario[]): Promise<string[]> {
  const out: string[] = [];
  for (const s of list) {
    const q = searchPageQuery(database.db, filterOf(s.queries[0]!), PAGE).toSQL();
    const params = q.params.map((p) => (typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`));
    const text = q.sql.replace(/\$(\d+)/g, (_, n: string) => params[Number(n) - 1]!);
    const res = (await database.db.execute(sql.raw(`explain ${text}`))) as unknown as { rows: { 'QUERY PLAN': string }[] };
    const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
    const uses = [...new Set(plan.match(/\bvisit_search_[a-z_]+idx\b/g) ?? [])];
    const seq = /Seq Scan/.test(plan) ? ' + SEQ SCAN' : '';
    out.push(`${s.name} (${JSON.stringify(s.queries[0])}): ${uses.join(', ') || 'no index'}${seq}`);
  }
  return out;
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<{ rows: Row[]; notes: string[] }> {
  const visits = kind === 'postgres' ? PG_VISITS : PGLITE_VISITS;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawdesk-hbench-'));
  // PGlite file-backed, as the app runs it (DATA_DIR).
  const { database, drop: dropPg } = await openBenchDatabase(kind, {
    name: PG_DB,
    dataDir: kind === 'pglite' ? dataDir : undefined,
    reuse: REUSE,
  });
  try {
    const reuse = REUSE && kind === 'postgres';
    if (!reuse) {
      await database.migrate();
      await installReferenceData(database.db);
    }
    process.stdout.write(`[${kind}] generating ${visits.toLocaleString('en-IN')} visits with their ledger and search rows… `);
    const gen = reuse
      ? {
          ms: 0,
          owners: Math.max(1000, Math.round(visits / 50)),
          pets: Math.round(Math.max(1000, Math.round(visits / 50)) * 1.5),
        }
      : await generate(database, visits);
    console.log(
      `${(gen.ms / 1000).toFixed(1)} s (${gen.owners.toLocaleString('en-IN')} owners, ${gen.pets.toLocaleString('en-IN')} pets)`,
    );
    const counts = (
      (await database.db.execute(
        sql.raw(
          `select (select count(*) from visits)::int as visits, (select count(*) from payments)::int as ledger, (select count(*) from visit_search)::int as search`,
        ),
      )) as unknown as { rows: { visits: number; ledger: number; search: number }[] }
    ).rows[0]!;

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, database, serveWeb: false, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const staff = await insertUser(database.db, {
      role: 'staff',
      isAdmin: false,
      fullName: 'Bench Staff',
      email: `bench.${Date.now()}@bench.test`,
      passwordHash: await hashPassword('bench123'),
    });
    const token = await app.signToken({ id: staff.id, role: 'staff', isAdmin: false });
    const list = await scenarios(database);
    const pathOf = (q: Record<string, string>) =>
      `/api/v1/visit/getvisitlist?${new URLSearchParams({ ...q, limit: String(PAGE) })}`;

    // Sanity: every query answers 200 with at most a page; the service finds what the SQL finds.
    for (const s of list) {
      for (const q of s.queries.slice(0, 3)) {
        const res = await fetch(`http://127.0.0.1:${port}${pathOf(q)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
        const body = (await res.json()) as { List?: { _id: string }[] };
        const direct = await searchPageQuery(database.db, filterOf(q), PAGE);
        if (res.status !== 200 || !body.List || body.List.length > PAGE)
          throw new Error(`${s.name} ${JSON.stringify(q)}: ${res.status}`);
        const want = direct.slice(0, PAGE).map((r) => r.id);
        if (JSON.stringify(body.List.map((r) => r._id)) !== JSON.stringify(want))
          throw new Error(`${s.name}: the route and the SQL disagree`);
      }
    }
    const plans = await explain(database, list);

    const rows: Row[] = [];
    for (const s of list) {
      const paths = s.queries.map(pathOf);
      const filters = s.queries.map(filterOf);
      // Warm-up (a tenth), then the measured runs: the route, then the same SQL through the same pool.
      await httpLoad({ url: `http://127.0.0.1:${port}`, token, paths, requests: Math.ceil(REQUESTS / 10) });
      const h = await httpLoad({ url: `http://127.0.0.1:${port}`, token, paths, requests: REQUESTS });
      await sqlLoad(database, filters, Math.ceil(REQUESTS / 10));
      const q = await sqlLoad(database, filters, REQUESTS);
      const row: Row = {
        db: kind,
        scenario: s.name,
        http: { p50: pct(h.times, 50), p95: pct(h.times, 95), p99: pct(h.times, 99), n: h.times.length, non2xx: h.non2xx },
        sql: { p50: pct(q, 50), p95: pct(q, 95), p99: pct(q, 99), n: q.length },
      };
      console.log(
        `[${kind}] ${s.name}: route p50 ${row.http.p50.toFixed(1)} p95 ${row.http.p95.toFixed(1)} p99 ${row.http.p99.toFixed(1)} ms; SQL p50 ${row.sql.p50.toFixed(1)} p99 ${row.sql.p99.toFixed(1)} ms`,
      );
      rows.push(row);
    }
    await app.close();
    return {
      rows,
      notes: [
        `- ${kind}: ${counts.visits.toLocaleString('en-IN')} visits, ${counts.ledger.toLocaleString('en-IN')} ledger rows, ${counts.search.toLocaleString('en-IN')} search rows, ${gen.owners.toLocaleString('en-IN')} owners, ${gen.pets.toLocaleString('en-IN')} pets; generated in ${(gen.ms / 1000).toFixed(0)} s`,
        ...plans.map((p) => `  - plan: ${p}`),
      ],
    };
  } finally {
    await database.close();
    if (!KEEP) await dropPg();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

{
  const want = process.argv[2];
  const kinds: ('pglite' | 'postgres')[] = [];
  if (!want || want === 'postgres') {
    if (await pgReachable()) kinds.push('postgres');
    else console.log(`PostgreSQL at ${PG_URL} is not reachable: skipping it.`);
  }
  if (!want || want === 'pglite') kinds.push('pglite');
  const all: Row[] = [];
  const notes: string[] = [];
  for (const k of kinds) {
    const r = await benchOne(k);
    all.push(...r.rows);
    notes.push(...r.notes);
  }
  const f = (x: number) => x.toFixed(1);
  console.log(
    `\n${CONNECTIONS} concurrent connections, ${REQUESTS} requests per scenario (page of ${PAGE}), Node ${process.version}\n`,
  );
  console.log(
    '| database | scenario | route p50 | route p95 | route p99 | SQL p50 | SQL p95 | SQL p99 | route/SQL p50 | route/SQL p99 | non-2xx |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { db, scenario, http, sql: s } of all) {
    console.log(
      `| ${db} | ${scenario} | ${f(http.p50)} | ${f(http.p95)} | ${f(http.p99)} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} | ${(http.p50 / s.p50).toFixed(1)}× | ${(http.p99 / s.p99).toFixed(1)}× | ${http.non2xx} |`,
    );
  }
  console.log(`\nTimes in ms.\n${notes.join('\n')}`);
  const missed = all.filter((r) => r.db === 'postgres' && r.http.p99 >= 50);
  if (all.some((r) => r.db === 'postgres')) {
    console.log(
      `\nTarget (PostgreSQL route p99 < 50 ms): ${missed.length ? `NOT met: ${missed.map((m) => m.scenario).join(', ')}` : 'met'}`,
    );
    if (process.env.BENCH_STRICT === '1' && missed.length) process.exitCode = 1;
  }
  if (all.some((r) => r.http.non2xx > 0)) process.exitCode = 1;
}
