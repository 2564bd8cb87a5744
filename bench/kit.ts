/** What the benchmarks share: running a load generator in a worker thread, and finding PostgreSQL. */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export const CONNECTIONS = 10;
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

/**
 * Runs `worker` (the script of an autocannon run, as a string) in a worker thread with `job` as its data, so the
 * load generator does not share the server's event loop; resolves with what the worker posts back.
 */
export function runLoad<Job extends object, Result>(worker: string, job: Job): Promise<Result> {
  const autocannon = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const w = new Worker(worker, { eval: true, workerData: { ...job, autocannon, connections: CONNECTIONS } });
    w.once('message', (m: Result & { failed?: string }) => {
      if (m.failed) reject(new Error(`load generator failed: ${m.failed}`));
      else resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** Is PostgreSQL at PG_URL reachable (within 2 s)? */
export async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: `${PG_URL}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh database for a benchmark: on PostgreSQL the database `name` (dropped and created again; `reuse` keeps what
 * is there), on PGlite a file-backed data directory (`dataDir`, as the app runs it) or, without one, in memory.
 * `drop` removes the PostgreSQL database (call it after `database.close()`).
 */
export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  o: { name: string; dataDir?: string; reuse?: boolean; poolSize?: number },
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  if (kind === 'pglite') return { database: await openDatabase(o.dataDir ? { dataDir: o.dataDir } : {}), drop: async () => {} };
  if (!o.reuse) {
    await admin(`drop database if exists ${o.name} with (force)`);
    await admin(`create database ${o.name}`);
  }
  const database = await openDatabase({
    databaseUrl: `${PG_URL}/${o.name}`,
    poolSize: o.poolSize ?? Number(process.env.BENCH_POOL ?? 10),
  });
  return { database, drop: () => admin(`drop database if exists ${o.name} with (force)`) };
}
