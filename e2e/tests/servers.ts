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

/** The environment of a demo server for the browser tests. */
export function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDirFor(port),
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
