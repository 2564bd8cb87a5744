import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../lib/context.ts';
import { JOB_IDS } from '../lib/job-runs.ts';
import { safeError } from '../lib/log-safe.ts';
import { outbox } from '../modules/notifications/notifications.service.ts';

const outboxHealth = z.object({
  /** Messages not sent yet that will still be tried (queued, or being sent). */
  pending: z.number().int(),
  /** Age of the oldest of them in whole seconds; null when none is pending. */
  oldestPendingSeconds: z.number().int().nullable(),
  /** Messages the worker gave up on (staff can retry them from the sent messages). */
  failed: z.number().int(),
});

const jobHealth = z.object({
  /** When this instance's last run ended (ISO 8601); null: it has not run since the start. */
  lastRunAt: z.string().nullable(),
  outcome: z.enum(['ok', 'failed']).nullable(),
  /** When a run last succeeded. */
  lastSuccessAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
});

const healthy = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  outbox: outboxHealth,
  /** The daily package charge (jobs/daily.ts) as run by this instance. */
  dailyPackageCharge: jobHealth,
});

const unhealthy = z.object({
  status: z.literal('error'),
  database: z.enum(['pglite', 'postgres']),
  message: z.string(),
});

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * `GET /api/health` (docs/operations.md, "Monitoring"): checks the database (503 when it does not answer) and reports
 * the outbox backlog (one indexed statement, see notifications.repo.ts `backlog`) and this instance's last daily
 * package charge run (in memory, lib/job-runs.ts). Open to anyone: counts and times only, no records, no errors.
 */
export const healthPlugin: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Checks the database; reports the outbox backlog and the last daily package charge run of this instance',
        response: { 200: healthy, 503: unhealthy },
      },
    },
    async (req, reply) => {
      let backlog: Awaited<ReturnType<typeof outbox.backlog>>;
      try {
        backlog = await outbox.backlog(ctx.db);
      } catch (err) {
        req.log.error({ err: safeError(err) }, 'health: the database does not answer');
        return reply.code(503).send({ status: 'error' as const, database: ctx.dbKind, message: 'The database does not answer' });
      }
      const charge = ctx.jobs?.get(JOB_IDS.packageDays);
      return {
        status: 'ok' as const,
        database: ctx.dbKind,
        outbox: {
          pending: backlog.pending,
          oldestPendingSeconds: backlog.oldestPendingAt
            ? Math.max(0, Math.floor((Date.now() - backlog.oldestPendingAt.getTime()) / 1000))
            : null,
          failed: backlog.failed,
        },
        dailyPackageCharge: {
          lastRunAt: iso(charge?.lastFinishedAt),
          outcome: charge?.lastOutcome ?? null,
          lastSuccessAt: iso(charge?.lastSuccessAt),
          durationMs: charge?.lastDurationMs ?? null,
          runs: charge?.runs ?? 0,
          failures: charge?.failures ?? 0,
        },
      };
    },
  );
};
