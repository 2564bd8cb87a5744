/**
 * Monitoring (issue 22): /api/health's outbox backlog and last daily package charge, and /metrics (Prometheus text,
 * per-app registry, METRICS_TOKEN).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePet } from '../../test/factories.ts';
import { createTestApp, type TestApp, useTestApp } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { runDailyJobs } from '../jobs/daily.ts';
import { deliverDue } from '../jobs/outbox.ts';
import { JOB_IDS, JobRuns } from '../lib/job-runs.ts';
import { bearerMatches } from '../lib/bearer.ts';

const TOKEN = randomBytes(24).toString('hex');
const pg = Boolean(process.env.DATABASE_URL);

/** Queues an outbox message created `ageSeconds` ago. */
async function queue(db: Db, ageSeconds: number, status = 'queued') {
  await db.insert(notifications).values({
    toAddress: 'owner@example.in',
    subject: 'Reminder',
    body: 'Hello',
    kind: 'test',
    status,
    dedupeKey: `test:${randomBytes(6).toString('hex')}`,
    createdAt: new Date(Date.now() - ageSeconds * 1000),
  });
}

/** A database whose every statement fails (a job run against it fails). */
const brokenDb = new Proxy(
  {},
  {
    get() {
      throw new Error('database unavailable');
    },
  },
) as Db;

describe('GET /api/health', () => {
  const t = useTestApp();

  it('keeps status and database, and reports an empty outbox and no daily run yet', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: pg ? 'postgres' : 'pglite',
      outbox: { pending: 0, oldestPendingSeconds: null, failed: 0 },
      dailyPackageCharge: {
        lastRunAt: null,
        outcome: null,
        lastSuccessAt: null,
        durationMs: null,
        runs: 0,
        failures: 0,
      },
    });
  });

  it('reports the outbox backlog: pending messages, the oldest one’s age, and failed ones', async () => {
    await queue(t.database.db, 300);
    await queue(t.database.db, 60, 'sending');
    await queue(t.database.db, 10_000, 'failed');
    await queue(t.database.db, 20_000, 'sent');
    const { outbox } = (await t.call({ method: 'GET', url: '/api/health' })).json();
    expect(outbox.pending).toBe(2);
    expect(outbox.failed).toBe(1);
    expect(outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(300);
    expect(outbox.oldestPendingSeconds).toBeLessThan(330);
  });

  it('reports the last daily package charge run of this instance: when, how it ended, the last success', async () => {
    const before = Date.now();
    await runDailyJobs(t.app.appContext);
    const ok = (await t.call({ method: 'GET', url: '/api/health' })).json().dailyPackageCharge;
    expect(ok).toMatchObject({ outcome: 'ok', runs: 1, failures: 0 });
    expect(Date.parse(ok.lastRunAt)).toBeGreaterThanOrEqual(before);
    expect(ok.lastSuccessAt).toBe(ok.lastRunAt);
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);

    // A run that fails (the database refuses): the outcome says so, the last success stays.
    await runDailyJobs({ ...t.app.appContext, db: brokenDb });
    const failed = (await t.call({ method: 'GET', url: '/api/health' })).json().dailyPackageCharge;
    expect(failed).toMatchObject({ outcome: 'failed', runs: 2, failures: 1, lastSuccessAt: ok.lastSuccessAt });
    expect(Date.parse(failed.lastRunAt)).toBeGreaterThanOrEqual(Date.parse(ok.lastRunAt));
  });

  it('answers 503 with the same fields when the database does not answer', async () => {
    const app = t.app;
    const { db } = app.appContext;
    app.appContext.db = brokenDb;
    try {
      const res = await t.call({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: pg ? 'postgres' : 'pglite' });
    } finally {
      app.appContext.db = db;
    }
  });
});

describe('job runs (lib/job-runs.ts)', () => {
  it('counts runs and failures and passes results and errors through', async () => {
    const jobs = new JobRuns();
    expect(jobs.get('x')).toBeNull();
    await expect(jobs.run('x', async () => 42)).resolves.toBe(42);
    await expect(jobs.run('x', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(jobs.get('x')).toMatchObject({ runs: 2, failures: 1, lastOutcome: 'failed' });
    expect(jobs.get('x')?.lastSuccessAt).not.toBeNull();
  });
});

describe('bearer tokens (lib/bearer.ts)', () => {
  it('accepts exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', '')).toBe(false);
  });
});

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404, whatever the token', async () => {
    const off = await createTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await off.call({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json().success).toBe(false);
      }
      // Not in the OpenAPI document (so not an API route the matrix must list).
      expect(Object.keys((off.app.swagger() as { paths: object }).paths)).not.toContain('/metrics');
    } finally {
      await off.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let other: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ metricsToken: TOKEN });
      // A second app in the same process: each has its own registry (the global one would refuse the second).
      other = await createTestApp({ metricsToken: `${TOKEN}-other` });
    });
    afterAll(async () => {
      await t?.close();
      await other?.close();
    });

    const scrape = (app: TestApp, token: string) =>
      app.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

    it('refuses a scrape without the token or with a wrong one (401)', async () => {
      for (const headers of [
        {},
        // The token with its last character changed (a fixed replacement would leave one token in 16 unchanged).
        { authorization: `Bearer ${TOKEN.slice(0, -1)}${TOKEN.endsWith('0') ? '1' : '0'}` },
        { authorization: `Bearer ${TOKEN}-other` },
        { authorization: TOKEN },
      ]) {
        const res = await t.call({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toContain('http_request_duration_seconds');
      }
    });

    it('answers Prometheus text: request durations by method, route pattern and status, never a raw URL', async () => {
      const staff = await t.user('staff');
      const pet = await makePet(t.database.db, { name: 'Metric Bruno' });
      expect((await t.call({ method: 'GET', url: `/api/v1/pet/getpetdetails/${pet.id}`, token: staff.token })).statusCode).toBe(
        200,
      );
      await t.call({ method: 'GET', url: '/api/health' });
      await t.call({ method: 'GET', url: '/api/health' });
      const secret = `nope-${randomBytes(4).toString('hex')}`;
      expect((await t.call({ method: 'GET', url: `/api/v1/${secret}?email=a@b.in` })).statusCode).toBe(404);

      const res = await scrape(t, TOKEN);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/pet\/getpetdetails\/:id",status_code="200"\} 1$/m,
      );
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 2$/m);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health"/m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status_code="404"\} 1$/m);
      expect(text).not.toContain(pet.id);
      expect(text).not.toContain(secret);
      // Node's default process metrics.
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
      // The other app's registry saw none of these requests.
      const theirs = (await scrape(other, `${TOKEN}-other`)).body;
      expect(theirs).not.toContain('getpetdetails');
    });

    it('reports the outbox backlog, read at the scrape', async () => {
      await queue(t.database.db, 120);
      await queue(t.database.db, 30);
      await queue(t.database.db, 5000, 'failed');
      let text = (await scrape(t, TOKEN)).body;
      expect(text).toMatch(/^pawdesk_outbox_pending_messages 2$/m);
      expect(text).toMatch(/^pawdesk_outbox_failed_messages 1$/m);
      const age = Number(/^pawdesk_outbox_oldest_pending_age_seconds (\S+)$/m.exec(text)?.[1]);
      expect(age).toBeGreaterThanOrEqual(120);
      expect(age).toBeLessThan(150);
      expect(text).toMatch(/^pawdesk_database_up 1$/m);
      // Sent: the backlog is gone at the next scrape.
      await deliverDue(t.database.db, { name: 'test', send: async () => {} });
      text = (await scrape(t, TOKEN)).body;
      expect(text).toMatch(/^pawdesk_outbox_pending_messages 0$/m);
      expect(text).toMatch(/^pawdesk_outbox_oldest_pending_age_seconds 0$/m);
    });

    it('reports the database pool', async () => {
      const text = (await scrape(t, TOKEN)).body;
      if (pg) {
        expect(Number(/^pawdesk_db_pool_connections (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
        expect(text).toMatch(/^pawdesk_db_pool_max_connections 20$/m);
        expect(text).toMatch(/^pawdesk_db_pool_idle_connections \d+$/m);
        expect(text).toMatch(/^pawdesk_db_pool_waiting_clients 0$/m);
      } else {
        // PGlite: one in-process connection, no idle or waiting count to give.
        expect(text).toMatch(/^pawdesk_db_pool_connections 1$/m);
        expect(text).toMatch(/^pawdesk_db_pool_max_connections 1$/m);
        expect(text).not.toContain('pawdesk_db_pool_idle_connections');
      }
    });

    it('reports job runs: runs, failures, the last run and the last success', async () => {
      await runDailyJobs(t.app.appContext);
      await runDailyJobs(t.app.appContext);
      await runDailyJobs({ ...t.app.appContext, db: brokenDb });
      const text = (await scrape(t, TOKEN)).body;
      const job = JOB_IDS.packageDays;
      expect(text).toMatch(new RegExp(`^pawdesk_job_runs_total\\{job="${job}"\\} 3$`, 'm'));
      expect(text).toMatch(new RegExp(`^pawdesk_job_failures_total\\{job="${job}"\\} 1$`, 'm'));
      expect(text).toMatch(/^pawdesk_job_runs_total\{job="subscription-expiry"\} 3$/m);
      const last = Number(new RegExp(`^pawdesk_job_last_run_timestamp_seconds\\{job="${job}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
      expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
      expect(text).toMatch(new RegExp(`^pawdesk_job_last_success_timestamp_seconds\\{job="${job}"\\} \\S+$`, 'm'));
      // Counted again from the recorder at each scrape, not added up.
      expect((await scrape(t, TOKEN)).body).toMatch(new RegExp(`^pawdesk_job_runs_total\\{job="${job}"\\} 3$`, 'm'));
    });
  });
});
