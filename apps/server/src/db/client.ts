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
  close(): Promise<void>;
  /**
   * LISTENs on a channel (db/listen.ts): on PostgreSQL through a dedicated connection of its own (reconnected when
   * lost, `onReconnect` then tells the caller it may have missed notifications), on PGlite through its in-process
   * listener. A NOTIFY sent inside a transaction arrives when the transaction commits, and not at all on a rollback.
   */
  listen?(channel: string, onPayload: (payload: string) => void, opts?: ListenOptions): Promise<Listening>;
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // Without a listener a broken idle connection would crash the process.
    pool.on('error', (err) => opts.onIdleError?.(safeError(err)));
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      listen: (channel, onPayload, o) => listenPostgres(opts.databaseUrl!, channel, onPayload, o),
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
    // exposed for tests that dump a migrated template
    ...({ client } as object),
  };
}
