import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { IMPORT_ADMIN, IMPORT_DATA_DIR, IMPORT_PORT } from './tests/import-server';
import { dataDirFor, E2E_PORT, E2E_WORKERS, serverEnv } from './tests/servers';

const port = E2E_PORT;

/**
 * Debian's old headless shell (package chromium-headless-shell) when it is installed: the same Blink as the browser
 * without its window machinery; the suite's Chromium processes took 25 CPU-seconds for the New Visit spec against 53
 * with the full browser in its headless mode (docs/decisions.md). `CHROMIUM_PATH` chooses another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Browser tests in Debian's headless Chromium against the built app on a
 * fresh embedded database (demo data seeded). Screenshots on failure.
 * The import screen's spec (project `import`) has a server of its own on an
 * empty database with only an admin account (tests/import-server.ts). `E2E_WORKERS=N` runs N workers, each with a
 * demo server of its own (tests/servers.ts, tests/fixtures.ts).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker per demo server: E2E_WORKERS (default 1) workers, each further one with a server of its own.
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /import\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'import',
      testMatch: /import\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${IMPORT_PORT}` },
    },
  ],
  webServer: [
    {
      command:
        `rm -rf ${dataDirFor(port)} && node --import tsx tests/fresh-database.ts ${port} && ` +
        'node --import tsx ../apps/server/src/main.ts',
      cwd: '.',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 300_000, // a fresh demo server on two loaded cores took 3.6 min to start
      reuseExistingServer: false,
      env: serverEnv(port),
    },
    {
      // No demo data; one admin, made before the server starts (the command takes the data directory's lock and
      // releases it when it ends).
      command:
        `rm -rf ${IMPORT_DATA_DIR} && node --import tsx ../apps/server/src/cli/user-create.ts --role staff --admin ` +
        `--email ${IMPORT_ADMIN.email} --password ${IMPORT_ADMIN.password} --name "${IMPORT_ADMIN.name}" && ` +
        'node --import tsx ../apps/server/src/main.ts',
      cwd: '.',
      url: `http://127.0.0.1:${IMPORT_PORT}/api/health`,
      timeout: 300_000, // a fresh demo server on two loaded cores took 3.6 min to start
      reuseExistingServer: false,
      env: {
        PORT: String(IMPORT_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: IMPORT_DATA_DIR,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    },
  ],
});
