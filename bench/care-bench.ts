/**
 * The care board at a full house (issue 20): 60 pets in house (every one with a plan of 2 meals, 2 doses and a walk,
 * half of today's tasks recorded, a third with warnings), beside 5,000 finished stays with their plans and 150,000
 * recorded tasks of earlier days, then GET /care/board: one request at a time (what a phone waits for) and 10 at a
 * time. Target: p99 under 300 ms on PostgreSQL.
 *
 *   npm run bench:care                          # PostgreSQL, then PGlite
 *   node --import tsx bench/care-bench.ts postgres
 *   BENCH_IN_HOUSE=60 BENCH_PAST_STAYS=5000 BENCH_REQUESTS=200 BENCH_STRICT=1 …
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayIn } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { installReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { insertUser } from '../apps/server/src/modules/auth/auth.repo.ts';
import { PG_URL, pgReachable } from './kit.ts';
// The app.signToken decoration is declared by the auth plugin.
import type {} from '../apps/server/src/plugins/auth.ts';

const IN_HOUSE = Number(process.env.BENCH_IN_HOUSE ?? 60);
const PAST = Number(process.env.BENCH_PAST_STAYS ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const STRICT = process.env.BENCH_STRICT === '1';
const TARGET_MS = 300;
const PG_DB = 'pawdesk_bench_care';
const TZ = 'Asia/Kolkata';
const MORNING = '0000000000000000000ca701';
const NOON = '0000000000000000000ca702';
const EVENING = '0000000000000000000ca703';

/** A 24-hex id from a number and a prefix letter (a–f), so generated rows never collide with the app's. */
const hexId = (prefix: string, expr: string) => `'${prefix}' || lpad(to_hex(${expr}), 23, '0')`;

async function generate(database: Database, staffId: string): Promise<number> {
  const t0 = performance.now();
  const exec = (q: string) => database.db.execute(sql.raw(q));
  const pets = IN_HOUSE + PAST;
  const today = todayIn(TZ);
  await exec(`insert into owners (id, name, phone, address)
    select ${hexId('a', 'g')}, 'Owner ' || g, (9000000000 + g)::text, 'Sector ' || (g % 90) || ', Gurugram'
    from generate_series(1, ${pets}) g`);
  await exec(`insert into pets (id, owner_id, name, species, breed, sex, color, registration_date)
    select ${hexId('b', 'g')}, ${hexId('a', 'g')}, 'Pet ' || g, 'dog', 'Beagle', 'Male', 'Brown', '2026-01-01'
    from generate_series(1, ${pets}) g`);
  // Pets 1..PAST stayed before (closed); the last IN_HOUSE are in house now, across the boarding types.
  await exec(`insert into boardings (id, pet_id, visit_type_id, number_of_days, entry_time, exit_time, is_boarded)
    select ${hexId('c', 'g')}, ${hexId('b', 'g')},
      (select id from visit_types where code = (array['hostel','day_care','day_school','play_school'])[1 + g % 4]),
      3, now() - (g % 300 + 3) * interval '1 day', now() - (g % 300) * interval '1 day', false
    from generate_series(1, ${PAST}) g`);
  await exec(`insert into boardings (id, pet_id, visit_type_id, number_of_days, entry_time, is_boarded)
    select ${hexId('c', 'g')}, ${hexId('b', 'g')},
      (select id from visit_types where code = (array['hostel','day_care','day_school','play_school'])[1 + g % 4]),
      3, now() - interval '2 hours', true
    from generate_series(${PAST + 1}, ${pets}) g`);
  // Five items per plan: breakfast, dinner, two doses (one twice a day), a walk.
  const items = (kinds: string) => `insert into care_items (id, pet_id, boarding_id, kind, name, slot_ids, amount, unit,
      source, route, start_date, position)
    select ${hexId('d', 'g * 10 + k')}, ${hexId('b', 'g')}, ${hexId('c', 'g')},
      (array['meal','meal','dose','dose','other'])[k], (array['Royal Canin','Pedigree','Meloxicam','Apoquel','Walk'])[k],
      (array['["${MORNING}"]','["${EVENING}"]','["${MORNING}","${EVENING}"]','["${NOON}"]','["${NOON}"]'])[k]::jsonb,
      (array[200, 180, 0.5, 1, null])[k], (array['g','g','ml','tablet',null])[k],
      (array['owner','house',null,null,null])[k], (array[null,null,'oral','oral',null])[k],
      case when k in (3, 4) then '2026-01-01'::date end, k
    from generate_series(${kinds}) g, generate_series(1, 5) k`;
  await exec(items(`1, ${pets}`));
  await exec(`insert into pet_care_warnings (id, pet_id, kind, text)
    select ${hexId('e', 'g')}, ${hexId('b', 'g')}, (array['allergy','aggression','escape_risk'])[1 + g % 3], 'Bench warning'
    from generate_series(1, ${pets}) g where g % 3 = 0`);
  // Past stays: 30 recorded tasks each (6 days × 5 items) on days before today.
  await exec(`insert into care_tasks (id, boarding_id, item_id, pet_id, day, slot_key, slot_name, kind, label, feedback,
      done_by, done_by_name, done_at)
    select ${hexId('f', '(g * 10 + k) * 10 + d')}, ${hexId('c', 'g')}, ${hexId('d', 'g * 10 + k')}, ${hexId('b', 'g')},
      (date '${today}' - (g % 300 + d + 1)), '${NOON}', 'Noon', (array['meal','meal','dose','dose','other'])[k], 'Bench',
      (array['ate_all','most','given','given','done'])[k], '${staffId}', 'Bench Staff', now() - (g % 300 + d + 1) * interval '1 day'
    from generate_series(1, ${PAST}) g, generate_series(1, 5) k, generate_series(1, 6) d`);
  // In house: today's morning tasks recorded (about half the day's).
  await exec(`insert into care_tasks (id, boarding_id, item_id, pet_id, day, slot_key, slot_name, kind, label, feedback,
      done_by, done_by_name, done_at)
    select ${hexId('f', '(g * 10 + k) * 10')}, ${hexId('c', 'g')}, ${hexId('d', 'g * 10 + k')}, ${hexId('b', 'g')},
      '${today}', '${MORNING}', 'Morning', (array['meal','meal','dose','dose','other'])[k], 'Bench',
      (array['ate_all','most','given','given','done'])[k], '${staffId}', 'Bench Staff', now()
    from generate_series(${PAST + 1}, ${pets}) g, generate_series(1, 3) k where k <> 2`);
  await exec('analyze');
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function time(url: string, token: string, concurrency: number): Promise<number[]> {
  const out: number[] = [];
  let left = REQUESTS;
  const loop = async () => {
    while (left-- > 0) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/v1/care/board`, { headers: { authorization: token } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`board: ${res.status}`);
      out.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return out;
}

async function benchOne(kind: 'pglite' | 'postgres') {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_DB} with (force)`);
    await admin.query(`create database ${PG_DB}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: `${PG_URL}/${PG_DB}`, poolSize: 10 });
    drop = async () => {
      const a = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await a.connect();
      await a.query(`drop database if exists ${PG_DB} with (force)`);
      await a.end();
    };
  } else database = await openDatabase({});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawdesk-bench-'));
  try {
    await database.migrate();
    await installReferenceData(database.db);
    const staff = await insertUser(database.db, {
      role: 'staff',
      isAdmin: false,
      fullName: 'Bench Staff',
      email: `bench.${Date.now()}@bench.test`,
      passwordHash: await hashPassword('bench123'),
    });
    const genMs = await generate(database, staff.id);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, database, serveWeb: false, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await app.signToken({ id: staff.id, role: 'staff', isAdmin: false });
    const check = (await (await fetch(`${url}/api/v1/care/board`, { headers: { authorization: token } })).json()) as {
      pets: unknown[];
      counts: { tasks: number; done: number };
    };
    if (check.pets.length !== IN_HOUSE) throw new Error(`expected ${IN_HOUSE} pets on the board, got ${check.pets.length}`);
    console.log(
      `[${kind}] data ${(genMs / 1000).toFixed(1)} s; board: ${check.pets.length} pets, ${check.counts.tasks} tasks, ${check.counts.done} done`,
    );
    await time(url, token, 1); // warm-up
    const rows = [];
    for (const c of [1, 10]) {
      const xs = await time(url, token, c);
      rows.push({ kind, c, p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), max: Math.max(...xs) });
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv[2] as 'pglite' | 'postgres' | undefined;
const kinds: ('pglite' | 'postgres')[] = only ? [only] : ['postgres', 'pglite'];
const all = [];
for (const k of kinds) {
  if (k === 'postgres' && !(await pgReachable())) {
    console.log('[postgres] not reachable: skipped');
    continue;
  }
  all.push(...(await benchOne(k)));
}
console.log('\n| database | concurrent | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |');
console.log('| -------- | ---------: | -------: | -------: | -------: | -------: |');
for (const r of all) {
  console.log(`| ${r.kind} | ${r.c} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} |`);
}
const missed = all.filter((r) => r.kind === 'postgres' && r.c === 1 && r.p99 >= TARGET_MS);
if (missed.length) console.log(`PostgreSQL missed p99 < ${TARGET_MS} ms for one board load`);
if (STRICT && missed.length) process.exit(1);
