/**
 * The crash test (issue 22): the real server on its own database, a concurrent write load through the API, SIGKILL
 * at a random moment, a restart on the same database, the unanswered writes sent again with their keys, and so on
 * for `cycles` cycles; then every acknowledged write is looked for and the database is checked (./verify.ts).
 *
 *   npm run test:crash -- --db pg --cycles 3        (PostgreSQL: a new database beside DATABASE_URL's, dropped after)
 *   npm run test:crash -- --db pglite --cycles 3    (the embedded database: a new data directory, removed after)
 *
 * A data directory PGlite cannot open again after a kill stops the run with the server's output, and keeps the
 * directory (its path is printed) so the failure can be reproduced.
 */
import pg from 'pg';
import { call, DEMO_STAFF, login } from './api.ts';
import { advanceClock, Load, prepareWorld, retryUnanswered, runWorkers } from './load.ts';
import {
  type DbKind,
  newStore,
  prepareStore,
  type RunningServer,
  type StoreTemplates,
  startServer,
  type Store,
} from './server.ts';
import { snapshotIds, type Verdict, verify } from './verify.ts';

export interface CrashOptions {
  db: DbKind;
  cycles: number;
  port: number;
  /** Concurrent writers. */
  workers?: number;
  /** The kill comes this many seconds into a cycle's load, at random between the two. */
  killAfter?: [number, number];
  /** Customers with a dog each, and more for boarding packages. */
  owners?: number;
  packageOwners?: number;
  /** Keep the database or data directory afterwards. */
  keep?: boolean;
  /** Migrated copies to start from (the vitest run's templates). */
  templates?: StoreTemplates;
  /**
   * When the kill comes: at a random moment (default), or, on PostgreSQL, the moment a write has committed and its
   * answer is not stored yet (an Idempotency-Key claimed without an answer: the narrow window a random kill rarely
   * hits; the random moment is the latest it comes).
   */
  killAt?: 'random' | 'answer-window';
  log?: (line: string) => void;
}

export interface CycleStats {
  cycle: number;
  sent: number;
  acknowledged: number;
  inFlightAtKill: number;
  killAfterMs: number;
  restartMs: number;
  retried: number;
  /** Retries answered from the stored answer (the first attempt had committed). */
  replayed: number;
  /** Fixture owners the restarted server no longer finds (GET /wallet/owner/:id 404): acknowledged, then lost. */
  ownersMissing: number;
}

export interface CrashResult {
  db: DbKind;
  cycles: CycleStats[];
  verdict: Verdict;
  writes: number;
  acknowledged: number;
  refused: number;
  answerLost: number;
  refusals: string[];
  notes: string[];
  /** Median and 95th percentile time of an acknowledged write (ms). */
  latency: { p50: number; p95: number };
  /** The store could not be opened again after a kill: the server's output. */
  reopenFailure?: { cycle: number; output: string; where: string };
  where: string;
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

export async function runCrashTest(o: CrashOptions): Promise<CrashResult> {
  const t0 = Date.now();
  const say = o.log ?? (() => {});
  const log = (line: string) => say(`${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  const workers = o.workers ?? 6;
  const [killMin, killMax] = o.killAfter ?? [3, 10];
  const store: Store = await newStore(o.db, 'crash', o.templates);
  log(`${o.db}: ${store.where}`);
  let server: RunningServer | null = null;
  let keep = o.keep ?? false;
  try {
    // The schema and the demo data, and what exists before the load (the fixtures below add none of the rows the
    // checks match with answers: owners, pets, items).
    const before = await prepareStore(store, snapshotIds);
    log('schema and demo data in place');
    server = await startServer({ port: o.port, store, name: `the ${o.db} server` });
    log('server started');
    const token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    const world = await prepareWorld(server.url, token, o.owners ?? 24, o.packageOwners ?? 6);
    log(`fixtures: ${world.owners.length} owners with a dog, 2 stock items, GST on grooming and the collar`);
    const load = new Load(world);
    const cycles: CycleStats[] = [];
    for (let c = 1; c <= o.cycles; c++) {
      load.cycle = c;
      const sentBefore = load.ops.length;
      const ackedBefore = load.count('acked');
      let stop = false;
      const cycleStart = Date.now();
      const running = runWorkers(load, workers, () => stop);
      const killAfterMs = Math.round(rand(killMin, killMax) * 1000);
      // The day moves once per cycle, in the middle of the load: the daily package charge runs under the load.
      const clock = (async () => {
        await sleep(killAfterMs * rand(0.2, 0.7));
        if (await advanceClock(world, 1)) world.dayOffset++;
      })();
      await (o.killAt === 'answer-window' && o.db === 'pg' ? untilAnswerWindow(store, killAfterMs) : sleep(killAfterMs));
      const inFlight = load.ops.filter((op) => op.state === 'sent').length;
      const killedAfterMs = Date.now() - cycleStart;
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        // Not our kill: the server stopped by itself under the load (a crash, the OOM killer). Worth knowing.
        const note = `cycle ${c}: the server had already exited (${server.child.signalCode ?? server.child.exitCode}) before the kill; its last output:\n${server.output().slice(-3000)}`;
        load.notes.push(note);
        log(note);
      }
      await server.kill();
      stop = true;
      await Promise.all([running, clock]);
      for (const op of load.ops) if (op.state === 'sent') op.state = 'unknown';
      const r0 = Date.now();
      try {
        server = await startServer({ port: o.port, store, name: `the ${o.db} server` });
      } catch (err) {
        keep = true;
        const output = (err as Error).message;
        log(`cycle ${c}: the ${o.db} database could not be opened again after the kill`);
        return {
          db: o.db,
          cycles,
          verdict: emptyVerdict(),
          writes: load.ops.length,
          acknowledged: load.count('acked'),
          refused: load.count('refused'),
          answerLost: load.count('answer_lost'),
          refusals: [],
          notes: load.notes,
          latency: latencyOf(load),
          reopenFailure: { cycle: c, output, where: store.where },
          where: store.where,
          seconds: (Date.now() - t0) / 1000,
        };
      }
      const restartMs = Date.now() - r0;
      world.token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
      // Right after the restart: is every fixture owner (acknowledged before the first kill) still there?
      let ownersMissing = 0;
      for (const w of world.owners) {
        const r = await call(server.url, 'GET', `/wallet/owner/${w.id}`, undefined, { token: world.token });
        if (r.status === 404) ownersMissing++;
      }
      if (ownersMissing)
        log(`cycle ${c}: after the restart ${ownersMissing} of ${world.owners.length} fixture owners are not found`);
      // The test clock lives in the process: the restarted server is put back on the load's day.
      if (world.dayOffset > 0 && !(await advanceClock(world, world.dayOffset))) throw new Error('clock after restart');
      const unknown = load.ops.filter((op) => op.state === 'unknown');
      const { retried } = await retryUnanswered(load);
      const stats: CycleStats = {
        cycle: c,
        sent: load.ops.length - sentBefore,
        acknowledged: load.count('acked') - ackedBefore,
        inFlightAtKill: inFlight,
        killAfterMs: killedAfterMs,
        restartMs,
        retried,
        replayed: unknown.filter((op) => op.state === 'acked' && op.replayed).length,
        ownersMissing,
      };
      cycles.push(stats);
      log(
        `cycle ${c}: killed after ${(killAfterMs / 1000).toFixed(1)} s with ${inFlight} writes in flight; ` +
          `restarted in ${(restartMs / 1000).toFixed(1)} s; ${retried} sent again (${stats.replayed} answered from the first attempt)`,
      );
    }
    // The end: what the desk sees of each wallet, and the business day reached.
    const walletsByApi = new Map<string, number>();
    for (const w of world.owners) {
      const r = await call(server.url, 'GET', `/wallet/owner/${w.id}`, undefined, { token: world.token });
      // An owner the API no longer finds is a lost write (the checks list it); any other failure stops the run.
      if (r.status === 404) continue;
      if (r.status !== 200) throw new Error(`wallet of ${w.id}: ${r.status} ${r.text}`);
      walletsByApi.set(w.id, r.json.wallet.balance);
    }
    const clock = await call(server.url, 'GET', '/test/clock', undefined, { token: world.token });
    log('wallets read; stopping the server');
    await server.stop();
    server = null;
    const d = await store.open();
    let verdict: Verdict;
    try {
      verdict = await verify(d, { load, before, walletsByApi, today: clock.json.today, world });
    } finally {
      await d.close();
    }
    log('checked');
    const failed = verdict.lostCount + verdict.halfWrittenCount + verdict.reconciliationPaise + verdict.gapCount > 0;
    // A failed check keeps the database or directory (its place is in the report).
    if (failed) keep = true;
    return {
      db: o.db,
      cycles,
      verdict,
      writes: load.ops.length,
      acknowledged: load.count('acked'),
      refused: load.count('refused'),
      answerLost: load.count('answer_lost'),
      refusals: load.ops
        .filter((op) => op.state === 'refused')
        .map((op) => `${op.kind} #${op.n}: ${op.status} ${JSON.stringify(op.answer?.message ?? op.answer)}`.slice(0, 200)),
      notes: load.notes,
      latency: latencyOf(load),
      where: store.where,
      seconds: (Date.now() - t0) / 1000,
    };
  } catch (err) {
    // Keep the database or directory to look at what happened.
    keep = true;
    log(`stopped by an error; kept ${store.where}`);
    throw err;
  } finally {
    await server?.kill();
    await store.dispose(keep);
  }
}

/** Waits (up to `ms`) until a committed write's answer is not stored yet: a key claimed without an answer. */
async function untilAnswerWindow(store: Store, ms: number): Promise<void> {
  const url = store.env.DATABASE_URL!;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const until = Date.now() + ms;
  try {
    // Keys left without an answer by an earlier kill are not the window.
    const old = new Set((await c.query('select id from idempotency_keys where status_code is null')).rows.map((r) => r.id));
    while (Date.now() < until) {
      const r = await c.query('select id from idempotency_keys where status_code is null');
      if (r.rows.some((x) => !old.has(x.id))) return;
      await sleep(2);
    }
  } finally {
    await c.end();
  }
}

function latencyOf(load: Load): CrashResult['latency'] {
  const ms = load.ops
    .filter((op) => op.state === 'acked' && op.ms !== undefined)
    .map((op) => op.ms!)
    .sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

function emptyVerdict(): Verdict {
  return {
    acknowledged: 0,
    lost: [],
    halfWritten: [],
    reconciliation: [],
    series: [],
    unacknowledged: {},
    keysWithoutAnswer: 0,
    lostCount: 0,
    halfWrittenCount: 0,
    reconciliationPaise: 0,
    gapCount: 0,
  };
}

/** The result as the table the issue asks for, and the details under it. */
export function report(r: CrashResult): string {
  const v = r.verdict;
  const lines: string[] = [];
  const db = r.db === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)';
  lines.push(`\nCrash test on ${db}: ${r.cycles.length} cycles in ${r.seconds.toFixed(0)} s (${r.where})`);
  if (r.reopenFailure) {
    lines.push(`FINDING: the database could not be opened again after the kill of cycle ${r.reopenFailure.cycle}.`);
    lines.push(r.reopenFailure.output.slice(-3000));
    return lines.join('\n');
  }
  lines.push('');
  lines.push(
    '| cycle | writes sent | acknowledged | in flight at the kill | sent again | answered from the first attempt | restart |',
  );
  lines.push('|---|---|---|---|---|---|---|');
  for (const c of r.cycles) {
    lines.push(
      `| ${c.cycle} | ${c.sent} | ${c.acknowledged} | ${c.inFlightAtKill} | ${c.retried} | ${c.replayed} | ${(c.restartMs / 1000).toFixed(1)} s |`,
    );
  }
  lines.push('');
  lines.push('| database | cycles | acknowledged writes | lost | half-written | reconciliation (paise) | series gaps |');
  lines.push('|---|---|---|---|---|---|---|');
  lines.push(
    `| ${db} | ${r.cycles.length} | ${v.acknowledged} | ${v.lostCount} | ${v.halfWrittenCount} | ${v.reconciliationPaise} | ${v.gapCount} |`,
  );
  lines.push('');
  lines.push(
    `Writes: ${r.writes} sent, ${r.acknowledged} acknowledged, ${r.refused} refused (4xx), ${r.answerLost} done whose answer was lost in the kill (409 'done, answer lost' with its ledger rows after the restart).`,
  );
  lines.push(`Time of an acknowledged write: median ${r.latency.p50} ms, 95th percentile ${r.latency.p95} ms.`);
  lines.push(
    `Rows of writes never acknowledged: ${JSON.stringify(v.unacknowledged)}; keys taken without a stored answer: ${v.keysWithoutAnswer}.`,
  );
  lines.push(`Series: ${v.series.map((s) => `${s.series} 1..${s.last} (${s.count}, counter ${s.counter ?? '-'})`).join('; ')}`);
  for (const f of v.lost) lines.push(`LOST: ${f.check}`);
  for (const f of v.halfWritten) lines.push(`HALF-WRITTEN: ${f.check}: ${f.count} ${JSON.stringify(f.sample).slice(0, 400)}`);
  for (const x of v.reconciliation) {
    lines.push(
      `reconciliation: ${x.check}: ${x.paise} paise over ${x.rows} rows${x.rows ? ` ${JSON.stringify(x.sample).slice(0, 300)}` : ''}`,
    );
  }
  for (const s of v.series.filter((s) => s.gaps || (s.counter !== null && s.counter !== s.last))) {
    lines.push(`SERIES: ${s.series}: ${s.count} numbers up to ${s.last}, counter ${s.counter}`);
  }
  const refusals = new Map<string, number>();
  for (const x of r.refusals) refusals.set(x.replace(/#\d+/, ''), (refusals.get(x.replace(/#\d+/, '')) ?? 0) + 1);
  for (const [x, n] of refusals) lines.push(`refused ×${n}: ${x}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  return lines.join('\n');
}

/** True when every check passed. */
export const passed = (r: CrashResult) =>
  !r.reopenFailure &&
  r.verdict.lostCount === 0 &&
  r.verdict.halfWrittenCount === 0 &&
  r.verdict.reconciliationPaise === 0 &&
  r.verdict.gapCount === 0;
