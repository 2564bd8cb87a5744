/**
 * What this process's background jobs did (issue 22, monitoring): per job, how many runs and failures, when the last
 * run started and ended, how it ended, and when the last one succeeded. Kept in memory per app instance (each instance
 * runs its own daily jobs and outbox worker); `/api/health` reports the daily package charge from it and `/metrics`
 * exports all of it. Nothing here is written to the database.
 */
export interface JobState {
  /** Runs finished (successful or not). */
  runs: number;
  failures: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOutcome: 'ok' | 'failed' | null;
  lastSuccessAt: Date | null;
  lastDurationMs: number | null;
}

/** The ids of the jobs (metric labels; short and stable). */
export const JOB_IDS = {
  packageDays: 'package-days',
  outbox: 'outbox',
} as const;

export class JobRuns {
  readonly #jobs = new Map<string, JobState>();

  /** Runs `fn` as a run of the job, recording its outcome; the result or error passes through unchanged. */
  async run<T>(job: string, fn: () => Promise<T>): Promise<T> {
    const s = this.#state(job);
    const started = new Date();
    s.lastStartedAt = started;
    try {
      const out = await fn();
      this.#finish(s, started, true);
      return out;
    } catch (err) {
      this.#finish(s, started, false);
      throw err;
    }
  }

  /** The state of one job (null before its first run). */
  get(job: string): Readonly<JobState> | null {
    return this.#jobs.get(job) ?? null;
  }

  /** Every job that has run, by id. */
  all(): ReadonlyMap<string, Readonly<JobState>> {
    return this.#jobs;
  }

  #state(job: string): JobState {
    let s = this.#jobs.get(job);
    if (!s) {
      s = {
        runs: 0,
        failures: 0,
        lastStartedAt: null,
        lastFinishedAt: null,
        lastOutcome: null,
        lastSuccessAt: null,
        lastDurationMs: null,
      };
      this.#jobs.set(job, s);
    }
    return s;
  }

  #finish(s: JobState, started: Date, ok: boolean) {
    const now = new Date();
    s.runs++;
    if (!ok) s.failures++;
    s.lastFinishedAt = now;
    s.lastOutcome = ok ? 'ok' : 'failed';
    if (ok) s.lastSuccessAt = now;
    s.lastDurationMs = now.getTime() - started.getTime();
  }
}
