import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const WEB_TESTS = 'apps/web/src/**/*.test.{ts,tsx}';
/**
 * The web tests run without isolation (a worker's files share Mantine, MSW and Testing Library: four times faster on
 * two cores), except the files that replace a module with `vi.mock`: a module another file already loaded would keep
 * the real one, so those run isolated, in the project `web-isolated` (`--project 'web*'` runs both).
 */
const WEB_SRC = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
// (The mutation testing sandbox has no web app: no files.)
const webMocking = (existsSync(WEB_SRC) ? readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' }) : [])
  .filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(`${WEB_SRC}${f}`, 'utf8').includes('vi.mock('))
  .map((f) => `apps/web/src/${f}`);
const web = {
  environment: 'happy-dom' as const,
  setupFiles: ['apps/web/src/test/setup.ts'],
  // The accessibility stylesheet is read as text by its test (a11y.test.ts); other CSS stays empty in tests.
  css: { include: [/app\/a11y\.css/] },
  // Form tests type and click through user-event: on two loaded cores one can take several seconds.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Timeouts catch a test that hangs, not a slow one: beside the other CI lanes (a load of 15 on two cores)
          // a race test's 20 rounds or a fresh embedded database took over a minute.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // A worker's test files share loaded modules (each file still builds its own app and database): the PGlite
          // suite ran in 10 minutes instead of 25, the PostgreSQL one in 6 instead of 26. Module-level registries
          // (checkout fulfillers, event listeners) are filled once at load; a test's stand-in gives back what it
          // replaced (docs/decisions.md, "CI within 30 minutes").
          isolate: false,
          env: { TZ: 'UTC' },
        },
      },
      { test: { name: 'web', include: [WEB_TESTS], exclude: webMocking, isolate: false, ...web } },
      { test: { name: 'web-isolated', include: webMocking, ...web } },
    ],
  },
});
