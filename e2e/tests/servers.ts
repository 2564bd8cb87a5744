import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser tests' app servers. The first worker uses the server Playwright's `webServer` starts (config); with
 * `E2E_WORKERS` > 1 every further worker of the `chromium` project starts a server of its own on its own port and
 * data directory (tests/fixtures.ts), so workers never share demo data, the test clock or login limits.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3910);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
export const dataDirFor = (port: number) =>
  port === E2E_PORT && process.env.E2E_DATA_DIR ? process.env.E2E_DATA_DIR : `/tmp/pawdesk-e2e-${port}`;

/**
 * `E2E_DATABASE_URL` (a PostgreSQL server, e.g. `postgres://postgres@127.0.0.1:5432/postgres`) puts each demo server
 * on a fresh database of its own there, `pawdesk_e2e_<port>`, instead of the embedded one: the embedded database runs
 * inside the server's process, in WebAssembly, and on two cores that beside the API suites was most of a browser
 * test's wait (docs/decisions.md). Unset: the embedded database, as the app starts out of the box.
 */
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL || undefined;

/** The database of the demo server on `port` when the servers run on PostgreSQL. */
export function databaseUrlFor(port: number): string | undefined {
  if (!E2E_DATABASE_URL) return undefined;
  const url = new URL(E2E_DATABASE_URL);
  url.pathname = `/pawdesk_e2e_${port}`;
  return url.toString();
}

/** Drops and creates the demo server's database (PostgreSQL only), so that every run starts from the demo data. */
export async function freshDatabase(port: number): Promise<void> {
  if (!E2E_DATABASE_URL) return;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS pawdesk_e2e_${port} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE pawdesk_e2e_${port}`);
  } finally {
    await admin.end();
  }
}

/** The environment of a demo server for the browser tests. */
export function serverEnv(port: number): Record<string, string> {
  const databaseUrl = databaseUrlFor(port);
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDirFor(port),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    TEST_CLOCK: 'true',
    // A business GSTIN (Haryana, valid check character): every sale issues its GST documents (issue 17).
    BUSINESS_GSTIN: '06AAACP1234C1Z5',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  };
}

/** The port of a further worker's server: clear of the main server and the import server (E2E_PORT + 1). */
export const workerPort = (parallelIndex: number) => E2E_PORT + 10 + parallelIndex;

const E2E_DIR = path.resolve(import.meta.dirname, '..');

/** Starts a fresh demo server and resolves once its health check answers; `stop` kills it. */
export async function startServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  rmSync(dataDirFor(port), { recursive: true, force: true });
  await freshDatabase(port);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '../apps/server/src/main.ts'], {
    cwd: E2E_DIR,
    env: { ...process.env, ...serverEnv(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const until = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server on port ${port} exited with ${child.exitCode}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the e2e server on port ${port} did not answer within 300 s`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
