import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { JOB_IDS } from '../lib/job-runs.ts';
import { remindReservations } from '../modules/reservations/reservations.service.ts';
import { chargePackageDays } from '../modules/sales/package-daily.service.ts';
import { expireSubscriptions, warnExpiringSubscriptions } from '../modules/subscriptions/subscription-expiry.service.ts';

/**
 * The business's daily jobs: a boarding package's day charged from the wallet, subscriptions past their validity
 * made inactive, owners warned of a subscription running out. Each job works out what is due from the business
 * clock (`ctx.clock`) and the database, so it is idempotent (a unique key per thing and day: two app instances or
 * a restart never do a day twice) and catches up on days missed while the server was down. The scheduler runs
 * them shortly after start and then every `intervalMs`; a test server runs them after its clock moves.
 */
export interface DailyJob {
  /** Short and stable: the job's label in /metrics (lib/job-runs.ts). */
  id: string;
  name: string;
  run(ctx: AppContext): Promise<unknown>;
}

/** The jobs, in the order they run (a package's charges before the warnings that read the balance). */
export const DAILY_JOBS: DailyJob[] = [
  { id: JOB_IDS.packageDays, name: 'boarding package days', run: chargePackageDays },
  { id: 'subscription-expiry', name: 'subscriptions past their validity', run: expireSubscriptions },
  { id: 'subscription-warnings', name: 'subscriptions running out (owner emails)', run: warnExpiringSubscriptions },
  { id: 'reservation-reminders', name: 'reservations checking in tomorrow (owner reminders)', run: remindReservations },
];

/** Runs every job once; a job that fails is logged and the next still runs. Each run is recorded in `ctx.jobs`. */
export async function runDailyJobs(ctx: AppContext, log?: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
  for (const job of DAILY_JOBS) {
    try {
      await (ctx.jobs ? ctx.jobs.run(job.id, () => job.run(ctx)) : job.run(ctx));
    } catch (err) {
      log?.error({ err, job: job.name }, 'daily job failed');
    }
  }
}

export interface DailyJobsHandle {
  /** Runs the jobs now (after the clock moved); resolves when this run ends. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the daily jobs now and every `intervalMs` (default one minute: a day's work is found within a minute of
 * midnight in the business time zone). Runs never overlap.
 */
export function startDailyJobs(ctx: AppContext, log: FastifyBaseLogger, intervalMs = 60_000): DailyJobsHandle {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = () => {
    if (!running) {
      running = runDailyJobs(ctx, log).finally(() => {
        running = null;
      });
    }
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runNow();
  }, intervalMs);
  timer.unref();
  void runNow();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
