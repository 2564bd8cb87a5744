/**
 * Schema-driven fuzzer over EVERY route of the OpenAPI document (`app.swagger()`), so routes added later are
 * covered without a change here. Each request is valid-ish (derived from the route's JSON schema and real ids) or
 * broken in one way (./fuzz/mutations.ts), sent as anonymous, customer, staff or admin. Invariants:
 * - no answer is a 5xx;
 * - a refused request (4xx) changes the row count of no table (counted from information_schema after each request);
 * - a refusal is our JSON error shape, and never the database's late "Invalid value in request" fallback (bad input
 *   is refused up front by the schemas, with a field message).
 *
 * FUZZ_RUNS sets the number of requests (default 10,000); FUZZ_SEED repeats a run (the seed is printed).
 */
import { todayIn } from '@pawdesk/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeItem, makePet } from './factories.ts';
import { type FuzzRequest, type FuzzRole, requestArb } from './fuzz/mutations.ts';
import { type Operation, operationsOf, type Pools } from './fuzz/schema-values.ts';
import { createTestApp, type TestApp } from './harness.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const BATCH = 250;

/** Tables a refused request changes by design, and why. */
const CHANGED_BY_REFUSALS: Record<string, string> = {
  login_failures: 'a refused login is counted, to throttle guessing',
};

/**
 * Routes that take a password hash it on purpose (scrypt, tens of milliseconds each), so they are sampled at a tenth
 * of the rate of the others, to keep the run short; every other route has the same share.
 */
const weight = (op: Operation) => (JSON.stringify(op.body ?? {}).includes('"password"') ? 1 : 10);

/** What the database answers when a value reached it that the schemas should have refused. */
const LATE_REFUSAL = 'Invalid value in request';

interface Finding {
  problem: string;
  request: FuzzRequest;
  status: number;
  body: string;
}

let t: TestApp;
/** Raw SQL straight to the driver (PGlite, or the node-postgres pool): both answer `{ rows }`. */
async function query<T>(text: string): Promise<T[]> {
  const client = (t.database.db as unknown as { $client: { query(q: string): Promise<{ rows: T[] }> } }).$client;
  return (await client.query(text)).rows;
}
let tables: string[];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  tables = rows.map((r) => r.name);
  // Every insert, update and delete of a row is counted per table by a trigger, so one small read after each
  // request tells whether it changed anything (stricter than comparing row counts, and much cheaper).
  await query('create table fuzz_changes (tbl text primary key, n bigint not null)');
  await query(
    `create function fuzz_count() returns trigger language plpgsql as $$
      begin
        insert into fuzz_changes (tbl, n) values (TG_TABLE_NAME, 1) on conflict (tbl) do update set n = fuzz_changes.n + 1;
        return null;
      end $$`,
  );
  for (const n of tables) {
    await query(
      `create trigger fuzz_count after insert or update or delete on "${n}" for each row execute function fuzz_count()`,
    );
  }
  // Something to find: pets, owners and items (free and priced, so a prescription's total can match).
  const pets = [];
  for (let i = 0; i < 4; i++) pets.push(await makePet(t.database.db, { name: `Fuzzy ${i}` }));
  // Open stays (something due on one, paid on the other), so deboarding and settling calls meet real boardings.
  const desk = await t.user('staff');
  const types = (await t.call({ method: 'GET', url: '/api/v1/visit/getallvisittypes', token: desk.token })).json().visitTypes;
  const typeId = (code: string) => types.find((v: { code: string }) => v.code === code)._id as string;
  for (const [pet, code, paymentType] of [
    [pets[0]!, 'hostel', 'payment_after_service'],
    [pets[1]!, 'day_care', 'advance_payment'],
  ] as const) {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/visit/${code === 'hostel' ? 'addhostelvisit' : 'adddaycarevisit'}`,
      token: desk.token,
      payload: {
        petId: pet.id,
        visitType: typeId(code),
        details: {
          numberOfDays: 2,
          discount: 0,
          finalPrice: 2000,
          selectedPaymentType: paymentType,
          selectedPayment: 'cash',
          admissionAcknowledged: true,
        },
      },
    });
    if (res.statusCode !== 201) throw new Error(`fuzz setup: ${code} stay not saved: ${res.body}`);
  }
  for (const [i, price] of [0, 0, 1500].entries()) {
    await makeItem(t.database.db, {
      itemName: `Fuzz item ${i}`,
      stock: 1_000,
      unitMinRetailNgoPaise: price,
      unitMaxRetailCustomerPaise: price,
    });
  }
});
afterAll(() => t?.close());

/** Changes per table so far (rows inserted, updated or deleted). */
async function counts(): Promise<Record<string, number>> {
  const rows = await query<{ tbl: string; n: string | number }>('select tbl, n from fuzz_changes');
  return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.n)]));
}

async function pools(): Promise<Pools> {
  const ids = new Map<string, string[]>();
  const withId = await query<{ name: string }>(
    `select table_name as name from information_schema.columns
     where table_schema = 'public' and column_name = 'id' and data_type = 'character varying'`,
  );
  for (const { name } of withId) {
    const rows = await query<{ id: string }>(`select id from "${name}" order by id desc limit 40`);
    ids.set(
      name,
      rows.map((x) => x.id),
    );
  }
  const emails = await query<{ email: string }>('select email from users order by id desc limit 20');
  return { ids, emails: emails.map((r) => r.email), today: todayIn('Asia/Kolkata') };
}

/** Fresh accounts per batch: a fuzzed admin call may have disabled or logged out the previous ones. */
async function principals(): Promise<Record<Exclude<FuzzRole, 'anonymous'>, string>> {
  const [customer, staff, admin] = [await t.user('customer'), await t.user('staff'), await t.user('staff', { isAdmin: true })];
  return { customer: customer.token, staff: staff.token, admin: admin.token };
}

const short = (s: string | undefined, n = 300) =>
  s === undefined ? '' : s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;

function describeFinding(f: Finding): string {
  const r = f.request;
  return [
    `${f.problem}: ${r.method} ${r.op.path} → ${f.status} (${r.kind}, as ${r.role})`,
    `  ${r.method} ${short(r.url, 200)}`,
    `  headers ${JSON.stringify({ ...r.headers, ...(r.authorization !== undefined ? { authorization: short(r.authorization, 40) } : {}) })}`,
    `  body ${short(JSON.stringify(r.payload))}`,
    `  answer ${short(f.body, 300)}`,
  ].join('\n');
}

it(`fuzzes every route of the OpenAPI document (${RUNS} requests): no 5xx, refusals change nothing`, async () => {
  const ops = operationsOf(t.app.swagger() as never);
  expect(ops.length).toBeGreaterThan(30);
  console.log(`fuzz: ${RUNS} requests over ${ops.length} routes, seed ${SEED} (repeat with FUZZ_SEED=${SEED})`);

  const started = performance.now();
  const findings: Finding[] = [];
  const byStatus = new Map<number, number>();
  const byKind = new Map<string, number>();
  const okByRoute = new Map<string, number>();
  const sentByRoute = new Map<string, number>();
  const changedByDesign = new Map<string, number>();
  let before = await counts();
  let countMs = 0;
  let injectMs = 0;
  const msByRoute = new Map<string, number>();
  const refusalsByRoute = new Map<string, Map<string, number>>();

  for (let b = 0; b * BATCH < RUNS; b++) {
    const tokens = await principals();
    const p = await pools();
    before = await counts();
    const size = Math.min(BATCH, RUNS - b * BATCH);
    // The first batches open with one request per route (BATCH routes a batch), so every route is tried once FUZZ_RUNS
    // reaches the number of routes, however many there are.
    const first = ops
      .slice(b * BATCH, b * BATCH + size)
      .map((op, i) => fc.sample(requestArb(op, p), { seed: SEED + b * BATCH + i, numRuns: 1 })[0]!);
    const arb = fc.oneof(...ops.map((op) => ({ weight: weight(op), arbitrary: requestArb(op, p) })));
    const requests = [...first, ...fc.sample(arb, { seed: SEED + b, numRuns: size - first.length })];

    for (const r of requests) {
      const route = `${r.method} ${r.op.path}`;
      byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + 1);
      sentByRoute.set(route, (sentByRoute.get(route) ?? 0) + 1);
      const headers = { ...r.headers };
      if (r.authorization !== undefined) headers.authorization = r.authorization;
      else if (r.role !== 'anonymous') headers.authorization = `Bearer ${tokens[r.role]}`;
      let status: number;
      let body: string;
      try {
        const i0 = performance.now();
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers,
          payload: r.payload,
          remoteAddress: r.remoteAddress,
        });
        const ms = performance.now() - i0;
        injectMs += ms;
        msByRoute.set(route, (msByRoute.get(route) ?? 0) + ms);
        status = res.statusCode;
        body = res.body;
      } catch (err) {
        findings.push({ problem: 'request failed', request: r, status: 0, body: String(err) });
        continue;
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      const c0 = performance.now();
      const after = await counts();
      countMs += performance.now() - c0;
      if (status >= 500) findings.push({ problem: '5xx', request: r, status, body });
      if (status >= 200 && status < 300) okByRoute.set(route, (okByRoute.get(route) ?? 0) + 1);
      if (status >= 400) {
        const changed = tables.filter((n) => (after[n] ?? 0) !== (before[n] ?? 0));
        for (const n of changed.filter((c) => CHANGED_BY_REFUSALS[c])) changedByDesign.set(n, (changedByDesign.get(n) ?? 0) + 1);
        const wrong = changed.filter((c) => !CHANGED_BY_REFUSALS[c]);
        if (wrong.length) findings.push({ problem: `refused but changed ${wrong.join(', ')}`, request: r, status, body });
        let parsed: { success?: unknown; message?: unknown } | undefined;
        try {
          parsed = JSON.parse(body);
        } catch {
          parsed = undefined;
        }
        if (parsed?.success !== false || typeof parsed.message !== 'string' || parsed.message === '') {
          findings.push({ problem: 'refusal without our error shape', request: r, status, body });
        } else if (r.kind === 'valid') {
          const m = refusalsByRoute.get(route) ?? new Map<string, number>();
          const errs = (parsed as { errors?: Record<string, string> }).errors;
          const why = `${status} ${parsed.message}${errs ? ` ${Object.keys(errs).join(',')}` : ''}`;
          m.set(why, (m.get(why) ?? 0) + 1);
          refusalsByRoute.set(route, m);
        }
        if (status === 400 && parsed?.message === LATE_REFUSAL) {
          findings.push({ problem: 'refused by the database, not by the schema', request: r, status, body });
        }
      }
      before = after;
    }
  }

  const seconds = (performance.now() - started) / 1000;
  const topRefusals = (route: string) =>
    [...(refusalsByRoute.get(route) ?? [])]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 3)
      .map(([m, n]) => `${n}× ${m.slice(0, 140)}`)
      .join(' | ');
  const neverOk = ops
    .map((o) => `${o.method} ${o.path}`)
    .filter((r) => !okByRoute.has(r))
    .map((r) => `\n    ${r}: ${topRefusals(r)}`)
    .join('');
  const sent = [...byStatus.values()].reduce((a, n) => a + n, 0);
  const fiveXX = [...byStatus].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  console.log(
    [
      `fuzz: ${sent} requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), ${fiveXX} answers 5xx, seed ${SEED}`,
      `  time: counting ${(countMs / 1000).toFixed(1)} s, requests ${(injectMs / 1000).toFixed(1)} s`,
      `  by status: ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
      `  by kind: ${[...byKind]
        .sort(([, a], [, b]) => b - a)
        .map(([k, n]) => `${k}×${n}`)
        .join(' ')}`,
      `  refusals that changed a table by design: ${[...changedByDesign].map(([n, c]) => `${n} ×${c} (${CHANGED_BY_REFUSALS[n]})`).join('; ') || 'none'}`,
      `  slowest routes: ${[...msByRoute]
        .sort(([, a], [, b]) => b - a)
        .slice(0, 5)
        .map(([r, ms]) => `${r} ${(ms / 1000).toFixed(1)} s`)
        .join('; ')}`,
      `  routes never answered 2xx (most frequent refusals of their valid-ish requests): ${neverOk || 'none'}`,
    ].join('\n'),
  );
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.problem} ${f.request.method} ${f.request.op.path} ${f.status}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const report = [...groups.values()].map((fs) => `${fs.length}× ${describeFinding(fs[0]!)}`).join('\n\n');
  expect(findings.length, `seed ${SEED}:\n${report}`).toBe(0);
  if (RUNS >= ops.length) expect(ops.filter((o) => !sentByRoute.has(`${o.method} ${o.path}`)).map((o) => o.path)).toEqual([]);
}, 3_600_000);
