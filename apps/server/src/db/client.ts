import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type SafeError, safeError } from '../lib/log-safe.ts';
import { type LockOptions, lockDataDir } from './data-dir-lock.ts';
import { dumpPglite } from './backup.ts';
import { listenPostgres } from './listen.ts';

/**
 * The client is built without the schema, so it has no relational `db.query.<table>`: a module reaches only the
 * tables its repos import (docs/architecture.md, "Module boundaries"), never every table through the client.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` alone among every process on this database: on PostgreSQL while holding an advisory lock (instances
   * starting at once prepare the database one after the other: migrations, reference and demo data), on PGlite at
   * once (one process per data directory: db/data-dir-lock.ts). `fn` uses the pool as usual (one more connection).
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTENs on a channel (db/listen.ts): on PostgreSQL through a dedicated connection of its own (reconnected when
   * lost, `onReconnect` then tells the caller it may have missed notifications), on PGlite through its in-process
   * listener. A NOTIFY sent inside a transaction arrives when the transaction commits, and not at all on a rollback.
   */
  listen?(channel: string, onPayload: (payload: string) => void, opts?: ListenOptions): Promise<Listening>;
  /** The connection pool now (for /metrics): PostgreSQL's pool; the embedded database is one connection. */
  poolStats?(): PoolStats;
  /**
   * The embedded database only: a consistent gzipped tarball of its data directory, taken by PGlite itself
   * (`dumpDataDir`) between transactions, while the database keeps serving (db/backup.ts).
   */
  dump?(): Promise<Blob>;
}

export interface PoolStats {
  /** Connections open. */
  total: number;
  /** The pool's limit. */
  max: number;
  /** Open connections not in use (PostgreSQL only). */
  idle?: number;
  /** Queries waiting for a connection (PostgreSQL only). */
  waiting?: number;
}

export interface ListenOptions {
  /** The connection was lost and is back: notifications sent meanwhile were missed. */
  onReconnect?: () => void;
  onError?: (err: SafeError) => void;
}

export interface Listening {
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL advisory lock keys (database-wide, per session): the migrator's, and the start's preparation of the
 * database (migrate, reference data, demo data), so instances starting at once do not run them side by side (the
 * second would fail on `CREATE EXTENSION` or a table the first is creating, and both would add the demo data).
 */
export const MIGRATE_LOCK_KEY = 7_265_726_501;
export const SETUP_LOCK_KEY = 7_265_726_502;

/** Runs `fn` on a connection of the pool that holds the advisory lock `key` (waiting for it), then lets it go. */
async function holdingLock<T>(pool: pg.Pool, key: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {
        // A connection that cannot unlock is dropped (closing the session releases its locks).
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An in-memory PGlite restored from a dump (tests). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /**
   * An idle PostgreSQL connection broke (server restart, network): the pool drops it and opens a new one on demand.
   * The error comes without values (lib/log-safe.ts), ready to log.
   */
  onIdleError?: (err: SafeError) => void;
  /**
   * Who opens an embedded data directory, for its lock (db/data-dir-lock.ts): 'server', or the command. The lock is
   * taken before PGlite opens the directory (DataDirBusy while another live process holds it) and removed on close.
   */
  lock?: LockOptions;
}

export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const max = opts.poolSize ?? 10;
    // JIT compilation off: the app's statements are short, and at 1,000,000 visits a report query costed above the
    // JIT threshold spent 27 ms of its 397 compiling (performance.md). An `options` in the URL still wins.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max, options: '-c jit=off' });
    // Without a listener a broken idle connection would crash the process.
    pool.on('error', (err) => opts.onIdleError?.(safeError(err)));
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // The migrations run on the connection holding the lock: a second migrator waits, then finds nothing to do.
      migrate: () =>
        holdingLock(pool, MIGRATE_LOCK_KEY, (client) => migratePg(drizzlePg({ client }) as never, { migrationsFolder })),
      exclusively: (fn) => holdingLock(pool, SETUP_LOCK_KEY, () => fn()),
      close: () => pool.end(),
      listen: (channel, onPayload, o) => listenPostgres(opts.databaseUrl!, channel, onPayload, o),
      poolStats: () => ({ total: pool.totalCount, max, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let dir: string | undefined;
  const lock = opts.dataDir && !opts.loadDataDir ? lockDataDir(opts.dataDir, opts.lock) : undefined;
  if (opts.dataDir && !opts.loadDataDir) {
    dir = path.join(opts.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    exclusively: (fn) => fn(),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return { close: () => unlisten() };
    },
    poolStats: () => ({ total: client.closed ? 0 : 1, max: 1 }),
    dump: () => dumpPglite(client),
    // exposed for tests that dump a migrated template
    ...({ client } as object),
  };
}
