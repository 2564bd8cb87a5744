/**
 * The performance report (issue 22): `npm run bench`.
 *
 *   npm run bench                                        # PostgreSQL, then PGlite; prints the tables
 *   npm run bench -- --write                             # and writes docs/performance.md (text below its marker kept)
 *   node --import tsx bench/report.ts postgres           # one database only (or: pglite)
 *   BENCH_SCALE=0.05 npm run bench                       # a quick run on a twentieth of the data
 *   … --no-frontend  --no-profile  --only=name,phone     # leave out the browser, the profiles; only some reads
 *
 * Settings (environment): BENCH_SCALE (1: 60,000 owners, 100,000 pets, 1,000,000 visits, 10,000 stock movements,
 * 50,000 appointments), BENCH_PGLITE_VISITS (PGlite's visits; default a tenth of PostgreSQL's, see README),
 * BENCH_SECONDS (10 measured per run), BENCH_WARMUP (3), BENCH_PORT (3930), BENCH_PG_URL, BENCH_POOL (10),
 * BENCH_KEEP=1 (keep the database pawdesk_bench_report), BENCH_REUSE=1 (measure a kept database again, no
 * generation).
 *
 * What it does, per database: migrates a fresh one, installs the reference data, generates the data in SQL
 * (bench/data.ts), builds the app in this process (the web app too when apps/web/dist is there) on BENCH_PORT, then
 * - each read: autocannon (10 connections, in a worker thread) against the route, then its raw-SQL twin: the
 *   statements the route sent for the same requests, captured from the driver (bench/capture.ts) and replayed through
 *   the same pool from 10 concurrent loops (statements the route ran side by side run side by side); ratio = route
 *   requests/s ÷ raw requests/s;
 * - each write: autocannon against the route, then the same service call (the route's handler: its transaction and
 *   what it reads first) from 10 concurrent loops, without HTTP;
 * - on PostgreSQL, the web app in headless Chromium (bench/frontend.ts);
 * - for a read that misses a target: EXPLAIN (ANALYZE, BUFFERS) of its statements and a CPU profile of the server
 *   under that load, summarised by where the time goes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import {
  addPrescriptionBody,
  boardingVisitBody,
  createAppointmentBody,
  deboardBody,
  groomingVisitBody,
  todayIn,
  walletTopUpBody,
} from '@pawdesk/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { installReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import type { AppContext } from '../apps/server/src/lib/context.ts';
import { insertUser } from '../apps/server/src/modules/auth/auth.repo.ts';
import { createAppointment } from '../apps/server/src/modules/appointments/appointments.service.ts';
import { addPrescription } from '../apps/server/src/modules/prescriptions/prescriptions.service.ts';
import { deboard } from '../apps/server/src/modules/sales/deboard.service.ts';
import { addGroomingVisit } from '../apps/server/src/modules/sales/new-visit.service.ts';
import { addHostelVisit } from '../apps/server/src/modules/sales/stay-visits.service.ts';
import { topUpAtDesk } from '../apps/server/src/modules/wallet/wallet-money.service.ts';
// The app.signToken decoration is declared by the auth plugin.
import type {} from '../apps/server/src/plugins/auth.ts';
import { type Op, sqlTwin } from './capture.ts';
import {
  boardInHouse,
  generateAppointments,
  generateInventory,
  generatePetsData,
  generateVaccinations,
  generateVisitsLedger,
  PET_NAME_TERMS,
  phonePrefixes,
  rows,
  settle,
  TZ,
} from './data.ts';
import { type PageResult, measurePages } from './frontend.ts';
import { CONNECTIONS, openBenchDatabase, PG_URL, pgReachable, runLoad } from './kit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const WRITE = argv.includes('--write');
const FRONTEND = !argv.includes('--no-frontend');
const PROFILE = !argv.includes('--no-profile');
const ONLY = argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3930);
const PG_DB = 'pawdesk_bench_report';
const KEEP = process.env.BENCH_KEEP === '1' || process.env.BENCH_REUSE === '1';
const REUSE = process.env.BENCH_REUSE === '1';
const PASSWORD = 'bench-pass-1';
const WEB_DIST = path.join(here, '../apps/web/dist');
const DOC = path.join(here, '../docs/performance.md');
const MARKER = '<!-- Written by hand below this line: `npm run bench -- --write` keeps it. -->';
const TARGET = { p99: 50, ratio: 0.7, homeJs: 150 * 1024, staffJs: 250 * 1024 };

// ------------------------------------------------------------------ sizes

interface Sizes {
  owners: number;
  pets: number;
  visits: number;
  items: number;
  movements: number;
  appointments: number;
}
function sizesFor(kind: Kind): Sizes {
  const s = (n: number) => Math.max(1, Math.round(n * SCALE));
  const visits = s(1_000_000);
  return {
    owners: s(60_000),
    pets: s(100_000),
    visits: kind === 'pglite' ? Number(process.env.BENCH_PGLITE_VISITS ?? Math.round(visits / 10)) : visits,
    items: Math.max(20, s(300)),
    movements: s(10_000),
    appointments: s(50_000),
  };
}

type Kind = 'pglite' | 'postgres';

// ------------------------------------------------------------------ load

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  issued?: number;
}
interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
}

/**
 * The load generator (autocannon) in a worker thread. `kind` 'read' cycles through fixed requests; the writes build
 * each request's body from a counter shared by the connections (starting at `offset`, so runs never reuse a pet,
 * owner or slot) and answer how many they issued.
 */
const WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
const autocannon = require(job.autocannon);
let n = job.offset || 0;
const json = (o) => JSON.stringify(o);
const as = (token) => ({ authorization: 'Bearer ' + token, 'content-type': 'application/json' });
const post = (path, make, onResponse) => ({
  method: 'POST', path, onResponse,
  setupRequest: (req, ctx) => { const r = make(ctx); return { ...req, headers: as(r.token || job.token), body: json(r.body) }; },
});
const at = (xs, i) => xs[i % xs.length];
const W = job.write || {};
function requests() {
  switch (job.kind) {
    case 'read': return job.requests;
    case 'grooming': return [post('/api/v1/visit/addgroomingvisit', () => { const i = n++;
      return { body: { petId: at(W.petIds, i), visitType: W.typeId, details: { discount: 0, finalPrice: W.price, selectedPayment: 'cash' } } }; })];
    case 'prescription': return [post('/api/v1/prescription/addprescription', () => { const i = n++;
      return { body: { petId: at(W.petIds, i), customerType: 'NGO', tablets: [{ id: W.itemId, quantity: 1 }], totalPrice: W.price, selectedPayment: 'cash' } }; })];
    case 'hostel': return [
      post('/api/v1/visit/addhostelvisit', () => { const i = n++;
        return { body: { petId: at(W.petIds, i), visitType: W.typeId, admissionAcknowledged: true,
          details: { numberOfDays: 1, discount: 0, finalPrice: W.price, paymentLeft: 0, selectedPaymentType: 'advance_payment', selectedPayment: 'cash' } } }; },
        (status, body, ctx) => { try { ctx.boardingId = JSON.parse(body).visit.boardingId; } catch { ctx.boardingId = '000000000000000000000000'; } }),
      post('/api/v1/boarding/hosteldeboarding', (ctx) => ({ body: { boardingid: ctx.boardingId } })),
    ];
    case 'topup': return [post('/api/v1/wallet/topup', () => { const i = n++;
      return { body: { ownerId: at(W.ownerIds, i), amount: 500, selectedPayment: 'cash' } }; })];
    case 'booking': return [post('/api/v1/customerappointment/createappoint', () => { const i = n++; const c = at(W.customers, i); const s = W.slots[i % W.slots.length];
      return { token: c.token, body: { serviceId: s.serviceId, appointmentDate: s.date, appointmentTime: s.time, petId: c.petId } }; })];
  }
  throw new Error('unknown load ' + job.kind);
}
const opts = { url: job.url, connections: job.connections, duration: job.seconds, requests: requests() };
autocannon(opts).then(
  (raw) => {
    // Inside a worker thread autocannon hands back encoded histograms; aggregate them here.
    const r = raw.latency ? raw : autocannon.aggregateResult([raw], opts);
    parentPort.postMessage({
      rps: raw.totalCompletedRequests / raw.duration, p50: r.latency.p50, p99: r.latency.p99, requests: raw.totalCompletedRequests,
      non2xx: r.non2xx, errors: r.errors + r.timeouts, issued: n - (job.offset || 0),
    });
  },
  (e) => parentPort.postMessage({ failed: String((e && e.stack) || e) }),
);
`;

interface LoadJob {
  url: string;
  seconds: number;
  kind: string;
  token: string;
  requests?: Req[];
  write?: Record<string, unknown>;
  offset?: number;
}
const load = (job: LoadJob) => runLoad<LoadJob, LoadResult>(WORKER, job);

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** CONNECTIONS loops calling `one(i)` (i from a shared counter) for `seconds`; each call timed. */
async function loops(seconds: number, one: (i: number) => Promise<unknown>, offset = 0): Promise<LoadResult> {
  const times: number[] = [];
  let next = offset;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const i = next++;
        const t = performance.now();
        try {
          await one(i);
          // Only calls that did their work are counted: a refused call returns fast and would inflate the rate.
          times.push(performance.now() - t);
        } catch (err) {
          if (failed++ === 0) console.log(`  (first failure: ${String(err).slice(0, 300)})`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    rps: times.length / elapsed,
    p50: r2(pct(times, 50)),
    p99: r2(pct(times, 99)),
    requests: times.length,
    non2xx: failed,
    errors: 0,
    issued: next - offset,
  };
}

// ------------------------------------------------------------------ profile

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

/** Where a function's time goes, by its script: the report's categories. */
function category(url: string, fn: string): string | null {
  if (fn === '(idle)') return 'idle (waiting for the database or the network)';
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(program)') return 'V8 / native (program)';
  if (!url) return null; // a builtin: its caller's category
  const u = url.replace(/\\/g, '/');
  const pkg = (name: string) => u.includes(`/node_modules/${name}/`);
  if (pkg('pg') || pkg('pg-protocol') || pkg('pg-pool') || pkg('pg-types')) return 'pg driver (protocol, parsing rows)';
  if (pkg('@electric-sql/pglite')) return 'PGlite (the database, in process)';
  if (pkg('drizzle-orm')) return 'drizzle (building SQL, mapping rows)';
  if (pkg('fast-json-stringify') || pkg('fastify-type-provider-zod')) return 'response serialisation (zod, JSON)';
  if (pkg('zod')) return 'zod (validation, serialisation)';
  if (pkg('jose')) return 'auth (token)';
  if (pkg('@fastify/helmet') || pkg('helmet')) return 'headers (helmet)';
  if (u.includes('/node_modules/')) {
    const m = u.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    return m && /fastify|find-my-way|avvio|light-my-request|secure-json-parse|fast-querystring/.test(m[1]!)
      ? 'fastify (routing, hooks, reply)'
      : `other packages (${m?.[1] ?? '?'})`;
  }
  if (u.includes('apps/server/src/plugins/auth')) return 'auth (token, account check)';
  if (u.includes('apps/server/src/')) return `app code (${u.split('apps/server/src/')[1]!.split('/').slice(0, 2).join('/')})`;
  if (u.includes('packages/shared/')) return 'shared rules (packages/shared)';
  if (u.startsWith('node:')) return 'Node core (http, net, streams)';
  return 'other';
}

export interface ProfileSummary {
  ms: number;
  categories: { name: string; pct: number }[];
  functions: { name: string; pct: number }[];
}

function summarise(p: CpuProfile): ProfileSummary {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = p.nodes.reduce((a, n) => a + (n.hitCount ?? 0), 0) || 1;
  const cats = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const n of p.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    let cat = category(n.callFrame.url, n.callFrame.functionName);
    for (let id = parent.get(n.id); !cat && id !== undefined; id = parent.get(id)) {
      const a = byId.get(id)!;
      cat = category(a.callFrame.url, a.callFrame.functionName);
    }
    cats.set(cat ?? 'other', (cats.get(cat ?? 'other') ?? 0) + hits);
    const f = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? `${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}` : '(native)'}`;
    fns.set(f, (fns.get(f) ?? 0) + hits);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, h]) => ({ name, pct: Math.round((1000 * h) / total) / 10 }));
  return { ms: (p.endTime - p.startTime) / 1000, categories: top(cats, 12), functions: top(fns, 12) };
}

/** A CPU profile of this process (the server: the load generator runs in its own thread) while fn runs. */
async function profiled<T>(fn: () => Promise<T>): Promise<{ result: T; profile: ProfileSummary }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    const result = await fn();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    return { result, profile: summarise(profile) };
  } finally {
    session.disconnect();
  }
}

// ------------------------------------------------------------------ machine

function machine() {
  const cpu =
    readFileSync('/proc/cpuinfo', 'utf8')
      .match(/model name\s*:\s*(.+)/)?.[1]
      ?.trim() ??
    os.cpus()[0]?.model ??
    '?';
  const pglite = JSON.parse(readFileSync(path.join(here, '../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  return {
    cpu,
    cores: os.cpus().length,
    ramGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    pglite: pglite.version,
  };
}

/** The load average, sampled every 5 s while the benchmark runs. */
const loadSamples: number[] = [];
const loadTimer = setInterval(() => loadSamples.push(os.loadavg()[0]!), 5000);
loadTimer.unref();

// ------------------------------------------------------------------ one database

interface ReadRow {
  key: string;
  name: string;
  statements: number;
  app: LoadResult;
  raw: LoadResult;
  ratio: number;
  bytes: number;
}
interface WriteRow {
  key: string;
  name: string;
  app: LoadResult;
  direct: LoadResult;
  ratio: number;
}
interface Miss {
  key: string;
  name: string;
  why: string[];
  plans: { text: string; ms: number | null; plan: string }[];
  profile?: ProfileSummary;
}
interface DbResult {
  kind: Kind;
  version: string;
  sizes: Sizes;
  counts: Record<string, number>;
  gen: { name: string; s: number }[];
  reads: ReadRow[];
  writes: WriteRow[];
  misses: Miss[];
  pages?: PageResult[];
  notes: string[];
}

interface ReadSpec {
  key: string;
  name: string;
  requests: Req[];
}

async function benchOne(kind: Kind): Promise<DbResult> {
  const sizes = sizesFor(kind);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawdesk-report-'));
  const { database, drop } = await openBenchDatabase(kind, {
    name: PG_DB,
    dataDir: kind === 'pglite' ? dataDir : undefined,
    reuse: REUSE && kind === 'postgres',
  });
  const notes: string[] = [];
  try {
    const gen: { name: string; s: number }[] = [];
    const step = async (name: string, fn: () => Promise<unknown>) => {
      process.stdout.write(`[${kind}] ${name}… `);
      const t0 = performance.now();
      await fn();
      const s = (performance.now() - t0) / 1000;
      console.log(`${s.toFixed(1)} s`);
      gen.push({ name, s });
    };
    const reuse = REUSE && kind === 'postgres';
    const passwordHash = await hashPassword(PASSWORD);
    const seller = {
      name: 'Pet DayCare Service',
      address: 'Sector 57, Golf Course Extension Road, Gurugram, Haryana 122011',
      phone: '+91 98100 00000',
      email: 'hello@petdaycare.example',
      gstin: '06AAACP1234C1Z5',
      stateCode: '06',
    };
    if (!reuse) {
      await step('migrate, reference data', async () => {
        await database.migrate();
        await installReferenceData(database.db);
      });
      await step(
        `${sizes.owners.toLocaleString('en-IN')} owners (a sixth with customer accounts), ${sizes.pets.toLocaleString('en-IN')} pets`,
        () => generatePetsData(database, { owners: sizes.owners, pets: sizes.pets, customers: { passwordHash } }),
      );
      await step('vaccinations (2 per dog)', () => generateVaccinations(database, sizes.pets));
      await step(`${sizes.visits.toLocaleString('en-IN')} visits: stays, ledger, receipts, GST documents, search rows`, () =>
        generateVisitsLedger(database, {
          visits: sizes.visits,
          owners: sizes.owners,
          pets: sizes.pets,
          boardings: true,
          documents: true,
          seller,
        }),
      );
      await step('pets in house now', () => boardInHouse(database, { hostel: 6, day_care: 12 }));
      await step(`${sizes.items} inventory items, ${sizes.movements.toLocaleString('en-IN')} stock movements`, () =>
        generateInventory(database, sizes.items, sizes.movements),
      );
      await step(`${sizes.appointments.toLocaleString('en-IN')} appointments`, () =>
        generateAppointments(database, sizes.appointments, sizes.owners),
      );
      await step('VACUUM ANALYZE, CHECKPOINT', async () => {
        await database.db.execute('vacuum analyze');
        await settle(database, []);
      });
    }
    const counts = Object.fromEntries(
      (
        await rows<{ t: string; n: number }>(
          database,
          `select t, n from (values ${[
            'owners',
            'pets',
            'users',
            'vaccinations',
            'visits',
            'boardings',
            'payments',
            'tax_documents',
            'tax_document_lines',
            'visit_search',
            'inventory_items',
            'stock_movements',
            'appointments',
          ]
            .map((t) => `('${t}', (select count(*)::int from ${t}))`)
            .join(',')}) v(t, n)`,
        )
      ).map((r) => [r.t, Number(r.n)]),
    );
    const server = (await rows<{ server_version: string }>(database, 'show server_version'))[0]!.server_version;
    const version = kind === 'postgres' ? server : `PGlite ${machine().pglite} (PostgreSQL ${server})`;

    // ---------------------------------------------------------------- the app
    const web = existsSync(path.join(WEB_DIST, 'index.html'));
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      ALLOW_OFFLINE_PAYMENTS: 'true',
      BUSINESS_GSTIN: seller.gstin,
      WEB_DIST: WEB_DIST,
    } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, database, serveWeb: web, logger: false });
    await app.listen({ host: '127.0.0.1', port: PORT });
    const url = `http://127.0.0.1:${PORT}`;
    const ctx = app.appContext as AppContext;
    try {
      const staffEmail = `bench.admin.${Date.now()}@bench.test`;
      const staff = await insertUser(database.db, {
        role: 'staff',
        isAdmin: true,
        fullName: 'Bench Admin',
        email: staffEmail,
        passwordHash,
      });
      const token = await app.signToken({ id: staff.id, role: 'staff', isAdmin: true });
      const staffH = { authorization: `Bearer ${token}` };
      const today = todayIn(TZ);
      const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
      const id = (prefix: string, g: number) =>
        rows<{ id: string }>(database, `select substr(md5('${prefix}' || ${g}), 1, 24) as id`).then((r) => r[0]!.id);
      const ids = (prefix: string, gs: number[]) => Promise.all(gs.map((g) => id(prefix, g)));
      const spread = (n: number, max: number, step: number) => Array.from({ length: n }, (_, i) => 1 + ((i * step) % max));
      const types = Object.fromEntries(
        (
          await rows<{ code: string; id: string; price_paise: string }>(database, 'select code, id, price_paise from visit_types')
        ).map((t) => [t.code, { id: t.id, price: Number(t.price_paise) / 100 }]),
      );
      const boardingTypes = (
        await rows<{ id: string }>(database, 'select id from visit_types where is_boarding order by sort_order')
      ).map((r) => r.id);
      // Customers: owner 6j + 1 with their pet 6j (as generateAppointments has them).
      const J = Math.max(1, Math.floor((sizes.owners - 2) / 6));
      const customerJs = spread(Math.min(200, J), J, 97);
      const customers = await Promise.all(
        customerJs.map(async (j) => {
          const [uid, petId] = [await id('u', 6 * j + 1), await id('p', 6 * j)];
          return { id: uid, petId, token: await app.signToken({ id: uid, role: 'customer', isAdmin: false }) };
        }),
      );
      const samplePets = await ids('p', spread(40, sizes.pets, 2477));
      const sampleVisits = await ids('v', spread(40, sizes.visits, 7919));
      const get = (p: string, headers = staffH): Req => ({ method: 'GET', path: `/api/v1${p}`, headers });
      const post = (p: string, headers = staffH): Req => ({ method: 'POST', path: `/api/v1${p}`, headers });
      const q = encodeURIComponent;

      const READS: ReadSpec[] = [
        {
          key: 'name',
          name: 'Pet search by name (contains)',
          requests: PET_NAME_TERMS.map((t) => get(`/pet/getfilteredpetsbynameandphone?name=${q(t)}&limit=50`)),
        },
        {
          key: 'phone',
          name: 'Pet search by phone (prefix)',
          requests: phonePrefixes(40).map((p) => get(`/pet/getfilteredpetsbynameandphone?phone=${p}&limit=50`)),
        },
        { key: 'allpets', name: 'All Pets, first page (50)', requests: [get('/pet/getallpets?limit=50')] },
        { key: 'pet', name: 'Pet details', requests: samplePets.map((p) => get(`/pet/getpetdetails/${p}`)) },
        {
          key: 'history-date',
          name: 'Visit History: a day (25)',
          requests: Array.from({ length: 30 }, (_, i) => post(`/visit/getvisitlist?date=${dayBefore(i * 11)}&limit=25`)),
        },
        {
          key: 'history-pet',
          name: "Visit History: a pet's visits (25)",
          requests: samplePets.map((p) => post(`/visit/getvisitlist?petId=${p}&limit=25`)),
        },
        { key: 'visit', name: 'Visit details', requests: sampleVisits.map((v) => get(`/visit/getvisitdetails/${v}`)) },
        {
          key: 'takings',
          name: "The day's takings",
          requests: Array.from({ length: 7 }, (_, i) => get(`/payments/takings?date=${dayBefore(i)}`)),
        },
        { key: 'today', name: 'Today board (dashboard)', requests: [get('/dashboard/today')] },
        {
          key: 'frontdesk',
          name: 'Front desk: pets in house by type (50)',
          requests: boardingTypes.map((t) => get(`/pet/getboardedpetslist?type=${t}&limit=50`)),
        },
        {
          key: 'appointments',
          name: 'Online appointments of a day',
          requests: Array.from({ length: 7 }, (_, i) => get(`/appointment/onlineappointments?date=${dayBefore(i - 3)}`)),
        },
        { key: 'inventory', name: 'Inventory list (50)', requests: [get('/inventory/getallinventory?limit=50')] },
        {
          key: 'customer-visits',
          name: "Customer: own pet's visits (25)",
          requests: customers
            .slice(0, 40)
            .map((c) => get(`/visit/getparticularpetvisit?petId=${c.petId}&limit=25`, { authorization: `Bearer ${c.token}` })),
        },
        { key: 'me', name: 'Reference: GET /auth/me', requests: [get('/auth/me')] },
      ].filter((r) => !ONLY || ONLY.includes(r.key));

      // Sanity, and each request's statements (the second call: caches warm, as under load).
      const twin = sqlTwin(database);
      const call = (r: Req) => fetch(url + r.path, { method: r.method, headers: r.headers });
      const captured = new Map<string, { ops: Op[][]; bytes: number }>();
      for (const r of READS) {
        const ops: Op[][] = [];
        let bytes = 0;
        for (const req of r.requests) {
          const first = await call(req);
          const body = await first.text();
          if (first.status !== 200) throw new Error(`${r.name} ${req.path}: ${first.status} ${body.slice(0, 300)}`);
          bytes += body.length;
          // Twice, keeping the shorter: a statement the app sends now and then (the account check, cached 2 s) is
          // then left out, as it is from nearly every request under load.
          const a = await twin.record(async () => (await call(req)).text());
          const b = await twin.record(async () => (await call(req)).text());
          ops.push(twin.statements(b.ops).length < twin.statements(a.ops).length ? b.ops : a.ops);
        }
        captured.set(r.key, { ops, bytes: Math.round(bytes / r.requests.length) });
        if (process.env.BENCH_SHOW_SQL?.split(',').includes(r.key)) {
          console.log(`[${kind}] ${r.name}, ${r.requests[0]!.path}: the statements of one request`);
          for (const [k, op] of ops[0]!.entries()) {
            const st = twin.statements([op]);
            console.log(`  #${k} (after ${op.after}) ${op.kind}: ${st.map((x) => x.text.slice(0, 400)).join('\n      ')}`);
          }
        }
      }

      // ---------------------------------------------------------------- reads
      const reads: ReadRow[] = [];
      const rawRun = (key: string, seconds: number) => {
        const all = captured.get(key)!.ops;
        return loops(seconds, (i) => twin.replay(all[i % all.length]!));
      };
      for (const r of READS) {
        const job = { url, token, kind: 'read', requests: r.requests };
        await load({ ...job, seconds: WARMUP });
        const appRes = await load({ ...job, seconds: SECONDS });
        await rawRun(r.key, Math.min(WARMUP, 2));
        const raw = await rawRun(r.key, SECONDS);
        const c = captured.get(r.key)!;
        const statements =
          Math.round((10 * c.ops.reduce((a, o) => a + twin.statements(o).length, 0)) / Math.max(1, c.ops.length)) / 10;
        const row: ReadRow = {
          key: r.key,
          name: r.name,
          statements,
          app: appRes,
          raw,
          ratio: appRes.rps / raw.rps,
          bytes: c.bytes,
        };
        reads.push(row);
        console.log(
          `[${kind}] ${r.name}: app ${appRes.rps.toFixed(0)} req/s p50 ${appRes.p50} p99 ${appRes.p99} non-2xx ${appRes.non2xx + appRes.errors}` +
            ` | raw ${raw.rps.toFixed(0)} req/s p50 ${raw.p50} p99 ${raw.p99} | ratio ${(100 * row.ratio).toFixed(0)}% (${statements} statements)`,
        );
      }

      // ---------------------------------------------------------------- misses: plans and profiles
      const misses: Miss[] = [];
      for (const row of reads) {
        if (row.key === 'me') continue;
        const why: string[] = [];
        if (kind === 'postgres' && row.app.p99 > TARGET.p99) why.push(`p99 ${row.app.p99} ms > ${TARGET.p99} ms`);
        if (row.ratio < TARGET.ratio) why.push(`${(100 * row.ratio).toFixed(0)}% of raw SQL < ${100 * TARGET.ratio}%`);
        if (!why.length) continue;
        const miss: Miss = { key: row.key, name: row.name, why, plans: [] };
        const first = captured.get(row.key)!.ops[0]!;
        for (const s of twin.statements(first)) {
          if (!/^\s*(select|with)\b/i.test(s.text)) continue;
          try {
            const plan = (
              await (kind === 'postgres'
                ? (
                    database.db as unknown as {
                      $client: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> };
                    }
                  ).$client.query(`explain (analyze, buffers) ${s.text}`, s.params)
                : (
                    database as unknown as {
                      client: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> };
                    }
                  ).client.query(`explain (analyze, buffers) ${s.text}`, s.params))
            ).rows
              .map((x) => x['QUERY PLAN'])
              .join('\n');
            const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
            miss.plans.push({ text: s.text, ms: Number.isNaN(ms) ? null : ms, plan });
          } catch (err) {
            miss.plans.push({ text: s.text, ms: null, plan: `EXPLAIN failed: ${String(err).slice(0, 200)}` });
          }
        }
        if (PROFILE) {
          const spec = READS.find((r) => r.key === row.key)!;
          const { profile, result } = await profiled(() =>
            load({ url, token, kind: 'read', requests: spec.requests, seconds: 5 }),
          );
          miss.profile = profile;
          console.log(
            `[${kind}] profile of ${row.name} (${result.rps.toFixed(0)} req/s while profiled): ${profile.categories
              .slice(0, 6)
              .map((c) => `${c.name} ${c.pct}%`)
              .join(', ')}`,
          );
        }
        misses.push(miss);
      }

      // ---------------------------------------------------------------- writes
      const writes: WriteRow[] = [];
      if (!ONLY || ONLY.some((o) => o.startsWith('w-'))) {
        // Pets that are not in house (so a stay may board them), and owners for the top-ups.
        const freePets = (
          await rows<{ id: string }>(
            database,
            // Dogs out of the house whose core vaccinations are current (the admission rule lets them board).
            `select p.id from pets p where p.species = 'dog'
               and not exists (select 1 from boardings b where b.pet_id = p.id and b.is_boarded)
               and (select count(*) from vaccinations v where v.pet_id = p.id and v.next_due > current_date + 2) = 2
             order by p.id limit 5000`,
          )
        ).map((r) => r.id);
        const ownerIds = await ids('o', spread(2000, sizes.owners, 31));
        // Places per slot: 10 (a busy resort's setting; the default 1 would fill the calendar within the run).
        const put = await fetch(`${url}/api/v1/settings/appointments`, {
          method: 'PUT',
          headers: { ...staffH, 'content-type': 'application/json' },
          body: JSON.stringify({ defaultSlotCapacity: 10 }),
        });
        if (!put.ok) throw new Error(`appointment settings: ${put.status} ${await put.text()}`);
        // Purposes without the admission rule (a Dog Park booking checks vaccinations up to its day).
        const services = [types.grooming!.id, types.veterinary!.id];
        const slotTimes = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '14:00', '14:30'];
        slotTimes.push('15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00');
        const slots = Array.from({ length: 150 }, (_, d) => dayBefore(-(31 + d))).flatMap((date) =>
          services.flatMap((serviceId) => slotTimes.map((time) => ({ serviceId, date, time }))),
        );
        // A customer comes back to the same slot only after lcm(customers, slots) bookings.
        const bookers = customers;
        const WRITES: {
          key: string;
          name: string;
          kind: string;
          write: Record<string, unknown>;
          direct: (i: number) => Promise<unknown>;
          perCycle?: number;
          /** Run between the HTTP run and the direct one (the HTTP run can stop between a cycle's two requests). */
          beforeDirect?: () => Promise<void>;
        }[] = [
          {
            key: 'w-grooming',
            name: 'New Visit: grooming, paid cash',
            kind: 'grooming',
            write: { petIds: freePets, typeId: types.grooming!.id, price: types.grooming!.price },
            direct: (i: number) =>
              addGroomingVisit(
                ctx,
                groomingVisitBody.parse({
                  petId: freePets[i % freePets.length],
                  visitType: types.grooming!.id,
                  details: { discount: 0, finalPrice: types.grooming!.price, selectedPayment: 'cash' },
                }),
                staff.id,
              ),
          },
          {
            key: 'w-prescription',
            name: 'Prescription with stock, paid cash',
            kind: 'prescription',
            write: { petIds: freePets, itemId: await benchItem(database), price: 8 },
            direct: async (i: number) =>
              addPrescription(
                ctx,
                addPrescriptionBody.parse({
                  petId: freePets[i % freePets.length],
                  customerType: 'NGO',
                  tablets: [{ id: await benchItem(database), quantity: 1 }],
                  totalPrice: 8,
                  selectedPayment: 'cash',
                }),
                staff.id,
              ),
          },
          {
            key: 'w-hostel',
            name: 'Hostel stay paid cash, then deboarded (2 requests)',
            kind: 'hostel',
            write: { petIds: freePets, typeId: types.hostel!.id, price: types.hostel!.price },
            direct: async (i: number) => {
              const saved = await addHostelVisit(
                ctx,
                boardingVisitBody.parse({
                  petId: freePets[i % freePets.length],
                  visitType: types.hostel!.id,
                  admissionAcknowledged: true,
                  details: {
                    numberOfDays: 1,
                    discount: 0,
                    finalPrice: types.hostel!.price,
                    paymentLeft: 0,
                    selectedPaymentType: 'advance_payment',
                    selectedPayment: 'cash',
                  },
                }),
                staff.id,
                { existingClient: true },
              );
              await deboard(
                ctx,
                'hosteldeboarding',
                deboardBody.parse({ boardingid: (saved.visit as { boardingId: string }).boardingId }),
                staff.id,
                { existingClient: true },
              );
            },
            perCycle: 2,
            // Stays the HTTP run boarded and had no time to deboard would fill the hostel (20 places) for the loops.
            beforeDirect: async () => {
              const pets = freePets.map((id) => `'${id}'`).join(',');
              const left = await rows<{ id: string }>(
                database,
                `select id from boardings where is_boarded and pet_id in (${pets})`,
              );
              for (const b of left) {
                await deboard(ctx, 'hosteldeboarding', deboardBody.parse({ boardingid: b.id }), staff.id, {
                  existingClient: true,
                });
              }
            },
          },
          {
            key: 'w-topup',
            name: 'Wallet top-up, cash',
            kind: 'topup',
            write: { ownerIds },
            direct: (i: number) =>
              topUpAtDesk(
                ctx,
                walletTopUpBody.parse({ ownerId: ownerIds[i % ownerIds.length], amount: 500, selectedPayment: 'cash' }),
                staff.id,
              ),
          },
          {
            key: 'w-booking',
            name: 'Appointment booked by a customer',
            kind: 'booking',
            write: { customers: bookers, slots },
            direct: (i: number) => {
              const c = bookers[i % bookers.length]!;
              const s = slots[i % slots.length]!;
              return createAppointment(
                ctx,
                createAppointmentBody.parse({
                  serviceId: s.serviceId,
                  appointmentDate: s.date,
                  appointmentTime: s.time,
                  petId: c.petId,
                }),
                { id: c.id, role: 'customer', isAdmin: false },
              );
            },
          },
        ].filter((w) => !ONLY || ONLY.includes(w.key));
        for (const w of WRITES) {
          let offset = 0;
          const job = { url, token, kind: w.kind, write: w.write };
          const warm = await load({ ...job, seconds: WARMUP, offset });
          offset += warm.issued ?? 0;
          const appRes = await load({ ...job, seconds: SECONDS, offset });
          offset += appRes.issued ?? 0;
          // The direct calls: a hostel cycle is two calls (save, deboard), timed together: halve the figures' rate.
          await w.beforeDirect?.();
          const direct = await loops(SECONDS, w.direct, offset);
          if (w.perCycle) {
            direct.rps *= w.perCycle;
            direct.requests *= w.perCycle;
            direct.p50 = Math.round((100 * direct.p50) / w.perCycle) / 100;
            direct.p99 = Math.round((100 * direct.p99) / w.perCycle) / 100;
          }
          const row: WriteRow = { key: w.key, name: w.name, app: appRes, direct, ratio: appRes.rps / direct.rps };
          writes.push(row);
          console.log(
            `[${kind}] ${w.name}: app ${appRes.rps.toFixed(0)} req/s p50 ${appRes.p50} p99 ${appRes.p99} non-2xx ${appRes.non2xx + appRes.errors}` +
              ` | direct ${direct.rps.toFixed(0)}/s p50 ${direct.p50} p99 ${direct.p99} failed ${direct.non2xx} | ratio ${(100 * row.ratio).toFixed(0)}%`,
          );
        }
      }

      // ---------------------------------------------------------------- the web app
      let pages: PageResult[] | undefined;
      if (FRONTEND && web && kind === 'postgres' && (!ONLY || ONLY.includes('frontend'))) {
        console.log(`[${kind}] the web app in headless Chromium…`);
        pages = await measurePages(url, [
          { name: 'Home page', path: '/' },
          { name: 'Staff dashboard', path: '/staff/dashboard', login: { email: staffEmail, password: PASSWORD, role: 'staff' } },
          {
            name: 'Customer dashboard',
            path: '/customer/dashboard',
            login: { email: 'owner7@example.in', password: PASSWORD, role: 'customer' },
          },
        ]);
        for (const p of pages) {
          console.log(
            `  ${p.name}: JS ${(p.jsGzipBytes / 1024).toFixed(1)} KB gzip -9 (${(p.jsWireBytes / 1024).toFixed(1)} KB on the wire, ${p.encodings.join('/')}; ${(p.jsRawBytes / 1024).toFixed(1)} KB uncompressed, ${p.jsFiles} files), LCP ${p.lcpMs.toFixed(0)} ms`,
          );
        }
      } else if (FRONTEND && !web) notes.push('The web app was not built (apps/web/dist): no browser figures.');
      return { kind, version, sizes, counts, gen, reads, writes, misses, pages, notes };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (!KEEP) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let benchItemId: string | undefined;
async function benchItem(database: Database): Promise<string> {
  benchItemId ??= (await rows<{ id: string }>(database, `select id from inventory_items where item_name = 'Bench Tablets'`))[0]!
    .id;
  return benchItemId;
}

// ------------------------------------------------------------------ the report

const n0 = (x: number) => Math.round(x).toLocaleString('en-IN');
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : '–');
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

function markdown(results: DbResult[], started: Date, minutes: number): string {
  const m = machine();
  const loads = loadSamples.length ? loadSamples : [os.loadavg()[0]!];
  const L: string[] = [];
  L.push('# Performance report');
  L.push('');
  L.push(
    `Generated by \`npm run bench -- --write\` (bench/report.ts) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; the whole run took ${minutes.toFixed(0)} minutes. How it measures: bench/README.md ("report").`,
  );
  L.push('');
  L.push('## Machine');
  L.push('');
  L.push(`- CPU: ${m.cpu}, ${m.cores} cores; RAM ${m.ramGiB} GiB; ${m.os}`);
  L.push(
    `- Node ${m.node}; ${results.map((r) => (r.kind === 'postgres' ? `PostgreSQL ${r.version} (same host, default settings)` : r.version)).join('; ')}`,
  );
  L.push(
    `- Load average (1 min) during the run, sampled every 5 s: min ${Math.min(...loads).toFixed(1)}, median ${pct(loads, 50).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}. The load generator (autocannon in a worker thread), the server and PostgreSQL share these cores${Math.max(...loads) > m.cores * 1.5 ? '; other work was running on the machine at the same time' : ''}.`,
  );
  L.push('');
  L.push('## Data');
  L.push('');
  L.push(`| table | ${results.map((r) => r.kind).join(' | ')} |`);
  L.push(`| --- | ${results.map(() => '---:').join(' | ')} |`);
  const tables = Object.keys(results[0]?.counts ?? {});
  for (const t of tables) L.push(`| ${t} | ${results.map((r) => n0(r.counts[t] ?? 0)).join(' | ')} |`);
  L.push('');
  for (const r of results) {
    L.push(
      `Generation on ${r.kind}: ${r.gen.map((g) => `${g.name} ${g.s.toFixed(1)} s`).join('; ') || '(reused a kept database)'}; total ${r.gen.reduce((a, g) => a + g.s, 0).toFixed(0)} s.`,
    );
    L.push('');
  }
  L.push('## Reads');
  L.push('');
  L.push(
    `${CONNECTIONS} connections, ${SECONDS} s measured after ${WARMUP} s of warm-up. "app": the route under autocannon; "raw SQL": the statements the route sent for the same requests, replayed through the same pool from ${CONNECTIONS} loops in the same run; ratio = app requests/s ÷ raw requests/s. Latencies in ms.`,
  );
  L.push('');
  L.push('| database | read | statements | answer | app req/s | p50 | p99 | non-2xx | raw req/s | raw p50 | raw p99 | ratio |');
  L.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    for (const x of r.reads) {
      L.push(
        `| ${r.kind} | ${x.name} | ${x.statements} | ${kb(x.bytes)} | ${n0(x.app.rps)} | ${ms(x.app.p50)} | ${ms(x.app.p99)} | ${x.app.non2xx + x.app.errors} | ${n0(x.raw.rps)} | ${ms(x.raw.p50)} | ${ms(x.raw.p99)} | ${(100 * x.ratio).toFixed(0)}% |`,
      );
    }
  }
  L.push('');
  L.push('## Writes');
  L.push('');
  L.push(
    `${CONNECTIONS} connections, ${SECONDS} s each. "direct": the route's service function (its reads, its transaction) called from ${CONNECTIONS} loops without HTTP; ratio = app ÷ direct. Every write takes the owner's ledger lock and, paid in cash, the financial year's receipt counter.`,
  );
  L.push('');
  L.push('| database | write | app req/s | p50 | p99 | non-2xx | direct /s | direct p50 | direct p99 | ratio |');
  L.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    for (const x of r.writes) {
      L.push(
        `| ${r.kind} | ${x.name} | ${n0(x.app.rps)} | ${ms(x.app.p50)} | ${ms(x.app.p99)} | ${x.app.non2xx + x.app.errors} | ${n0(x.direct.rps)} | ${ms(x.direct.p50)} | ${ms(x.direct.p99)} | ${(100 * x.ratio).toFixed(0)}% |`,
      );
    }
  }
  L.push('');
  const pages = results.find((r) => r.pages)?.pages;
  if (pages) {
    L.push('## Front end');
    L.push('');
    L.push(
      'Headless Chromium, a cold load each time (new context: empty cache), median of 3; the server as above (precompressed files). JS: every script the page loaded, gzip -9 of each file, what came over the wire, and uncompressed.',
    );
    L.push('');
    L.push('| page | JS files | JS gzip | JS on the wire | JS uncompressed | LCP (ms) |');
    L.push('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const p of pages)
      L.push(
        `| ${p.name} (\`${p.path}\`) | ${p.jsFiles} | ${kb(p.jsGzipBytes)} | ${kb(p.jsWireBytes)} (${p.encodings.join(', ')}) | ${kb(p.jsRawBytes)} | ${ms(p.lcpMs)} |`,
      );
    L.push('');
    for (const p of pages)
      L.push(`- ${p.name}, heaviest scripts (gzip): ${p.biggest.map((b) => `${b.file} ${kb(b.gzip)}`).join(', ')}.`);
    L.push('');
  }
  L.push('## Targets');
  L.push('');
  const pg = results.find((r) => r.kind === 'postgres');
  if (pages) {
    const home = pages.find((p) => p.path === '/');
    const staff = pages.find((p) => p.path.startsWith('/staff'));
    if (home) L.push(`- Home page JS ≤ 150 KB gzipped: ${mark(home.jsGzipBytes <= TARGET.homeJs)} (${kb(home.jsGzipBytes)}).`);
    if (staff)
      L.push(
        `- Staff area JS ≤ 250 KB gzipped: ${mark(staff.jsGzipBytes <= TARGET.staffJs)} (${kb(staff.jsGzipBytes)}, the dashboard).`,
      );
  }
  if (pg) {
    const slow = pg.reads.filter((x) => x.key !== 'me' && x.app.p99 > TARGET.p99);
    L.push(
      `- PostgreSQL, every read p99 ≤ 50 ms at 10 connections: ${mark(slow.length === 0)}${slow.length ? ` (${slow.map((x) => `${x.name} ${ms(x.app.p99)} ms`).join('; ')})` : ''}.`,
    );
  }
  for (const r of results) {
    const low = r.reads.filter((x) => x.key !== 'me' && x.ratio < TARGET.ratio);
    L.push(
      `- ${r.kind}, every read ≥ 70% of its raw SQL throughput: ${mark(low.length === 0)}${low.length ? ` (${low.map((x) => `${x.name} ${(100 * x.ratio).toFixed(0)}%`).join('; ')})` : ''}.`,
    );
  }
  L.push('');
  const misses = results.flatMap((r) => r.misses.map((x) => ({ ...x, kind: r.kind })));
  if (misses.length) {
    L.push('## Misses: plans and profiles (generated)');
    L.push('');
    for (const x of misses) {
      L.push(`### ${x.kind}: ${x.name} (${x.why.join('; ')})`);
      L.push('');
      if (x.profile) {
        L.push(
          `CPU profile of the server under this load (5 s): ${x.profile.categories.map((c) => `${c.name} ${c.pct}%`).join(', ')}.`,
        );
        L.push('');
        L.push(
          `Heaviest functions (self time): ${x.profile.functions
            .slice(0, 8)
            .map((f) => `\`${f.name}\` ${f.pct}%`)
            .join(', ')}.`,
        );
        L.push('');
      }
      const slowest = [...x.plans].sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0));
      L.push(
        `Statements of one request, EXPLAIN (ANALYZE, BUFFERS) execution times: ${x.plans.map((p) => (p.ms === null ? '?' : `${p.ms.toFixed(2)} ms`)).join(', ') || 'none'}.`,
      );
      if (slowest[0]) {
        L.push('');
        L.push('The slowest:');
        L.push('');
        L.push('```');
        L.push(slowest[0].text.length > 1500 ? `${slowest[0].text.slice(0, 1500)} …` : slowest[0].text);
        L.push('');
        L.push(slowest[0].plan);
        L.push('```');
      }
      L.push('');
    }
  }
  for (const r of results) for (const n of r.notes) L.push(`- ${r.kind}: ${n}`);
  return L.join('\n');
}

{
  const started = new Date();
  const want = argv.find((a) => a === 'pglite' || a === 'postgres');
  const kinds: Kind[] = [];
  if (!want || want === 'postgres') {
    if (await pgReachable()) kinds.push('postgres');
    else console.log(`PostgreSQL at ${PG_URL} is not reachable: skipping it.`);
  }
  if (!want || want === 'pglite') kinds.push('pglite');
  const results: DbResult[] = [];
  for (const k of kinds) results.push(await benchOne(k));
  const minutes = (Date.now() - started.getTime()) / 60_000;
  const md = markdown(results, started, minutes);
  writeFileSync(path.join(os.tmpdir(), 'pawdesk-bench-report.json'), JSON.stringify({ results, loadSamples }, null, 2));
  console.log(`\n${md}\n`);
  if (WRITE) {
    const kept = existsSync(DOC) ? readFileSync(DOC, 'utf8').split(MARKER)[1] : undefined;
    writeFileSync(DOC, `${md}\n\n${MARKER}\n${kept ?? '\n'}`);
    console.log(`Wrote ${path.relative(process.cwd(), DOC)}.`);
  }
  if (
    results.some(
      (r) => r.reads.some((x) => x.app.non2xx + x.app.errors > 0) || r.writes.some((x) => x.app.non2xx + x.app.errors > 0),
    )
  )
    process.exitCode = 1;
}
