import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { bearerMatches } from '../lib/bearer.ts';
import type { AppContext } from '../lib/context.ts';
import { safeError } from '../lib/log-safe.ts';
import { outbox } from '../modules/notifications/notifications.service.ts';

export interface MetricsOptions {
  ctx: AppContext;
  database: Pick<Database, 'poolStats'>;
  /** METRICS_TOKEN: absent, `/metrics` answers 404 and nothing is measured. */
  token?: string;
}

/** Request durations in seconds: most answers take milliseconds; the PDF, export and import routes take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: never its URL (unbounded, and it may hold personal data). */
export const UNMATCHED_ROUTE = '(unmatched)';

const notFoundAnswer = (reply: FastifyReply) => reply.code(404).send({ success: false, message: 'Route GET /metrics not found' });

/**
 * `GET /metrics` in Prometheus's text format (prom-client; docs/operations.md, "Monitoring"), on a registry of this
 * app instance's own (several apps share one process in tests): request durations by method, route pattern and
 * status; the outbox backlog, the database pool and the background jobs, read when scraped; Node's default process
 * metrics. Off (404) without METRICS_TOKEN; with it, a scrape must send `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise). Hidden from the OpenAPI document: it is not part of the API.
 */
async function metrics(app: FastifyInstance, opts: MetricsOptions) {
  const { token, ctx, database } = opts;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, (_req, reply) => notFoundAnswer(reply));
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const outboxPending = new Gauge({
    name: 'pawdesk_outbox_pending_messages',
    help: 'Outbox messages not sent yet that will still be tried (queued or being sent)',
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'pawdesk_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox message (0 when none is pending)',
    registers: [registry],
  });
  const outboxFailed = new Gauge({
    name: 'pawdesk_outbox_failed_messages',
    help: 'Outbox messages the worker gave up on',
    registers: [registry],
  });
  const outboxUp = new Gauge({
    name: 'pawdesk_database_up',
    help: '1 when the database answered the scrape’s outbox query, 0 when it did not',
    registers: [registry],
  });

  const stats = database.poolStats?.();
  const pool = {
    total: new Gauge({
      name: 'pawdesk_db_pool_connections',
      help: 'Database connections open in the pool (the embedded PGlite database is one in-process connection)',
      registers: [registry],
    }),
    max: new Gauge({
      name: 'pawdesk_db_pool_max_connections',
      help: 'The size limit of the database pool',
      registers: [registry],
    }),
    idle:
      stats?.idle === undefined
        ? null
        : new Gauge({ name: 'pawdesk_db_pool_idle_connections', help: 'Idle connections in the pool', registers: [registry] }),
    waiting:
      stats?.waiting === undefined
        ? null
        : new Gauge({
            name: 'pawdesk_db_pool_waiting_clients',
            help: 'Queries waiting for a connection of the pool',
            registers: [registry],
          }),
  };

  const jobLabels = ['job'] as const;
  const jobs = {
    runs: new Counter({
      name: 'pawdesk_job_runs_total',
      help: 'Background job runs of this instance (finished, successful or not)',
      labelNames: jobLabels,
      registers: [registry],
    }),
    failures: new Counter({
      name: 'pawdesk_job_failures_total',
      help: 'Background job runs that failed',
      labelNames: jobLabels,
      registers: [registry],
    }),
    lastRun: new Gauge({
      name: 'pawdesk_job_last_run_timestamp_seconds',
      help: 'When the last run of the job ended (Unix time)',
      labelNames: jobLabels,
      registers: [registry],
    }),
    lastSuccess: new Gauge({
      name: 'pawdesk_job_last_success_timestamp_seconds',
      help: 'When a run of the job last succeeded (Unix time)',
      labelNames: jobLabels,
      registers: [registry],
    }),
    lastDuration: new Gauge({
      name: 'pawdesk_job_last_duration_seconds',
      help: 'How long the last run of the job took',
      labelNames: jobLabels,
      registers: [registry],
    }),
  };

  /** Reads what is measured at scrape time: the outbox backlog (one indexed query), the pool, the jobs. */
  async function collect(req: FastifyRequest) {
    try {
      const b = await outbox.backlog(ctx.db);
      outboxPending.set(b.pending);
      outboxFailed.set(b.failed);
      outboxOldest.set(b.oldestPendingAt ? Math.max(0, (Date.now() - b.oldestPendingAt.getTime()) / 1000) : 0);
      outboxUp.set(1);
    } catch (err) {
      req.log.error({ err: safeError(err) }, 'metrics: the outbox backlog could not be read');
      outboxUp.set(0);
    }
    const s = database.poolStats?.();
    if (s) {
      pool.total.set(s.total);
      pool.max.set(s.max);
      if (s.idle !== undefined) pool.idle?.set(s.idle);
      if (s.waiting !== undefined) pool.waiting?.set(s.waiting);
    }
    // The counts are kept by lib/job-runs.ts: the counters are set to them (reset, then increased by the count).
    jobs.runs.reset();
    jobs.failures.reset();
    for (const [job, st] of ctx.jobs?.all() ?? []) {
      jobs.runs.inc({ job }, st.runs);
      jobs.failures.inc({ job }, st.failures);
      if (st.lastFinishedAt) jobs.lastRun.set({ job }, st.lastFinishedAt.getTime() / 1000);
      if (st.lastSuccessAt) jobs.lastSuccess.set({ job }, st.lastSuccessAt.getTime() / 1000);
      if (st.lastDurationMs !== null) jobs.lastDuration.set({ job }, st.lastDurationMs / 1000);
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ success: false, message: 'A valid metrics token is required (Authorization: Bearer METRICS_TOKEN)' });
    }
    await collect(req);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export const metricsPlugin = fp(metrics, { name: 'pawdesk-metrics' });
