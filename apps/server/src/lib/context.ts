import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { JobRuns } from './job-runs.ts';
import type { Database, Db } from '../db/client.ts';
import type { PaymentProvider } from '../modules/payments/provider.ts';

/** Configuration and the database: what a job (the outbox worker) needs. */
export interface CoreContext {
  config: Config;
  db: Db;
  dbKind: Database['kind'];
  /** What the background jobs of this app instance did (lib/job-runs.ts); absent where no app runs them (a command). */
  jobs?: JobRuns;
}

/** What every module receives: configuration, the database and the payment provider. */
export interface AppContext extends CoreContext {
  /** "Now" and today's date in the business time zone; tests move it (lib/clock.ts). */
  clock: Clock;
  /** Razorpay or the offline provider (createPaymentProvider), built once per app; tests may pass their own. */
  payments: PaymentProvider;
  /** LISTEN on the database (the staff notifications' live stream); absent on a database without it. */
  listen?: Database['listen'];
  /** The embedded database's own dump (db/backup.ts); absent on PostgreSQL (pg_dump backs it up). */
  dumpDatabase?: Database['dump'];
  /**
   * The token a command on this machine sends to ask this server for a backup (db/server-access.ts); absent: no
   * command may (tests, PostgreSQL).
   */
  localToken?: string;
}
