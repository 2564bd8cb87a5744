/**
 * Issue 22, crash safety: one crash cycle on the database of this run (PGlite, or PostgreSQL when DATABASE_URL is
 * set). The real server (`src/main.ts`) takes a concurrent write load through the API (visits paid in cash and from
 * the wallet, shop sales and prescriptions from stock, cancellations with refunds, stays boarded and deboarded,
 * subscriptions, wallet top-ups, boarding packages and their daily charge), is killed with SIGKILL mid-load and
 * started again on the same database; the writes that got no answer are sent again with their Idempotency-Keys.
 * Then every acknowledged write must be there, nothing half-written, the ledger reconciled with every priced record
 * to the paisa, wallets and stock equal to their rows, and every document series gap-free (test/crash/verify.ts).
 * `npm run test:crash -- --db pg|pglite --cycles 3` runs more cycles and prints the table.
 */
import { expect, inject, it } from 'vitest';
import { passed, report, runCrashTest } from './crash/crash.ts';
import { freePort } from './crash/server.ts';

const db = process.env.DATABASE_URL ? 'pg' : 'pglite';

it(`one crash cycle on ${db}: every acknowledged write is there, nothing half-written, reconciled`, {
  timeout: 300_000,
}, async () => {
  const r = await runCrashTest({
    db,
    cycles: 1,
    port: await freePort(),
    workers: 4,
    killAfter: [3, 6],
    owners: 10,
    packageOwners: 3,
    // The run's migrated templates (global-setup.ts): a new PGlite data directory would spend its time in initdb.
    templates: db === 'pg' ? { pg: inject('pgTemplate') } : { pglite: inject('pgliteTemplate') },
    log: (line) => console.log(line),
  });
  const text = report(r);
  console.log(text);
  expect(r.reopenFailure, text).toBeUndefined();
  expect(r.verdict.acknowledged, text).toBeGreaterThan(0);
  expect(passed(r), text).toBe(true);
});
