/**
 * The real server as a child process (`src/main.ts`, as `npm start` runs it), on a database of its own: a new
 * PostgreSQL database, or a new embedded (PGlite) data directory. Used by the crash test (killed with SIGKILL and
 * started again on the same database) and the several-instances check (two of them on one PostgreSQL database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { setUpDatabase } from '../../src/db/index.ts';

export const serverDir = fileURLToPath(new URL('../..', import.meta.url));
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type DbKind = 'pg' | 'pglite';

/** Where a server's data lives, and how the checks open it (for PGlite only while no server runs on it). */
export interface Store {
  kind: DbKind;
  /** The server's environment for it (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  /** A human description (database name or directory). */
  where: string;
  open(): Promise<Database>;
  /** Drops the database or removes the directory (`keep`: leaves it, e.g. to look at after a failure). */
  dispose(keep?: boolean): Promise<void>;
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * Migrated copies to start from instead of an empty database (the vitest run's templates, test/global-setup.ts):
 * a PostgreSQL template database, or a PGlite dump (a tar file) unpacked into the new data directory. A new PGlite
 * data directory otherwise runs initdb, which takes tens of seconds on a loaded machine.
 */
export interface StoreTemplates {
  pg?: string;
  pglite?: string;
}

/** A new store: a PostgreSQL database `pawdesk_<tag>_<random>` beside `pgUrl`'s, or a data directory. */
export async function newStore(
  kind: DbKind,
  tag: string,
  templates: StoreTemplates = {},
  pgUrl = process.env.DATABASE_URL || DEFAULT_PG_URL,
): Promise<Store> {
  if (kind === 'pg') {
    const name = `pawdesk_${tag}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${templates.pg ? ` TEMPLATE ${templates.pg}` : ''}`);
    await admin.end();
    const url = withDb(pgUrl, name);
    return {
      kind,
      env: { DATABASE_URL: url, DATA_DIR: path.join(tmpdir(), `pawdesk-${name}`) },
      where: `PostgreSQL database ${name}`,
      open: () => openDatabase({ databaseUrl: url, poolSize: 2 }),
      async dispose(keep) {
        if (keep) return;
        const a = new pg.Client({ connectionString: pgUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await a.end();
        await rm(path.join(tmpdir(), `pawdesk-${name}`), { recursive: true, force: true });
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), `pawdesk-${tag}-`));
  if (templates.pglite) {
    const pgDir = path.join(dir, 'pg');
    await mkdir(pgDir, { recursive: true });
    const client = await PGlite.create({
      dataDir: pgDir,
      extensions: { pg_trgm },
      loadDataDir: new Blob([await readFile(templates.pglite)]),
    });
    await client.close();
  }
  return {
    kind,
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    where: `PGlite data directory ${dir}`,
    open: () => openDatabase({ dataDir: dir, lock: { holder: 'the crash test' } }),
    async dispose(keep) {
      if (!keep) await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Migrates the store and adds the demo data as the server's first start would (in this process, before any server
 * runs on it), then runs `then` on it: the checks' snapshot of what existed before the load.
 */
export async function prepareStore<T>(store: Store, then: (d: Database) => Promise<T>): Promise<T> {
  const d = await store.open();
  try {
    const config = loadConfig({ ...SERVER_ENV, ...store.env, PORT: '0' });
    await setUpDatabase(d, config);
    return await then(d);
  } finally {
    await d.close();
  }
}

/** The environment every server of these tests runs with (and the preparation above reads). */
const SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  TEST_CLOCK: 'true',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // The demo GSTIN: every sale issues GST documents (the series checked for gaps).
  BUSINESS_GSTIN: '06AABCP1234C1Z5',
  LOGIN_RATE_LIMIT: '1000',
  WEB_DIST: path.join(tmpdir(), 'pawdesk-no-web'),
};

export interface ServerOptions {
  port: number;
  store: Store;
  /** More environment (e.g. the Razorpay stand-in's keys). */
  env?: Record<string, string>;
  /** A name for the log lines. */
  name?: string;
}

/** A running server: its process, its output so far, and how to stop it. */
export interface RunningServer {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code or signal. */
  exited: Promise<string>;
  /** SIGKILL: no shutdown, nothing flushed. */
  kill(): Promise<string>;
  /** SIGTERM: the ordinary shutdown. */
  stop(): Promise<string>;
}

/** A JWT secret shared by the starts of one run, so tokens stay valid across a restart (as in production). */
export const RUN_SECRET = randomBytes(32).toString('hex');

/**
 * Starts `src/main.ts` on the store and waits until /api/health answers (up to `timeoutMs`: a start on a loaded
 * machine, transpiling the server and opening PGlite, has taken 90 s here).
 */
export async function startServer(o: ServerOptions, timeoutMs = 600_000): Promise<RunningServer> {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(o.port),
      JWT_SECRET: RUN_SECRET,
      ...o.store.env,
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out += String(d);
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
  });
  const url = `http://127.0.0.1:${o.port}`;
  const server: RunningServer = {
    child,
    url,
    output: () => out,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(
        `${o.name ?? 'the server'} did not answer within ${timeoutMs / 1000} s (still starting):\n${out.slice(-4000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${o.name ?? 'the server'} exited while starting (${await exited}):\n${out.slice(-6000)}`);
}

/** A free TCP port on the loopback (bound and released: a server started right after can take it). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
