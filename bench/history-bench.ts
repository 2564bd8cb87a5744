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
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { OWNER_NAMES } from '../apps/server/src/db/seed/names.ts';
import { installReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { insertUser } from '../apps/server/src/modules/auth/auth.repo.ts';
import { type SearchFilter, searchPageQuery } from '../apps/server/src/modules/history/history.repo.ts';
import { CONNECTIONS, PG_URL, pgReachable } from './kit.ts';
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
const TZ = 'Asia/Kolkata';

// ------------------------------------------------------------------ data

/** Indian pet names (the demo's and more); with the suffixes below, ~1,100 distinct names. */
const PET_BASE = [
  'Bruno',
  'Coco',
  'Simba',
  'Sheru',
  'Moti',
  'Tommy',
  'Rocky',
  'Laddoo',
  'Kaju',
  'Badal',
  'Chiku',
  'Golu',
  'Motu',
  'Pinky',
  'Tiger',
  'Jimmy',
  'Raja',
  'Rani',
  'Bholu',
  'Chhotu',
  'Goldy',
  'Bunty',
  'Babli',
  'Kalu',
  'Julie',
  'Leo',
  'Luna',
  'Max',
  'Bella',
  'Oreo',
  'Zara',
  'Mithu',
  'Gabbar',
  'Toffee',
  'Jalebi',
  'Rasgulla',
  'Peanut',
  'Biscuit',
  'Cookie',
  'Shadow',
  'Rusty',
  'Ginger',
  'Snowy',
  'Sultan',
  'Bagheera',
  'Sona',
  'Heera',
  'Champ',
  'Dollar',
  'Pepper',
  'Mango',
  'Kesar',
  'Pista',
  'Barfi',
  'Dosa',
  'Idli',
  'Chintu',
  'Pappu',
  'Guddu',
  'Dabbu',
  'Lucky',
  'Happy',
  'Buddy',
  'Scooby',
  'Caesar',
  'Hachi',
  'Simmi',
  'Tara',
  'Noor',
  'Mishti',
  'Bijli',
  'Toofan',
  'Raju',
  'Sheroo',
  'Kalia',
  'Bhaloo',
  'Ruby',
  'Daisy',
  'Milo',
  'Charlie',
];
const PET_SUFFIX = ['', '', '', '', ' Jr', 'y', 'u', ' Boy', ' Rani', 'ie', ' Singh', 'a', 'o', 'ji'];
const FIRST = OWNER_NAMES.map((n) => n.split(' ')[0]!);
const LAST = OWNER_NAMES.map((n) => n.split(' ')[1]!);
const arr = (xs: readonly (string | number)[]) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x.replace(/'/g, "''")}'`)).join(',')}]`;

/**
 * Owners (≈ visits/50, at least 1,000), pets (1.5 per owner), the visits over ~3 years (newest first by g), their
 * ledger rows and their search rows, all in SQL. Each visit g's sale is decided by h = hash(g) % 100:
 * 0–71 paid in full (charge + completed payment), 72–83 nothing paid (due), 84–91 half paid (due),
 * 92–96 paid then half refunded (refunded), 97–99 voided (charge credited in full; nothing paid).
 */
async function generate(database: Database, visits: number): Promise<{ ms: number; owners: number; pets: number }> {
  const t0 = performance.now();
  const db = database.db;
  const exec = (q: string) => db.execute(sql.raw(q));
  const owners = Math.max(1000, Math.round(visits / 50));
  const pets = Math.round(owners * 1.5);
  // The 10 purposes and their prices, as installReferenceData wrote them; weights: vets and shops most often.
  const types = (
    (await db.execute(
      sql.raw(`select id, purpose, price_paise from visit_types order by sort_order, purpose limit 10`),
    )) as unknown as {
      rows: { id: string; purpose: string; price_paise: string | number }[];
    }
  ).rows;
  const weights = [20, 6, 22, 8, 8, 4, 4, 10, 3, 15].slice(0, types.length);
  const slots: number[] = [];
  weights.forEach((w, i) => {
    for (let k = 0; k < w; k++) slots.push(i + 1);
  });
  const typeOf = `(${arr(slots)})[1 + (g * 7 + (g / 13)) % ${slots.length}]`;
  const ids = arr(types.map((t) => t.id));
  const purposes = arr(types.map((t) => t.purpose));
  const prices = arr(types.map((t) => Math.max(10000, Number(t.price_paise))));
  const spanSeconds = 3 * 365 * 86400;
  const h = `((g::bigint * 2654435761) % 100)`;

  await exec(`
    insert into owners (id, name, phone, email, address, created_at, updated_at)
    select substr(md5('o' || g), 1, 24),
           (${arr(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
           (array['9','8','7','6'])[1 + g % 4] || lpad(((g::bigint * 387420489) % 1000000000)::text, 9, '0'),
           null, 'House ' || (g % 500) || ', Gurugram', now() - interval '4 years', now()
    from generate_series(1, ${owners}) g`);
  await exec(`
    insert into pets (id, owner_id, name, species, breed, sex, color, dob, neutered, registration_date, created_at, updated_at)
    select substr(md5('p' || g), 1, 24), substr(md5('o' || (1 + g % ${owners})), 1, 24),
           (${arr(PET_BASE)})[1 + g % ${PET_BASE.length}] || (${arr(PET_SUFFIX)})[1 + (g / ${PET_BASE.length}) % ${PET_SUFFIX.length}],
           case when g % 7 = 6 then 'cat' else 'dog' end,
           case when g % 7 = 6 then 'Persian' else (array['Labrador Retriever','Beagle','Pug','Shih Tzu','Indian Pariah Dog (Indie)','German Shepherd'])[1 + g % 6] end,
           case when g % 2 = 0 then 'Male' else 'Female' end,
           (array['Brown','Black','White','Golden','Cream'])[1 + g % 5],
           date '2014-01-01' + (g % 3650), g % 3 = 0, date '2023-01-01', now() - interval '4 years', now()
    from generate_series(1, ${pets}) g`);
  // Visits: g = 1 is the newest; ~3 years back, a few seconds of jitter so times rarely tie.
  await exec(`
    insert into visits (id, pet_id, visit_type_id, purpose, price_paise, discount_paise, details, created_at, voided_at, void_reason)
    select substr(md5('v' || g), 1, 24),
           substr(md5('p' || (1 + (g::bigint * 7919) % ${pets})), 1, 24),
           (${ids})[t], (${purposes})[t], (${prices})[t], 0, '{}'::jsonb,
           now() - make_interval(secs => g * ${spanSeconds / visits} + (g % 7)),
           case when ${h} >= 97 then now() - make_interval(secs => g * ${spanSeconds / visits}) + interval '1 hour' end,
           case when ${h} >= 97 then 'Recorded twice' end
    from (select g, ${typeOf} as t from generate_series(1, ${visits}) g) s`);
  // Ledger: the sale's charge; payments (full, or half); refunds of half; credits of voided visits.
  const v = `substr(md5('v' || g), 1, 24)`;
  const pet = `substr(md5('p' || (1 + (g::bigint * 7919) % ${pets})), 1, 24)`;
  const owner = `substr(md5('o' || (1 + (1 + (g::bigint * 7919) % ${pets}) % ${owners})), 1, 24)`;
  const at = `now() - make_interval(secs => g * ${spanSeconds / visits} + (g % 7))`;
  const price = `(${prices})[${typeOf}]`;
  await exec(`
    insert into payments (id, kind, status, account, owner_id, amount_paise, charge_for, pet_id, visit_id, paid_at, created_at)
    select substr(md5('c' || g), 1, 24), 'charge', 'completed', 'sale', ${owner}, ${price}, 'sale', ${pet}, ${v}, ${at}, ${at}
    from generate_series(1, ${visits}) g`);
  await exec(`
    insert into payments (id, kind, status, account, owner_id, method, amount_paise, pet_id, visit_id, paid_at, completed_at, completed_via, created_at)
    select substr(md5('y' || g), 1, 24), 'payment', 'completed', 'sale', ${owner},
           (array['cash','cash','card','payment_link'])[1 + g % 4],
           case when ${h} between 84 and 91 then ${price} / 2 else ${price} end,
           ${pet}, ${v}, ${at}, ${at}, 'desk', ${at} + interval '1 second'
    from generate_series(1, ${visits}) g where ${h} < 72 or ${h} between 84 and 96`);
  await exec(`
    insert into payments (id, kind, status, account, owner_id, method, amount_paise, pet_id, visit_id, refund_of, paid_at, completed_at, completed_via, created_at)
    select substr(md5('r' || g), 1, 24), 'refund', 'completed', 'sale', ${owner}, 'cash', ${price} / 2,
           ${pet}, ${v}, substr(md5('y' || g), 1, 24), ${at} + interval '1 day', ${at} + interval '1 day', 'desk', ${at} + interval '1 day'
    from generate_series(1, ${visits}) g where ${h} between 92 and 96`);
  await exec(`
    insert into payments (id, kind, status, account, owner_id, amount_paise, pet_id, visit_id, credit_of, paid_at, created_at)
    select substr(md5('k' || g), 1, 24), 'credit', 'completed', 'sale', ${owner}, ${price},
           ${pet}, ${v}, substr(md5('c' || g), 1, 24), ${at} + interval '1 hour', ${at} + interval '1 hour'
    from generate_series(1, ${visits}) g where ${h} >= 97`);
  // The search rows, as the sale and its later rows leave them (the reconciliation test checks this equality).
  await exec(`
    insert into visit_search (visit_id, created_at, business_date, purpose, visit_type_id, pet_id, pet_name, owner_id, owner_name,
                              owner_phone, charged_paise, paid_paise, due_paise, refunded_paise, payment_state)
    select v.id, v.created_at, (v.created_at at time zone '${TZ}')::date, v.purpose, v.visit_type_id, p.id, p.name, o.id, o.name, o.phone,
           m.charged, m.paid, greatest(m.charged - m.paid, 0), m.refunded,
           case when v.voided_at is not null then 'voided' when m.refunded > 0 then 'refunded' when m.charged > m.paid then 'due' else 'paid' end
    from (select g, ${v} as id, ${h} as h, ${price} as price from generate_series(1, ${visits}) g) s
    join visits v on v.id = s.id
    join pets p on p.id = v.pet_id
    join owners o on o.id = p.owner_id
    cross join lateral (select
        case when s.h >= 97 then 0 else s.price end as charged,
        case when s.h < 72 then s.price when s.h between 84 and 91 then s.price / 2 when s.h between 92 and 96 then s.price - s.price / 2 else 0 end as paid,
        case when s.h between 92 and 96 then s.price / 2 else 0 end as refunded) m`);
  for (const table of ['owners', 'pets', 'visits', 'payments', 'visit_search']) await exec(`vacuum analyze ${table}`);
  await exec('checkpoint').catch(() => undefined);
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
  let database: Database;
  let dropPg: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawdesk-hbench-'));
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    if (!REUSE) {
      await admin.query(`drop database if exists ${PG_DB} with (force)`);
      await admin.query(`create database ${PG_DB}`);
    }
    await admin.end();
    database = await openDatabase({ databaseUrl: `${PG_URL}/${PG_DB}`, poolSize: Number(process.env.BENCH_POOL ?? 10) });
    dropPg = async () => {
      const a = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await a.connect();
      await a.query(`drop database if exists ${PG_DB} with (force)`);
      await a.end();
    };
  } else {
    // File-backed, as the app runs PGlite (DATA_DIR).
    database = await openDatabase({ dataDir });
  }
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
    if (!KEEP) await dropPg?.();
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
