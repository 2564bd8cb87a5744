/**
 * New Visit saves under load: the money hot path. 5,000 owners with one dog each, then
 * `POST /visit/addgroomingvisit` (a purpose that does not board, paid in cash: a visit, its charge, a cash payment
 * and its receipt in one money transaction) under autocannon (10 connections, 3 s warm-up, ~10 s measured), on
 * PGlite and on PostgreSQL:
 *   - every request a different pet (so the owners' ledger locks do not serialise them);
 *   - every request the same pet (one owner: its ledger lock serialises the saves);
 *   - every request a different pet with a new `Idempotency-Key` (the key claimed in the sale's transaction).
 *
 *   node --import tsx bench/sales-bench.ts                 # both databases
 *   node --import tsx bench/sales-bench.ts pglite          # one of them
 *   BENCH_OWNERS=5000 BENCH_SECONDS=10 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 node --import tsx bench/sales-bench.ts
 *   BENCH_IDEMPOTENCY=0 …   # leave out the Idempotency-Key scenario (code from before the keys)
 *
 * Built like pets-bench.ts: the app in this process (buildApp on a loopback port), the load generator in a worker
 * thread, PostgreSQL in its own database (pawdesk_bench), dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CONNECTIONS, openBenchDatabase, PG_URL, pgReachable, runLoad } from './kit.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { installReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { insertUser } from '../apps/server/src/modules/auth/auth.repo.ts';
// The app.signToken decoration is declared by the auth plugin.
import type {} from '../apps/server/src/plugins/auth.ts';

const OWNERS = Number(process.env.BENCH_OWNERS ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const PG_DB = 'pawdesk_bench';
const IDEMPOTENCY = process.env.BENCH_IDEMPOTENCY !== '0';
const ROUTE = '/api/v1/visit/addgroomingvisit';

interface LoadJob {
  url: string;
  token: string;
  path: string;
  petIds: string[];
  visitType: string;
  finalPrice: number;
  idempotency: boolean;
  seconds: number;
}
interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

// ------------------------------------------------------------------ load worker

/**
 * The load generator, run in a worker thread (plain CommonJS) so it does not share the server's event loop.
 * autocannon sends a fixed request unless it has a setupRequest: this one gives each request the next pet of the
 * list (one counter over all connections) and, when asked, a new Idempotency-Key.
 */
const WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
const autocannon = require(job.autocannon);
const run = Math.random().toString(36).slice(2, 10);
let n = 0;
const opts = {
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  headers: { authorization: 'Bearer ' + job.token, 'content-type': 'application/json' },
  requests: [{
    method: 'POST',
    path: job.path,
    setupRequest: (req) => {
      const i = n++;
      const body = {
        petId: job.petIds[i % job.petIds.length],
        visitType: job.visitType,
        details: { discount: 0, finalPrice: job.finalPrice, selectedPayment: 'cash' },
      };
      const headers = { ...req.headers };
      if (job.idempotency) headers['idempotency-key'] = 'bench-' + run + '-' + i;
      return { ...req, headers, body: JSON.stringify(body) };
    },
  }],
};
autocannon(opts).then(
  (raw) => {
    // Inside a worker thread autocannon hands back encoded histograms; aggregate them here.
    const r = raw.latency ? raw : autocannon.aggregateResult([raw], opts);
    parentPort.postMessage({
      rps: raw.totalCompletedRequests / raw.duration, p50: r.latency.p50, p99: r.latency.p99, requests: raw.totalCompletedRequests,
      non2xx: r.non2xx, errors: r.errors + r.timeouts,
    });
  },
  (e) => parentPort.postMessage({ failed: String((e && e.stack) || e) }),
);
`;

const load = (job: LoadJob) => runLoad<LoadJob, LoadResult>(WORKER, job);

// ------------------------------------------------------------------ data

/** OWNERS owners with one dog each, generated in SQL. Grooming does not board: no vaccinations needed. */
async function generate(database: Database): Promise<number> {
  const t0 = performance.now();
  const db = database.db;
  await db.execute(
    sql.raw(`
    insert into owners (id, name, phone, email, address, created_at, updated_at)
    select substr(md5('o' || g), 1, 24), 'Owner ' || g,
           '9' || lpad(((g::bigint * 387420489) % 1000000000)::text, 9, '0'),
           'owner' || g || '@example.in', 'House ' || (g % 500) || ', Gurugram',
           now() - g * interval '2 minutes', now()
    from generate_series(1, ${OWNERS}) g`),
  );
  await db.execute(
    sql.raw(`
    insert into pets (id, owner_id, name, species, breed, sex, color, dob, neutered, registration_date,
                      segment, created_at, updated_at)
    select substr(md5('p' || g), 1, 24), substr(md5('o' || g), 1, 24), 'Dog ' || g, 'dog', 'Beagle',
           case when g % 2 = 0 then 'Male' else 'Female' end, 'Brown', date '2018-01-01' + (g % 2000), false,
           (now() - g * interval '1 minute')::date, 'Day Care', now() - g * interval '1 minute', now()
    from generate_series(1, ${OWNERS}) g`),
  );
  await db.execute(sql.raw('vacuum analyze owners'));
  await db.execute(sql.raw('vacuum analyze pets'));
  await db.execute(sql.raw('checkpoint')).catch(() => undefined); // needs superuser or pg_checkpoint; optional
  return performance.now() - t0;
}

async function count(database: Database, table: string): Promise<number> {
  const res = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]!.n;
}

// ------------------------------------------------------------------ scenarios

interface Scenario {
  name: string;
  /** Pets to cycle over: 'all' (a different owner each request) or 'one' (the same owner every time). */
  pets: 'all' | 'one';
  idempotency: boolean;
}
const SCENARIOS: Scenario[] = [
  { name: 'grooming, cash: a different owner each request', pets: 'all', idempotency: false },
  { name: 'grooming, cash: one owner (its ledger lock)', pets: 'one', idempotency: false },
  ...(IDEMPOTENCY
    ? [{ name: 'grooming, cash: different owners, Idempotency-Key', pets: 'all' as const, idempotency: true }]
    : []),
];

interface Row {
  db: string;
  scenario: string;
  r: LoadResult;
  saved: number;
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<{ rows: Row[]; genMs: number }> {
  const { database, drop: dropPg } = await openBenchDatabase(kind, { name: PG_DB });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawdesk-bench-'));
  try {
    await database.migrate();
    await installReferenceData(database.db);
    process.stdout.write(`[${kind}] generating ${OWNERS.toLocaleString('en-IN')} owners with one dog each… `);
    const genMs = await generate(database);
    console.log(`${(genMs / 1000).toFixed(1)} s`);

    const typeRes = (await database.db.execute(
      sql.raw(`select id, price_paise from visit_types where code = 'grooming'`),
    )) as unknown as { rows: { id: string; price_paise: number }[] };
    const grooming = typeRes.rows[0];
    if (!grooming) throw new Error('no grooming visit type in the reference data');
    const finalPrice = Number(grooming.price_paise) / 100;
    const petRes = (await database.db.execute(sql.raw('select id from pets order by id'))) as unknown as {
      rows: { id: string }[];
    };
    const petIds = petRes.rows.map((r) => r.id);

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
    const url = `http://127.0.0.1:${port}`;
    const staff = await insertUser(database.db, {
      role: 'staff',
      isAdmin: false,
      fullName: 'Bench Staff',
      email: `bench.${Date.now()}@bench.test`,
      passwordHash: await hashPassword('bench123'),
    });
    const token = await app.signToken({ id: staff.id, role: 'staff', isAdmin: false });

    // Sanity: the save answers 201 (with and without a key) before we time it.
    for (const key of IDEMPOTENCY ? [undefined, `bench-check-${Date.now()}`] : [undefined]) {
      const res = await fetch(`${url}${ROUTE}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify({
          petId: petIds[0],
          visitType: grooming.id,
          details: { discount: 0, finalPrice, selectedPayment: 'cash' },
        }),
      });
      if (res.status !== 201) throw new Error(`grooming save: unexpected answer ${res.status} ${await res.text()}`);
    }

    const rows: Row[] = [];
    for (const s of SCENARIOS) {
      const job = {
        url,
        token,
        path: ROUTE,
        petIds: s.pets === 'all' ? petIds : [petIds[0]!],
        visitType: grooming.id,
        finalPrice,
        idempotency: s.idempotency,
      };
      // A short warm-up, then the measured run.
      await load({ ...job, seconds: WARMUP_SECONDS });
      const before = await count(database, 'visits');
      const r = await load({ ...job, seconds: SECONDS });
      const saved = (await count(database, 'visits')) - before;
      console.log(
        `[${kind}] ${s.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, visits saved ${saved}`,
      );
      rows.push({ db: kind, scenario: s.name, r, saved });
    }
    await app.close();
    return { rows, genMs };
  } finally {
    await database.close();
    await dropPg();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

{
  const want = process.argv[2];
  const kinds: ('pglite' | 'postgres')[] = [];
  if (!want || want === 'pglite') kinds.push('pglite');
  if (!want || want === 'postgres') {
    if (await pgReachable()) kinds.push('postgres');
    else console.log(`PostgreSQL at ${PG_URL} is not reachable: skipping it.`);
  }
  const all: Row[] = [];
  const notes: string[] = [];
  for (const k of kinds) {
    const { rows, genMs } = await benchOne(k);
    all.push(...rows);
    notes.push(`- ${k}: data generated in ${(genMs / 1000).toFixed(1)} s`);
  }
  console.log(
    `\n${OWNERS.toLocaleString('en-IN')} owners, one dog each; ${CONNECTIONS} connections, ${SECONDS} s per scenario; Node ${process.version}\n`,
  );
  console.log('| database | scenario | requests/s | p50 (ms) | p99 (ms) | non-2xx | visits saved |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { db, scenario, r, saved } of all) {
    console.log(`| ${db} | ${scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} | ${saved} |`);
  }
  console.log(`\n${notes.join('\n')}`);
  if (all.some((x) => x.r.non2xx + x.r.errors > 0)) process.exitCode = 1;
}
